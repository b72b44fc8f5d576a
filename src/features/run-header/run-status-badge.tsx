import type { RunStatus } from '@/protocol/run-event';

import { cn } from '@/lib/cn';

const STATUS_TEXT: Record<RunStatus, string> = {
  pending: 'pending',
  running: 'in progress',
  paused: 'paused',
  waiting: 'waiting for a human',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
};

const STATUS_ICON: Record<RunStatus, string> = {
  pending: '○',
  running: '▶',
  paused: '‖',
  waiting: '◐',
  succeeded: '✓',
  failed: '✕',
  cancelled: '⊘',
};

const STATUS_CLASS: Record<RunStatus, string> = {
  pending: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  running: 'bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-700',
  paused: 'bg-violet-50 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-700',
  waiting: 'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700',
  succeeded: 'bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-700',
  failed: 'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-700',
  cancelled: 'bg-orange-50 text-orange-900 ring-orange-300 dark:bg-orange-950 dark:text-orange-100 dark:ring-orange-700',
};

const TURNED_DOWN_CLASS = 'bg-slate-100 text-slate-800 ring-slate-400 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-500';

/**
 * The run's status as text + icon + colour (never colour alone). `turnedDown`: a gate
 * rejected the work (or timed out into a rejection); a run the backend then calls
 * "succeeded" did not do what it asked about, so it reads "Run ended — gate rejected".
 */
export function RunStatusBadge({ status, turnedDown, blindSpot }: { status: RunStatus; turnedDown?: 'rejected' | 'timed out' | undefined; blindSpot?: string | undefined }) {
  const ended = status === 'succeeded' && turnedDown !== undefined;
  // A watch that cannot see approvals cannot tell "in progress" from "waiting for a person": it says both.
  const unsure = status === 'running' && blindSpot !== undefined;
  return (
    <span
      data-run-status={status}
      {...(unsure ? { title: blindSpot } : {})}
      className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1', ended ? TURNED_DOWN_CLASS : STATUS_CLASS[status])}
    >
      <span aria-hidden>{ended ? '⊘' : STATUS_ICON[status]}</span>
      {ended ? `Run ended — gate ${turnedDown}` : unsure ? 'Run in progress or waiting for a person' : `Run ${STATUS_TEXT[status]}`}
      {unsure && <span className="sr-only"> ({blindSpot})</span>}
    </span>
  );
}
