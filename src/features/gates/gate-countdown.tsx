import { useEffect, useState } from 'react';

import { formatDuration } from '@/lib/format-duration';

import { timeoutOutcome } from '@/features/gates/gate-text';

/** Time left before the gate's deadline, and what the backend does then. */
export function GateCountdown({ deadlineAtMs, onTimeout }: { deadlineAtMs: number; onTimeout?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = deadlineAtMs - now;
  const outcome = timeoutOutcome(onTimeout);
  if (left <= 0) {
    return (
      <p role="alert" className="rounded-md bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
        Time is up: {outcome}. Waiting for the stream to confirm.
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      <span aria-hidden>◷ </span>
      <span className="font-semibold tabular-nums">{formatDuration(left)}</span> left — on timeout, {outcome}.
    </p>
  );
}
