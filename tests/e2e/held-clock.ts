/**
 * A simulator clock a test can hold still: while held, time stops for every run — no run plays
 * its next step (a run that starts meanwhile emits nothing) and no gate's deadline runs on;
 * let go, each wait goes on with the time it had left. Lets a test put things in place (tabs in
 * the background, a trip through the console) before a run goes on, instead of running the
 * simulator slowly enough that it could not have. `holdAfter(n)` lets the runs take n more
 * waits and then holds: a test can stop a run part-way at a known place, however far behind a
 * slow machine's page is.
 */
import { REAL_TIME, type SimClock } from '@/simulator/engine/scripted-run';

export type HeldClock = SimClock & Readonly<{ hold: () => void; letGo: () => void; holdAfter: (waits: number) => void }>;

export function heldClock(): HeldClock {
  let held: Promise<void> | undefined;
  let release = () => {};
  /** Waits under way, told when a hold begins so they stop counting. */
  const running = new Set<() => void>();
  let waitsLeft: number | undefined;
  const hold = () => {
    if (held) return;
    held = new Promise((resolve) => (release = resolve));
    for (const pause of running) pause();
  };
  /** Waits `ms` of time the clock was not held. */
  async function unheldTime(ms: number): Promise<void> {
    let left = ms;
    for (;;) {
      while (held) await held;
      const started = Date.now();
      let pause = () => {};
      const paused = new Promise<'paused'>((resolve) => (pause = () => resolve('paused')));
      running.add(pause);
      const outcome = await Promise.race([REAL_TIME.wait(left).then(() => 'done' as const), paused]);
      running.delete(pause);
      if (outcome === 'done') return;
      left = Math.max(0, left - (Date.now() - started));
    }
  }
  return {
    async wait(ms) {
      await unheldTime(ms);
      if (waitsLeft === 0) {
        waitsLeft = undefined;
        hold();
      } else if (waitsLeft !== undefined) waitsLeft -= 1;
      while (held) await held;
    },
    hold,
    holdAfter(waits) {
      waitsLeft = waits;
    },
    letGo() {
      held = undefined;
      release();
    },
  };
}
