/**
 * Long loops on the main thread (opening a recording) give the page a turn now and then:
 * a time slice says when a slice of work has run long enough, `yieldToPage()` lets input,
 * rendering and timers run before the loop goes on (`createTimeSlice` pairs the two).
 *
 * Why not `setTimeout(0)`: browsers clamp nested timeouts to 4 ms, so a loop that yields
 * a thousand times would sleep four seconds doing nothing. A MessageChannel message is
 * not clamped, and it queues BEHIND what is already waiting. Why not `scheduler.yield()`:
 * its continuation runs before other waiting tasks, React's render among them, so the
 * page never showed the loading progress until the loop ended (tests/e2e/replay.spec.ts,
 * seen failing). Slices are cut by time, not by a count of items, so a slow item cannot
 * make a long task and a fast one does not yield more than it needs.
 */

/** A slice under the 50 ms that makes a "long task", with room for the frame after it. */
export const SLICE_MS = 40;

export function yieldToPage(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Cuts a loop into slices of `ms`: `due()` says the slice is over; `yield()` gives the page its turn and starts the next. */
export function createTimeSlice(ms = SLICE_MS, now: () => number = () => performance.now()) {
  let started = now();
  return {
    due: (): boolean => now() - started >= ms,
    async yield(): Promise<void> {
      await yieldToPage();
      started = now();
    },
  };
}

type TimeSlice = ReturnType<typeof createTimeSlice>;

/** The same slices, whose turns throw the signal's reason once it aborts (a long loop nobody waits for any more ends there). */
export function abortableSlice(slice: TimeSlice, signal: AbortSignal | undefined): TimeSlice {
  if (!signal) return slice;
  return {
    due: slice.due,
    async yield() {
      await slice.yield();
      signal.throwIfAborted();
    },
  };
}
