/**
 * Property-based tests of the sequencer under hostile orders: random scopes, repeats,
 * huge jumps, negative, fractional and non-finite seqs, interleaved with expiry. It must
 * never hang or throw, never release an item twice, and — once time has run on — account
 * for every item once (released or counted as a duplicate), unless a snapshot covered it.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';

import { createSequencer, type Sequenced } from '@/ingest/sequencer';

const seqArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 1.5, NaN, Infinity, -Infinity, -0, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e300) },
  { weight: 1, arbitrary: fc.integer() },
);

const stepArb = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('frame' as const), scope: fc.constantFrom('a', 'b', '__proto__'), seq: seqArb, ordered: fc.boolean(), identity: fc.option(fc.constantFrom('x', 'y', 'z'), { nil: undefined }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), afterMs: fc.nat({ max: 2000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('advance' as const), scope: fc.constantFrom('a', 'b'), seq: seqArb }) },
);

test('hostile orders never hang, throw or release an item twice', () => {
  fc.assert(
    fc.property(fc.array(stepArb, { maxLength: 80 }), fc.option(fc.constantFrom(0, 1), { nil: undefined }), fc.constantFrom('lost' as const, 'normal' as const), (steps, firstSeq, holes) => {
      const sequencer = createSequencer<number>({ holes, reorderWindow: 3, graceMs: 500, refillWaitMs: 1000, ...(firstSeq !== undefined ? { firstSeq } : {}) });
      const released: number[] = [];
      let duplicates = 0;
      let now = 0;
      let sent = 0;
      steps.forEach((step, index) => {
        const out =
          step.kind === 'advance'
            ? sequencer.advanceTo(step.scope, step.seq)
            : step.kind === 'expire'
              ? sequencer.expire((now += step.afterMs))
              : sequencer.admit([toSequenced(step, index)], now);
        if (step.kind === 'frame') sent += 1;
        released.push(...out.released);
        duplicates += out.duplicates;
      });
      // Time runs on until nothing waits: every frame is then released or counted as a duplicate.
      for (let due = sequencer.nextDeadlineMs(); due !== undefined; due = sequencer.nextDeadlineMs()) released.push(...sequencer.expire(due).released);
      expect(new Set(released).size).toBe(released.length);
      // A snapshot (advance) may cover frames that were waiting: their content is in its state.
      if (steps.some((step) => step.kind === 'advance')) expect(released.length + duplicates).toBeLessThanOrEqual(sent);
      else expect(released.length + duplicates).toBe(sent);
    }),
    { numRuns: 400 },
  );
});

function toSequenced(step: { scope: string; seq: number; ordered: boolean; identity: string | undefined }, item: number): Sequenced<number> {
  if (step.ordered) return { order: { scope: step.scope, seq: step.seq }, item };
  return step.identity !== undefined ? { identity: step.identity, item } : { item };
}
