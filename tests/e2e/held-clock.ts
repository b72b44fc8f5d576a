/**
 * A simulator clock a test can hold still: while held, no run plays its next step (a run that
 * starts meanwhile emits nothing); let go, every run goes on at the simulator's pace. Lets a
 * test put things in place (tabs in the background) before a run begins, instead of running
 * the simulator slowly enough that the run could not have begun yet. `holdAfter(n)` lets the
 * runs take n more steps and then holds: a test can stop a run part-way at a known place,
 * however far behind a slow machine's page is.
 */
import { REAL_TIME, type SimClock } from '@/simulator/engine/scripted-run';

export type HeldClock = SimClock & Readonly<{ hold: () => void; letGo: () => void; holdAfter: (steps: number) => void }>;

export function heldClock(): HeldClock {
  let held: Promise<void> | undefined;
  let release = () => {};
  let stepsLeft: number | undefined;
  const hold = () => {
    held ??= new Promise((resolve) => (release = resolve));
  };
  return {
    async wait(ms) {
      await REAL_TIME.wait(ms);
      if (stepsLeft !== undefined && --stepsLeft <= 0) {
        stepsLeft = undefined;
        hold();
      }
      while (held) await held;
    },
    hold,
    holdAfter(steps) {
      stepsLeft = steps;
    },
    letGo() {
      held = undefined;
      release();
    },
  };
}
