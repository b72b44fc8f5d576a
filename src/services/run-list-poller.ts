/**
 * Keeps one backend's run list fresh while someone looks at it: fetch, wait, fetch again,
 * at a modest rate, never two requests at once, stopped by `signal` (which also aborts the
 * request in flight). While the tab is hidden it stops asking, and it asks again as soon
 * as the tab is shown. `refresh()` fetches now (the Refresh button, a changed filter).
 */
import type { RunListQuery, RunListSource } from '@/protocol/run-summary';

import { fetchRunList, type ListOutcome, type ListTarget } from '@/services/fetch-run-list';

export type Visibility = Readonly<{ hidden: () => boolean; onChange: (listener: () => void) => () => void }>;

export type PollOptions = Readonly<{
  source: RunListSource;
  /** Read before every fetch, so a token typed meanwhile is used. */
  target: () => ListTarget;
  query: RunListQuery;
  intervalMs: number;
  onFetching?: () => void;
  onResult: (outcome: ListOutcome, atMs: number) => void;
  signal: AbortSignal;
  visibility?: Visibility;
  now?: () => number;
}>;

export type Poller = Readonly<{ refresh: () => void }>;

export function pollRunList(options: PollOptions): Poller {
  const { signal, intervalMs } = options;
  const visibility = options.visibility ?? documentVisibility();
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let again = false;
  let lastAtMs = -Infinity;

  /**
   * Ticks run detached (timers, visibility, refresh). A failed fetch becomes the row's problem inside
   * `tick`; a rejection reaching here is a throw in `onResult`, said in the console.
   */
  const runTick = () => {
    tick().catch((error: unknown) => console.error("a backend's run list stopped polling", error));
  };

  const schedule = () => {
    clearTimeout(timer);
    if (signal.aborted || visibility.hidden()) return;
    timer = setTimeout(runTick, Math.max(0, lastAtMs + intervalMs - now()));
  };

  async function tick() {
    if (signal.aborted) return;
    if (inFlight) return void (again = true);
    inFlight = true;
    options.onFetching?.();
    try {
      const outcome = await fetchRunList(options.source, options.query, options.target(), signal);
      lastAtMs = now();
      if (!signal.aborted) options.onResult(outcome, lastAtMs);
    } catch (error) {
      // Aborted: the poller is being stopped. Anything else is a bug of ours, said on the backend's row.
      lastAtMs = now();
      if (!signal.aborted) options.onResult({ ok: false, problem: { kind: 'unreadable', message: `the list could not be read here: ${String(error)}` } }, lastAtMs);
    } finally {
      inFlight = false;
    }
    if (again) {
      again = false;
      return runTick();
    }
    schedule();
  }

  const stopVisibility = visibility.onChange(() => {
    if (!visibility.hidden() && now() - lastAtMs >= intervalMs) runTick();
    else schedule();
  });
  signal.addEventListener(
    'abort',
    () => {
      clearTimeout(timer);
      stopVisibility();
    },
    { once: true },
  );
  runTick();
  return { refresh: runTick };
}

function documentVisibility(): Visibility {
  if (typeof document === 'undefined') return { hidden: () => false, onChange: () => () => undefined };
  return {
    hidden: () => document.hidden,
    onChange: (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}
