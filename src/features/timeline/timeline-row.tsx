/**
 * One event row: time, type, node, one-line summary; a button selects it, "raw" opens its
 * frame. Only the list's one Tab stop is tabbable (`tabbable`); the raw button is reached
 * with → from the row (use-list-keyboard.ts).
 */
import { memo } from 'react';

import { ReceivedMark } from '@/components/ui/received-mark';
import type { LogRow } from '@/stores/event-log';
import { useDeciderOf } from '@/stores/reviewer-store';

import { formatRowTime } from '@/features/timeline/format-row-time';
import { rowTone, TONE_BADGE, TONE_CLASS } from '@/features/timeline/row-tone';
import { summarizeEvent } from '@/features/timeline/summarize-event';

export type TimelineRowProps = Readonly<{
  row: number;
  entry: LogRow;
  baseMs: number | undefined;
  selected: boolean;
  nodeSelected: boolean;
  rawOpen: boolean;
  /** The list's one Tab stop. */
  tabbable: boolean;
  onSelect: (row: number) => void;
  onToggleRaw: (row: number) => void;
}>;

export const TimelineRow = memo(function TimelineRow(props: TimelineRowProps) {
  const { row, entry, baseMs, selected, nodeSelected, rawOpen, tabbable, onSelect, onToggleRaw } = props;
  const event = entry.event;
  const deciderOf = useDeciderOf();
  const decider = event.type === 'gate.resolved' ? deciderOf(event) : undefined;
  const tone = rowTone(event);
  const badge = TONE_BADGE[tone];
  const nodeId = 'nodeId' in event ? event.nodeId : undefined;
  const highlight = selected
    ? 'bg-sky-100 ring-1 ring-inset ring-sky-500 dark:bg-sky-900/60'
    : nodeSelected
      ? 'bg-sky-50 dark:bg-sky-950/50'
      : TONE_CLASS[tone];
  return (
    <div data-row={row} data-tone={tone} className={`flex h-full items-center gap-1 border-b border-zinc-100 text-xs dark:border-zinc-800 ${highlight}`}>
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        tabIndex={tabbable ? 0 : -1}
        data-item-main
        onClick={() => onSelect(row)}
        className="flex h-full min-w-0 flex-1 items-center gap-2 px-2 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600"
      >
        <span className="flex w-32 shrink-0 items-center">
          <time className="font-mono tabular-nums text-zinc-500 dark:text-zinc-400" title={wallClock(event)}>
            {formatRowTime(event.atMs, baseMs)}
          </time>
          {event.receivedTime && <ReceivedMark compact />}
        </span>
        <span className="w-28 shrink-0 truncate font-mono">{event.type}</span>
        <span className="w-24 shrink-0 truncate text-zinc-600 dark:text-zinc-300">{nodeId ?? '—'}</span>
        {badge && (
          <span className="shrink-0 font-semibold">
            <span aria-hidden="true">{badge.icon}</span> {badge.text}
          </span>
        )}
        <span className="min-w-0 flex-1 truncate">{summarizeEvent(event, decider)}</span>
        {entry.merged > 1 && <span className="shrink-0 text-zinc-600 dark:text-zinc-400">×{entry.merged}</span>}
        {nodeSelected && !selected && <span className="sr-only">(selected node)</span>}
      </button>
      <button
        type="button"
        aria-expanded={rawOpen}
        aria-controls="timeline-raw-frame"
        aria-label={`Raw frame of row ${row}`}
        tabIndex={-1}
        data-item-secondary
        onClick={() => onToggleRaw(row)}
        className="mr-1 shrink-0 rounded px-1 font-mono focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600 text-zinc-600 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-700"
      >
        raw
      </button>
    </div>
  );
});

function wallClock({ atMs, receivedTime }: LogRow['event']): string | undefined {
  if (atMs === undefined) return undefined;
  return receivedTime ? `${new Date(atMs).toISOString()} (received by Runboard; the producer sent no time)` : new Date(atMs).toISOString();
}
