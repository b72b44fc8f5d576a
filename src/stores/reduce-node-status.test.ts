import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { reduceNodeStatus, type NodeMap } from '@/stores/reduce-node-status';

const started = (attempt?: number): RunEvent => ({ type: 'node.started', nodeId: 'n', ...(attempt !== undefined ? { attempt } : {}), atMs: 10 });
const completed = (attempt?: number): RunEvent => ({ type: 'node.completed', nodeId: 'n', ...(attempt !== undefined ? { attempt } : {}), atMs: 20 });
const failed = (attempt: number): RunEvent => ({ type: 'node.failed', nodeId: 'n', attempt, error: { message: 'boom' }, atMs: 15 });
const retrying = (attempt: number): RunEvent => ({ type: 'node.retrying', nodeId: 'n', attempt });
const status = (value: 'running' | 'succeeded'): RunEvent => ({ type: 'node.status', nodeId: 'n', status: value });

const fold = (events: readonly RunEvent[], from: NodeMap = {}) => events.reduce((map, event) => reduceNodeStatus(map, [event]), from);
const final = (map: NodeMap) => ({ status: map.n?.status, attempt: map.n?.attempt });

describe('reduceNodeStatus: idempotent status updates', () => {
  test('a batch applied twice changes nothing the second time (same object: no subscriber runs)', () => {
    const once = reduceNodeStatus({}, [started(), completed()]);
    expect(reduceNodeStatus(once, [started(), completed()])).toBe(once);
    expect(final(once)).toEqual({ status: 'succeeded', attempt: 1 });
  });

  test("MARS's doubled status events: each repeat is a no-op", () => {
    const running = reduceNodeStatus({}, [status('running')]);
    expect(reduceNodeStatus(running, [status('running')])).toBe(running);
    const done = reduceNodeStatus(running, [status('succeeded'), status('succeeded')]);
    expect(reduceNodeStatus(done, [status('succeeded'), status('running')])).toBe(done);
    expect(done.n?.status).toBe('succeeded');
  });

  test('out of order: a late start after the outcome never moves the node back', () => {
    const done = fold([completed(), started()]);
    expect(final(done)).toEqual({ status: 'succeeded', attempt: 1 });
  });

  test("a late outcome of an earlier attempt does not end the current one", () => {
    const map = fold([started(1), retrying(1), started(2), failed(1)]);
    expect(final(map)).toEqual({ status: 'running', attempt: 2 });
  });

  test('a retried node ends in the same state whatever the delivery order and duplicates', () => {
    const lifecycle = [started(1), failed(1), retrying(1), started(2), completed(2)];
    const expected = final(fold(lifecycle));
    expect(expected).toEqual({ status: 'succeeded', attempt: 2 });
    fc.assert(
      fc.property(
        fc.shuffledSubarray(lifecycle, { minLength: lifecycle.length, maxLength: lifecycle.length }),
        fc.array(fc.nat({ max: lifecycle.length - 1 }), { maxLength: 4 }),
        (order, repeats) => {
          const delivered = [...order, ...repeats.map((i) => lifecycle[i] as RunEvent)];
          expect(final(fold(delivered))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
