/**
 * One shared one-second ticker for every live clock on the canvas.
 *
 * Why shared: 300 running nodes with their own intervals would wake the page 300 times
 * a second; one interval wakes it once. The interval exists only while someone listens.
 * Listeners write the DOM directly, never React state (features/canvas/README.md).
 */
const TICK_MS = 1000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

export function subscribeTick(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const fn of listeners) fn();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
