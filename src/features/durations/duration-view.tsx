/**
 * The duration view: one bar per node attempt on a time axis, the critical path marked,
 * a line at "now" while live (in a replay: at the player's position). Rows are
 * virtualised (fixed height), so thousands of attempts cost a few dozen DOM nodes.
 * Selection is the app shell's (`selectedNodeId` / `onSelectNode`), shared with the DAG
 * and the timeline: a click or the arrow keys select a node; selecting one elsewhere
 * scrolls its first attempt into view.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

import { formatDuration } from '@/lib/format-duration';

import { axisTicks } from '@/features/durations/axis-ticks';
import { DurationLegend } from '@/features/durations/duration-legend';
import { DurationRowView } from '@/features/durations/duration-row';
import { useDurationModel } from '@/features/durations/use-duration-model';

export const DURATION_ROW_HEIGHT = 26;

export type DurationViewProps = Readonly<{ selectedNodeId: string | undefined; onSelectNode: (nodeId: string) => void }>;

/** Left and right columns beside the track (label w-52, text w-36, gaps and padding): the axis and "now" line align with bars. */
const TRACK_INSET = { left: 'calc(0.5rem + 13rem + 0.5rem)', right: 'calc(9rem + 0.5rem + 0.5rem)' };

export function DurationView({ selectedNodeId, onSelectNode }: DurationViewProps) {
  const { model, nowMs, live, replay, axisEndMs } = useDurationModel();
  const rows = model.rows;
  const startMs = model.startMs;
  const spanMs = Math.max(1, axisEndMs - startMs);
  const ticks = useMemo(() => axisTicks(spanMs), [spanMs]);
  const listId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [focused, setFocused] = useState(false);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => DURATION_ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 800, height: 400 },
  });

  const firstOfSelected = useMemo(() => rows.findIndex((r) => r.attempt.nodeId === selectedNodeId), [rows, selectedNodeId]);
  useEffect(() => {
    if (firstOfSelected < 0) return;
    setActive(firstOfSelected);
    virtualizer.scrollToIndex(firstOfSelected, { align: 'auto' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the selection moves, not on every new row
  }, [selectedNodeId]);

  const move = (index: number) => {
    const next = Math.min(Math.max(0, index), rows.length - 1);
    const row = rows[next];
    if (!row) return;
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    onSelectNode(row.attempt.nodeId);
  };
  const select = useCallback(
    (nodeId: string, index: number) => {
      setActive(index);
      onSelectNode(nodeId);
    },
    [onSelectNode],
  );
  const onKeyDown = (event: KeyboardEvent) => {
    const step: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: rows.length - 1, PageDown: active + 10, PageUp: active - 10 };
    const target = step[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  };

  const took = formatDuration(model.endMs - startMs);
  // A node that never ran made no attempt: counted apart.
  const notRun = rows.filter((row) => row.attempt.outcome === 'not_run').length;
  const ran = rows.length - notRun;
  return (
    <section aria-label="Durations" className="flex h-full min-h-0 flex-col bg-white dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 px-3 py-1.5 dark:border-slate-800">
        <p className="text-xs font-medium">
          {ran === 0 && notRun === 0
            ? 'No node has started yet.'
            : `${ran} attempt${ran === 1 ? '' : 's'}${notRun > 0 ? ` · ${notRun} not run` : ''} · ${live ? 'running for' : 'took'} ${took} · critical path ${formatDuration(model.criticalMs)}`}
        </p>
        <DurationLegend now={live ? 'now' : replay ? 'player position' : undefined} />
      </div>
      <div aria-hidden className="relative h-5 shrink-0 border-b border-slate-200 text-[10px] text-slate-500 dark:border-slate-800 dark:text-slate-400">
        <div className="absolute inset-y-0" style={TRACK_INSET}>
          {ticks.map((tick) => (
            <span key={tick.offsetMs} className="absolute top-0.5 -translate-x-1/2 whitespace-nowrap" style={{ left: `${(tick.offsetMs / spanMs) * 100}%` }}>
              {tick.label}
            </span>
          ))}
        </div>
      </div>
      <div className="relative min-h-0 flex-1">
        <div
          ref={scrollRef}
          id={listId}
          role="listbox"
          tabIndex={0}
          aria-label="Node attempts on a time axis"
          aria-activedescendant={rows[active] ? `${listId}-${active}` : undefined}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          // Opaque, so Chromium scrolls it on the compositor: a transparent scroller is repainted
          // on every scroll, and beside a big canvas that repaint cost 100–300 ms a frame (bench 8).
          className="absolute inset-0 overflow-auto bg-white focus-visible:outline-2 focus-visible:outline-sky-600 dark:bg-slate-900"
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index];
              if (!row) return null;
              return (
                <div key={row.attempt.id} style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: v.size, transform: `translateY(${v.start}px)` }}>
                  <DurationRowView
                    id={`${listId}-${v.index}`}
                    row={row}
                    startMs={startMs}
                    spanMs={spanMs}
                    ticks={ticks}
                    nowMs={nowMs}
                    selected={row.attempt.nodeId === selectedNodeId}
                    active={focused && v.index === active}
                    onSelect={select}
                    index={v.index}
                  />
                </div>
              );
            })}
          </div>
        </div>
        {(live || replay) && <NowLine pct={((nowMs - startMs) / spanMs) * 100} />}
      </div>
    </section>
  );
}

/** The "now" line (the player's position in a replay), above the bars. */
function NowLine({ pct }: { pct: number }) {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-y-0" style={TRACK_INSET}>
      <span data-now-line className="absolute inset-y-0 w-0.5 bg-rose-600" style={{ left: `${Math.min(100, Math.max(0, pct))}%` }} />
    </div>
  );
}
