import { useEffect, useRef } from 'react';

import { formatDuration } from '@/lib/format-duration';

/**
 * Elapsed time that ticks without re-rendering: an interval writes the text node
 * directly, so the header does not commit once a second.
 */
export function ElapsedClock({ startedAtMs, endedAtMs }: { startedAtMs?: number; endedAtMs?: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const write = () => {
      if (!ref.current) return;
      ref.current.textContent = startedAtMs === undefined ? '—' : formatDuration((endedAtMs ?? Date.now()) - startedAtMs);
    };
    write();
    if (startedAtMs === undefined || endedAtMs !== undefined) return;
    const timer = setInterval(write, 1000);
    return () => clearInterval(timer);
  }, [startedAtMs, endedAtMs]);
  return <span ref={ref} className="tabular-nums" />;
}
