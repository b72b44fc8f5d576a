import { useEffect, useState } from 'react';

import { formatDuration } from '@/lib/format-duration';

import { timeoutOutcome } from '@/features/gates/gate-text';

type Props = Readonly<{
  deadlineAtMs: number;
  onTimeout?: string;
  /** The deadline is the backend's code, not the frame's word (myagent): "about", and no "time is up". */
  estimated?: boolean;
}>;

/** Time left before the gate's deadline, and what the backend does then. */
export function GateCountdown({ deadlineAtMs, onTimeout, estimated = false }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = deadlineAtMs - now;
  const outcome = timeoutOutcome(onTimeout);
  if (left <= 0) return <DeadlinePassed outcome={outcome} estimated={estimated} />;
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      <span aria-hidden>◷ </span>
      {estimated && 'About '}
      <span className="font-semibold tabular-nums">{formatDuration(left)}</span> left — on timeout, {outcome}.
      {estimated && <span className="block text-xs">The request states no deadline: this is the wait set in the server&apos;s code, counted on this browser&apos;s clock.</span>}
    </p>
  );
}

/**
 * A stated deadline has passed: the backend acts and its stream will say so. An estimated
 * one may not have passed on the server's clock yet, so it never says "time is up"; it says
 * what the server does at the end of its wait.
 */
function DeadlinePassed({ outcome, estimated }: { outcome: string; estimated: boolean }) {
  const text = estimated
    ? `The server's wait has most likely ended (by this browser's clock): ${outcome}. An answer sent now will probably be ignored.`
    : `Time is up: ${outcome}. Waiting for the stream to confirm.`;
  return (
    <p role="alert" className="rounded-md bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
      {text}
    </p>
  );
}
