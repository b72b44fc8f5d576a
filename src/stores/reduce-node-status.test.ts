import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { emptyNodeMap, nodeOf, nodeRecord, type NodeMap } from '@/stores/node-map';
import { reduceNodeStatus } from '@/stores/reduce-node-status';

const started = (attempt?: number): RunEvent => ({ type: 'node.started', nodeId: 'n', ...(attempt !== undefined ? { attempt } : {}), atMs: 10 });
const completed = (attempt?: number): RunEvent => ({ type: 'node.completed', nodeId: 'n', ...(attempt !== undefined ? { attempt } : {}), atMs: 20 });
const failed = (attempt: number): RunEvent => ({ type: 'node.failed', nodeId: 'n', attempt, error: { message: 'boom' }, atMs: 15 });
const retrying = (attempt: number): RunEvent => ({ type: 'node.retrying', nodeId: 'n', attempt });
const status = (value: 'running' | 'succeeded'): RunEvent => ({ type: 'node.status', nodeId: 'n', status: value });

const fold = (events: readonly RunEvent[], from: NodeMap = emptyNodeMap()) => events.reduce((map, event) => reduceNodeStatus(map, [event]), from);
const final = (map: NodeMap) => ({ status: nodeOf(map, 'n')?.status, attempt: nodeOf(map, 'n')?.attempt });

describe('reduceNodeStatus: idempotent status updates', () => {
  test('a batch applied twice changes nothing the second time (same object: no subscriber runs)', () => {
    const once = reduceNodeStatus(emptyNodeMap(), [started(), completed()]);
    expect(reduceNodeStatus(once, [started(), completed()])).toBe(once);
    expect(final(once)).toEqual({ status: 'succeeded', attempt: 1 });
  });

  test("MARS's doubled status events: each repeat is a no-op", () => {
    const running = reduceNodeStatus(emptyNodeMap(), [status('running')]);
    expect(reduceNodeStatus(running, [status('running')])).toBe(running);
    const done = reduceNodeStatus(running, [status('succeeded'), status('succeeded')]);
    expect(reduceNodeStatus(done, [status('succeeded'), status('running')])).toBe(done);
    expect(nodeOf(done, 'n')?.status).toBe('succeeded');
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

describe('reduceNodeStatus: steps that never ran', () => {
  const graph: RunEvent = { type: 'graph.defined', nodes: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }, { id: 'c', label: 'C' }], edges: [] };
  const ran: RunEvent[] = [graph, { type: 'node.started', nodeId: 'a', atMs: 10 }, { type: 'node.failed', nodeId: 'a', error: { message: 'boom' }, atMs: 20 }];
  const statuses = (map: NodeMap) => Object.fromEntries(Object.entries(nodeRecord(map)).map(([id, node]) => [id, node.status]));

  test.each<[string, RunEvent]>([
    ['fails', { type: 'run.failed', error: { message: 'boom' }, atMs: 30 }],
    ['is cancelled', { type: 'run.cancelled', atMs: 30 }],
    ['completes', { type: 'run.completed', atMs: 30 }],
  ])('when the run %s, a node still pending reads "not run", not pending', (_, end) => {
    const map = reduceNodeStatus(emptyNodeMap(), [...ran, end]);
    expect(statuses(map)).toEqual({ a: 'failed', b: 'not_run', c: 'not_run' });
    expect(nodeOf(map, 'b')).toMatchObject({ leftAtRunEnd: true, endedAtMs: 30 });
    expect(nodeOf(map, 'b')?.startedAtMs).toBeUndefined();
  });

  test('a cancel stops the running node and leaves the pending ones not run', () => {
    const map = reduceNodeStatus(emptyNodeMap(), [graph, { type: 'node.started', nodeId: 'a', atMs: 10 }, { type: 'run.cancelled', atMs: 30 }]);
    expect(statuses(map)).toEqual({ a: 'cancelled', b: 'not_run', c: 'not_run' });
  });

  test('a node the backend skipped reads "not run" with its reason, never failed', () => {
    const map = reduceNodeStatus(emptyNodeMap(), [graph, { type: 'node.skipped', nodeId: 'c', reason: 'upstream_unreachable', atMs: 25 }, { type: 'node.status', nodeId: 'c', status: 'failed', error: { message: 'run failed' } }]);
    expect(nodeOf(map, 'c')).toMatchObject({ status: 'not_run', reason: 'upstream_unreachable' });
    expect(nodeOf(map, 'c')?.error).toBeUndefined();
    expect(nodeOf(map, 'c')?.leftAtRunEnd).toBeUndefined();
  });

  test('a late frame after the run ended (reconnect): the node it names is not frozen as not run', () => {
    const ended = reduceNodeStatus(emptyNodeMap(), [...ran, { type: 'run.failed', error: { message: 'boom' }, atMs: 30 }]);
    const late = reduceNodeStatus(ended, [{ type: 'node.started', nodeId: 'b', atMs: 28 }, { type: 'node.completed', nodeId: 'b', atMs: 29 }]);
    expect(nodeOf(late, 'b')).toMatchObject({ status: 'succeeded', startedAtMs: 28, endedAtMs: 29 });
    expect(nodeOf(late, 'b')?.leftAtRunEnd).toBeUndefined();
    expect(nodeOf(late, 'c')?.status).toBe('not_run');
    // A late skip gives the backend's reason; a stale "pending" from a graph restated later changes nothing.
    const skipped = reduceNodeStatus(late, [{ type: 'node.skipped', nodeId: 'c', reason: 'branch_not_taken' }, { ...graph, nodes: [{ id: 'c', label: 'C', status: 'pending' }] }]);
    expect(nodeOf(skipped, 'c')).toMatchObject({ status: 'not_run', reason: 'branch_not_taken' });
  });

  test('a node first named after the run ended never ran: a late plan, or a word about it, reads "not run"', () => {
    // Shannon's task list can arrive after the run's failure (a frame delivered late); the clean stream said "not run".
    const end: RunEvent = { type: 'run.failed', error: { message: 'boom' }, atMs: 30 };
    const plan: RunEvent = { type: 'graph.defined', nodes: [{ id: 'a', label: 'A', status: 'pending' }, { id: 'd', label: 'D', status: 'pending' }], edges: [] };
    const inOneBatch = reduceNodeStatus(emptyNodeMap(), [...ran, end, plan, { type: 'node.progress', nodeId: 'e', message: 'queued' }]);
    const ended = reduceNodeStatus(emptyNodeMap(), [...ran, end]);
    const inLaterBatches = reduceNodeStatus(reduceNodeStatus(ended, [plan], { atMs: 30 }), [{ type: 'node.progress', nodeId: 'e', message: 'queued' }], { atMs: 30 });
    for (const map of [inOneBatch, inLaterBatches]) {
      expect(statuses(map)).toEqual({ a: 'failed', b: 'not_run', c: 'not_run', d: 'not_run', e: 'not_run' });
      expect(nodeOf(map, 'd')).toMatchObject({ leftAtRunEnd: true, endedAtMs: 30 });
      expect(map.counts.pending).toBe(0);
    }
    // Still our inference: the backend's own word about the node replaces it.
    expect(nodeOf(reduceNodeStatus(inLaterBatches, [{ type: 'node.started', nodeId: 'd', atMs: 31 }], { atMs: 30 }), 'd')?.status).toBe('running');
  });

  test('a plan restating "pending" for a node left not run at the end changes nothing', () => {
    const ended = reduceNodeStatus(emptyNodeMap(), [...ran, { type: 'run.completed', atMs: 30 }]);
    const restated = reduceNodeStatus(ended, [{ ...graph, nodes: [{ id: 'b', label: 'B', status: 'pending' }] }], { atMs: 30 });
    expect(nodeOf(restated, 'b')).toMatchObject({ status: 'not_run', leftAtRunEnd: true });
  });

  test('a replay reaches the same map, event by event or in one batch, and applying the end twice changes nothing', () => {
    const events: RunEvent[] = [...ran, { type: 'node.skipped', nodeId: 'c', reason: 'upstream_unreachable', atMs: 25 }, { type: 'run.failed', error: { message: 'boom' }, atMs: 30 }];
    const batched = reduceNodeStatus(emptyNodeMap(), events);
    expect(nodeRecord(fold(events))).toEqual(nodeRecord(batched));
    expect(fold(events).counts).toEqual(batched.counts);
    expect(reduceNodeStatus(batched, [{ type: 'run.failed', error: { message: 'boom' }, atMs: 31 }])).toBe(batched);
  });
});
