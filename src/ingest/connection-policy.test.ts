/**
 * The connection policy (connection-policy.ts): reconnect, watch or give up, from
 * `recovery.drop` alone, and a bounded number of reconnects after the run ended.
 */
import { describe, expect, test } from 'vitest';

import type { Recovery } from '@/protocol/dialect';

import { ConnectionPolicy, REFILLS_AFTER_END, type DropContext } from '@/ingest/connection-policy';

const policy = (drop: Recovery['drop']) => new ConnectionPolicy({ ordering: { by: 'arrival' }, refill: [], unfilled: 'accept', drop });
const context = (over: boolean, watching = false, resumePending = false): DropContext => ({ over, watching, resumePending: () => resumePending });

describe("drop 'resume'", () => {
  test('reconnects while the run goes on, and gives up once it is over with nothing to refill', () => {
    const resume = policy('resume');
    expect(resume.onDrop(context(false))).toBe('reconnect');
    expect(resume.onDrop(context(true))).toBe('give-up');
  });

  test(`after the end, reconnects for a pending refill at most ${REFILLS_AFTER_END} times`, () => {
    const resume = policy('resume');
    const decisions = Array.from({ length: REFILLS_AFTER_END + 2 }, () => resume.onDrop(context(true, false, true)));
    expect(decisions).toEqual([...Array<string>(REFILLS_AFTER_END).fill('reconnect'), 'give-up', 'give-up']);
  });

  test('asks whether a refill is pending only once the run is over', () => {
    let asked = 0;
    policy('resume').onDrop({ over: false, watching: false, resumePending: () => ++asked > 0 });
    expect(asked).toBe(0);
  });

  test('never watches from the start', () => {
    expect(policy('resume').watchesFromStart(false)).toBe(false);
  });
});

describe("drop 'watch'", () => {
  test('a dropped socket is given up for a watch; a watch polls on until the run is over', () => {
    const watch = policy('watch');
    expect(watch.onDrop(context(false, false))).toBe('watch');
    expect(watch.onDrop(context(false, true))).toBe('reconnect');
    expect(watch.onDrop(context(true, true))).toBe('give-up');
    expect(watch.onDrop(context(true, false, true))).toBe('give-up');
  });

  test('a session that does not start the run watches from the start; the starter keeps its socket', () => {
    expect(policy('watch').watchesFromStart(false)).toBe(true);
    expect(policy('watch').watchesFromStart(true)).toBe(false);
  });
});

test("drop 'report' gives up at once", () => {
  expect(policy('report').onDrop(context(false))).toBe('give-up');
  expect(policy('report').onDrop(context(true, false, true))).toBe('give-up');
});
