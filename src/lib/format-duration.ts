/**
 * Elapsed time as a person reads it on a canvas node: "42ms", "0.4s", "12s", "3m 05s", "1h 02m".
 *
 * Why seconds-first and no milliseconds past ten seconds: the clock ticks once a second,
 * so finer digits would only flicker. Under a tenth of a second, milliseconds: "0.0s" beside
 * a bar that visibly has a length read as nothing. Negative or non-finite input (clock skew between
 * the producer and this browser) reads "—" rather than a wrong number. Pure; guarded by
 * format-duration.test.ts.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 100) return `${Math.floor(ms)}ms`;
  if (ms < 10_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)}s`;
  const totalSeconds = Math.floor(ms / 1000);
  if (totalSeconds < 60) return `${totalSeconds}s`;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours === 0) return `${minutes}m ${pad2(seconds)}s`;
  return `${hours}h ${pad2(minutes)}m`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
