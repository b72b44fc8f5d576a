/**
 * The browser tests' simulator clock (tests/e2e/held-clock.ts): a hold stops time for waits
 * under way — a gate's deadline among them — and letting go resumes them; `holdAfter` stops
 * the runs after a number of waits.
 */
import { describe, expect, test } from 'vitest';

import { REAL_TIME } from '@/simulator/engine/scripted-run';

import { heldClock } from '../e2e/held-clock';

const sleep = REAL_TIME.wait;

describe('heldClock', () => {
  test('a wait under way when the clock is held does not end while it is held, and goes on with its time left once let go', async () => {
    const clock = heldClock();
    let ended = false;
    const waiting = clock.wait(60).then(() => (ended = true));
    await sleep(20);
    clock.hold();
    await sleep(200);
    expect(ended).toBe(false);
    clock.letGo();
    // It goes on with the ~40 ms it had left, not ending at once as if the held time had counted.
    await sleep(0);
    expect(ended).toBe(false);
    await waiting;
    expect(ended).toBe(true);
  });

  test('holdAfter(n) lets n waits end, then holds the next', async () => {
    const clock = heldClock();
    clock.holdAfter(2);
    const ended: number[] = [];
    await clock.wait(1).then(() => ended.push(1));
    await clock.wait(1).then(() => ended.push(2));
    const third = clock.wait(1).then(() => ended.push(3));
    await sleep(100);
    expect(ended).toEqual([1, 2]);
    clock.letGo();
    await third;
    expect(ended).toEqual([1, 2, 3]);
  });
});
