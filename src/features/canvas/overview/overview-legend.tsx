/**
 * The overview's legend: each status present as its mark (shape and colour, the same
 * outline the canvas draws), its words and how many steps are in it. Counts come from the
 * canvas' own status sync (overview-statuses.ts), brought up to date in the frame the
 * marks are drawn, so legend and marks agree; it re-renders only when a count changes.
 */
import { Panel } from '@xyflow/react';
import { useCallback, useSyncExternalStore } from 'react';

import { NODE_STATUSES, type NodeStatus } from '@/protocol/run-event';

import { subscribeCounts, type StatusSync } from '@/features/canvas/overview/overview-statuses';
import { GLYPH_NAME, STATUS_GLYPH, glyphSvgPath } from '@/features/canvas/overview/status-glyphs';
import { STATUS_INK, STATUS_TEXT, SUMMARY_RANK, type Theme } from '@/features/canvas/status-style';

const BY_URGENCY = [...NODE_STATUSES].sort((a, b) => SUMMARY_RANK[a] - SUMMARY_RANK[b]);

type Props = Readonly<{ sync: StatusSync; theme: Theme }>;

/** Shown while zoomed out; zoomed in, every node says its status in words itself. */
export function OverviewLegend({ sync, theme }: Props) {
  const subscribe = useCallback((listener: () => void) => subscribeCounts(sync, listener), [sync]);
  const key = useSyncExternalStore(subscribe, () => sync.key);
  const counts = key.split(',').map(Number);
  const total = counts.reduce((a, b) => a + b, 0);
  const present = BY_URGENCY.filter((status) => (counts[NODE_STATUSES.indexOf(status)] ?? 0) > 0);
  return (
    <Panel position="top-right" className="!m-2">
      <section
        aria-label="Graph legend"
        data-testid="overview-legend"
        className="flex max-w-[min(44rem,calc(100vw-2rem))] flex-wrap items-center gap-x-3 gap-y-0.5 rounded-md border border-slate-300 bg-white/95 px-2 py-1 text-xs text-slate-700 shadow-sm dark:border-slate-700 dark:bg-slate-900/95 dark:text-slate-200"
      >
        <h3 className="font-semibold">{total.toLocaleString('en')} steps</h3>
        <ul className="contents">
          {present.map((status) => (
            <li key={status} className="flex items-center gap-1" data-status={status}>
              <Mark status={status} theme={theme} />
              <span>{STATUS_TEXT[status]}</span>
              <span className="sr-only">({GLYPH_NAME[status]})</span>
              <span className="tabular-nums font-medium">{(counts[NODE_STATUSES.indexOf(status)] ?? 0).toLocaleString('en')}</span>
            </li>
          ))}
        </ul>
        <p className="text-[11px] text-slate-500 dark:text-slate-400">click a mark for details · zoom in for the steps</p>
      </section>
    </Panel>
  );
}

function Mark({ status, theme }: { status: NodeStatus; theme: Theme }) {
  const glyph = STATUS_GLYPH[status];
  const ink = STATUS_INK[theme][status];
  return (
    <svg viewBox="-1.3 -1.3 2.6 2.6" width="12" height="12" aria-hidden="true">
      <path d={glyphSvgPath(glyph)} fill={glyph.hollow ? 'none' : ink} stroke={glyph.hollow ? ink : 'none'} strokeWidth={glyph.hollow ? 0.45 : 0} />
    </svg>
  );
}
