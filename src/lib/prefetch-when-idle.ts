/**
 * Fetches a lazily loaded module once the page has nothing better to do, so the first time a
 * person needs it (a gate's dialog) it draws at once instead of after a request. Browsers
 * without `requestIdleCallback` (Safari) wait a fixed moment instead. Returns a cancel for an
 * effect's cleanup; a failed fetch is left for the real import to retry and report.
 */
const FALLBACK_DELAY_MS = 1_000;

export function prefetchWhenIdle(load: () => Promise<unknown>): () => void {
  const fetchIt = () => void load().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(fetchIt, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(fetchIt, FALLBACK_DELAY_MS);
  return () => clearTimeout(timer);
}
