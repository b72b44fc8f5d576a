/**
 * One attempt on the time axis: its label (◆ when on the critical path), the bar — queued,
 * then running in its outcome's colour, with the waits for a person striped over it — and
 * its outcome and duration in words.
 */
import { memo } from 'react';

import { formatDuration } from '@/lib/format-duration';

import { OUTCOME_BAR, OUTCOME_TEXT, QUEUED_BAR, WAIT_BAR } from '@/features/durations/attempt-style';
import type { DurationRow } from '@/features/durations/duration-model';

type Props = Readonly<{
  id: string;
  row: DurationRow;
  startMs: number;
  spanMs: number;
  /** Tick offsets (ms from start): faint lines drawn in each row's track, behind the bar. */
  ticks: readonly { offsetMs: number }[];
  nowMs: number;
  selected: boolean;
  active: boolean;
  index: number;
  onSelect: (nodeId: string, index: number) => void;
}>;

/** Bars narrower than this still show (a skip, a 1 ms step). */
const MIN_WIDTH_PCT = 0.4;

export const DurationRowView = memo(function DurationRowView({ id, row, startMs, spanMs, ticks, nowMs, selected, active, index, onSelect }: Props) {
  const { attempt } = row;
  const end = attempt.endedAtMs ?? nowMs;
  const pct = (ms: number) => ((ms - startMs) / spanMs) * 100;
  const ran = end - attempt.startedAtMs;
  const waited = attempt.waits.reduce((sum, w) => sum + ((w.toMs ?? end) - w.fromMs), 0);
  const queued = row.queuedFromMs !== undefined ? attempt.startedAtMs - row.queuedFromMs : 0;
  const name = `${row.label}${attempt.attempt > 1 ? ` · attempt ${attempt.attempt}` : ''}`;
  const notRun = attempt.outcome === 'not_run';
  // A node that never ran has no duration: its words say so, with the backend's reason.
  const words = notRun ? [OUTCOME_TEXT.not_run, ...(row.notRunReason ? [row.notRunReason] : [])] : [row.verdict ?? OUTCOME_TEXT[attempt.outcome], formatDuration(ran)];
  const detail = [
    queued > 0 ? `queued ${formatDuration(queued)}` : '',
    waited > 0 ? `waited for a person ${formatDuration(waited)}` : '',
    row.critical ? 'on the critical path' : '',
  ].filter(Boolean);
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      data-node={attempt.nodeId}
      data-outcome={attempt.outcome}
      data-verdict={row.verdict}
      data-critical={row.critical || undefined}
      onClick={() => onSelect(attempt.nodeId, index)}
      className={`flex h-full cursor-pointer items-center gap-2 px-2 text-xs ${selected ? 'bg-sky-100 dark:bg-sky-900/60' : 'hover:bg-slate-100 dark:hover:bg-slate-800'} ${active ? 'outline-2 -outline-offset-2 outline-sky-600' : ''}`}
    >
      <span className="flex w-52 shrink-0 items-center gap-1 truncate" title={name}>
        <span aria-hidden className={`w-3 shrink-0 text-fuchsia-700 dark:text-fuchsia-300 ${row.critical ? '' : 'invisible'}`}>◆</span>
        <span className="truncate">{name}</span>
      </span>
      <AttemptTrack row={row} pct={pct} end={end} ticks={ticks} spanMs={spanMs} />
      <span className={`shrink-0 truncate text-right tabular-nums ${notRun ? 'max-w-[60%] min-w-36 text-slate-500 italic dark:text-slate-400' : 'w-36 text-slate-700 dark:text-slate-200'}`} title={words.join(' · ')}>
        {words.join(' · ')}
        {detail.length > 0 && <span className="sr-only">, {detail.join(', ')}</span>}
      </span>
    </div>
  );
});

type TrackProps = Readonly<{ row: DurationRow; pct: (ms: number) => number; end: number; ticks: readonly { offsetMs: number }[]; spanMs: number }>;

/** The time axis of one row: tick lines, then the queued span, the run in its outcome's colour, the waits striped over it. */
function AttemptTrack({ row, pct, end, ticks, spanMs }: TrackProps) {
  const { attempt } = row;
  const width = (from: number, to: number) => `${Math.max(MIN_WIDTH_PCT, pct(to) - pct(from))}%`;
  return (
    <span aria-hidden className="relative h-full min-w-0 flex-1">
      {/* A row that never ran is wider in words and has nothing on the axis: no tick lines to misalign. */}
      {attempt.outcome !== 'not_run' && ticks.map((tick) => (
        <span key={tick.offsetMs} className="absolute inset-y-0 w-px bg-slate-100 dark:bg-slate-800" style={{ left: `${(tick.offsetMs / spanMs) * 100}%` }} />
      ))}
      <span className="absolute inset-x-0 top-1.5 h-3.5">
        {attempt.outcome !== 'not_run' && row.queuedFromMs !== undefined && (
          <span className={`absolute inset-y-0.5 rounded-l-sm ${QUEUED_BAR}`} style={{ left: `${pct(row.queuedFromMs)}%`, width: `${pct(attempt.startedAtMs) - pct(row.queuedFromMs)}%` }} />
        )}
        {attempt.outcome !== 'not_run' && <span
          className={`absolute inset-y-0 rounded-sm ${OUTCOME_BAR[row.turnedDown ? 'cancelled' : attempt.outcome]} ${row.critical ? 'ring-2 ring-fuchsia-600 dark:ring-fuchsia-400' : ''} ${attempt.endedAtMs === undefined ? 'animate-pulse motion-reduce:animate-none' : ''}`}
          style={{ left: `${pct(attempt.startedAtMs)}%`, width: width(attempt.startedAtMs, end) }}
        />}
        {attempt.waits.map((wait) => (
          <span key={wait.fromMs} className={`absolute inset-y-0 ${WAIT_BAR}`} style={{ left: `${pct(wait.fromMs)}%`, width: width(wait.fromMs, wait.toMs ?? end) }} />
        ))}
      </span>
    </span>
  );
}
