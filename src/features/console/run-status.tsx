/** A run's list status as words, an icon and a colour (never colour alone). */
import type { RunSummaryStatus } from '@/protocol/run-summary';

import { cn } from '@/lib/cn';

export const RUN_STATUS_TEXT: Record<RunSummaryStatus, string> = {
  queued: 'queued',
  running: 'running',
  waiting: 'waiting for a person',
  paused: 'paused',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
  unknown: 'unknown',
};

const ICON: Record<RunSummaryStatus, string> = {
  queued: '○',
  running: '▶',
  waiting: '◐',
  paused: '‖',
  succeeded: '✓',
  failed: '✕',
  cancelled: '⊘',
  unknown: '?',
};

const TONE: Record<RunSummaryStatus, string> = {
  queued: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  running: 'bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-700',
  waiting: 'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700',
  paused: 'bg-violet-50 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-700',
  succeeded: 'bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-700',
  failed: 'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-700',
  cancelled: 'bg-orange-50 text-orange-900 ring-orange-300 dark:bg-orange-950 dark:text-orange-100 dark:ring-orange-700',
  unknown: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
};

export function RunStatusText({ status, raw }: { status: RunSummaryStatus; raw?: string }) {
  return (
    <span
      data-status={status}
      title={raw ? `The backend says “${raw}”` : undefined}
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1', TONE[status])}
    >
      <span aria-hidden>{ICON[status]}</span>
      {RUN_STATUS_TEXT[status]}
    </span>
  );
}
