/** Every attempt outcome as words and a bar colour (the words are always shown: never colour alone). */
import type { AttemptOutcome } from '@/stores';

export const OUTCOME_TEXT: Record<AttemptOutcome, string> = {
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  retried: 'failed, retried',
  not_run: 'not run',
  cancelled: 'cancelled',
  unfinished: 'no end reported',
};

export const OUTCOME_BAR: Record<AttemptOutcome, string> = {
  running: 'bg-sky-500 dark:bg-sky-400',
  succeeded: 'bg-emerald-600 dark:bg-emerald-500',
  failed: 'bg-red-600 dark:bg-red-500',
  retried: 'bg-orange-500 dark:bg-orange-400',
  // Never drawn: a node that never ran has no bar, only its words.
  not_run: '',
  cancelled: 'bg-orange-700 dark:bg-orange-600',
  unfinished: 'bg-slate-500 dark:bg-slate-400',
};

export const QUEUED_BAR = 'bg-slate-300/70 dark:bg-slate-600/70';
/** Diagonal stripes: "waiting for a person" reads as a pattern, not only a colour. */
export const WAIT_BAR = 'bg-amber-400 bg-[repeating-linear-gradient(45deg,transparent_0_3px,rgba(0,0,0,0.22)_3px_6px)] dark:bg-amber-300';
