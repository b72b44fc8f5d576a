/**
 * A simulator clock a test can hold still: while held, no run plays its next step (a run that
 * starts meanwhile emits nothing); let go, every run goes on at the simulator's pace. Lets a
 * test put things in place (tabs in the background) before a run begins, instead of running
 * the simulator slowly enough that the run could not have begun yet.
 */
import { REAL_TIME, type SimClock } from '@/simulator/engine/scripted-run';

export type HeldClock = SimClock & Readonly<{ hold: () => void; letGo: () => void }>;

export function heldClock(): HeldClock {
  let held: Promise<void> | undefined;
  let release = () => {};
  return {
    async wait(ms) {
      await REAL_TIME.wait(ms);
      while (held) await held;
    },
    hold() {
      held ??= new Promise((resolve) => (release = resolve));
    },
    letGo() {
      held = undefined;
      release();
    },
  };
}
