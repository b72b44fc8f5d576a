import { useEffect, useReducer } from 'react';

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const outcomes = new WeakMap<Promise<unknown>, Outcome>();
const watched = new WeakSet<Promise<unknown>>();

/**
 * Notes a promise's outcome as soon as it settles, so a component that renders later reads
 * it on its first render (call it where the promise is made, before any render needs it).
 */
export function watch<T>(promise: Promise<T>): Promise<T> {
  if (watched.has(promise)) return promise;
  watched.add(promise);
  promise.then(
    (value) => void outcomes.set(promise, { ok: true, value }),
    (error: unknown) => void outcomes.set(promise, { ok: false, error }),
  );
  return promise;
}

/**
 * What `promise` resolved to, or undefined while it is pending (a failure is thrown, for
 * the nearest error boundary), read without suspending. React holds back the reveal of a
 * Suspense boundary that was waiting (`use`, `lazy`) until 300 ms after the last fallback it
 * showed — its fallback throttle — even when the code was already here; this hook's update
 * is an ordinary one, drawn at once. A promise that has settled before is read on the first
 * render, with no waiting state at all.
 */
export function useSettled<T>(promise: Promise<T> | undefined): T | undefined {
  const [, settled] = useReducer((n: number) => n + 1, 0);
  if (promise) void watch(promise);
  const outcome = promise ? outcomes.get(promise) : undefined;
  const waiting = promise !== undefined && outcome === undefined;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const again = () => {
      if (live) settled();
    };
    // After watch's own handlers (attached first), so the outcome is recorded when this runs.
    void promise.then(again, again);
    return () => {
      live = false;
    };
  }, [promise, waiting]);
  if (outcome && !outcome.ok) throw outcome.error;
  return outcome?.ok ? (outcome.value as T) : undefined;
}
