/**
 * The node-status map (node-map.ts): reads equal a plain record's written the same way, old
 * maps stay as they were, and the counts kept as entries change always equal a recount —
 * for any sequence of node events, repeats, unknown nodes, run ends and restarts, and
 * restores to an older map (a replay seeking back, then playing on).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';

import { NODE_STATUSES, type NodeStatus, type RunEvent } from '@/protocol/run-event';
import { emptyNodeMap, forEachChanged, nodeIds, nodeMapFrom, nodeOf, nodeRecord, NodeMapDraft, type NodeMap } from '@/stores/node-map';
import type { NodeState } from '@/stores/node-types';
import { applyNodeEvent, reduceNodeStatus, type RunEnd } from '@/stores/reduce-node-status';

const ID_COUNT = 80; // over two chunks' worth, so batches touch some chunks and not others
const id = fc.nat({ max: ID_COUNT - 1 }).map((n) => `n${n}`);

const nodeEvent: fc.Arbitrary<RunEvent> = fc.oneof(
  fc.record({ type: fc.constant('node.started' as const), nodeId: id, attempt: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), atMs: fc.nat({ max: 1e6 }) }),
  fc.record({ type: fc.constant('node.completed' as const), nodeId: id, atMs: fc.nat({ max: 1e6 }) }),
  fc.record({ type: fc.constant('node.failed' as const), nodeId: id, error: fc.constant({ message: 'boom' }), atMs: fc.nat({ max: 1e6 }) }),
  fc.record({ type: fc.constant('node.retrying' as const), nodeId: id, attempt: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ type: fc.constant('node.skipped' as const), nodeId: id }),
  fc.record({ type: fc.constant('node.cancelled' as const), nodeId: id }),
  fc.record({ type: fc.constant('node.status' as const), nodeId: id, status: fc.constantFrom(...NODE_STATUSES) }),
  fc.record({ type: fc.constant('node.progress' as const), nodeId: id, progress: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ type: fc.constant('node.output' as const), nodeId: id, text: fc.constant('t') }),
  fc.record({ type: fc.constant('gate.opened' as const), nodeId: id, gateId: fc.constant('g'), kind: fc.constant('approval' as const), message: fc.constant('ok?'), options: fc.constant([]) }),
  fc.record({ type: fc.constant('log' as const), level: fc.constant('info' as const), message: fc.constant('hi') }),
  fc.record({ type: fc.constant('graph.defined' as const), nodes: fc.array(fc.record({ id, label: fc.constant('L') }), { maxLength: 6 }), edges: fc.constant([]) }),
  fc.constantFrom<RunEvent>({ type: 'run.completed', atMs: 5 }, { type: 'run.cancelled', atMs: 6 }, { type: 'run.failed', error: { message: 'x' }, atMs: 7 }),
) as fc.Arbitrary<RunEvent>;

/** A batch, or a restore to an earlier map (index into the maps seen so far). */
const step = fc.oneof({ weight: 6, arbitrary: fc.array(nodeEvent, { maxLength: 12 }).map((batch) => ({ batch })) }, { weight: 1, arbitrary: fc.nat().map((back) => ({ back })) });

/** The same events written into a plain record, as the store held them before node-map.ts. */
function recordOf(events: readonly RunEvent[], from: Record<string, NodeState>): Record<string, NodeState> {
  const record = { ...from };
  const writer = { get: (key: string) => record[key], put: (key: string, state: NodeState) => void (record[key] = state), ids: () => Object.keys(record) };
  let end: RunEnd;
  for (const event of events) end = applyNodeEvent(writer, event, end);
  return record;
}

function recount(map: NodeMap): Record<NodeStatus, number> {
  const counts = Object.fromEntries(NODE_STATUSES.map((status) => [status, 0])) as Record<NodeStatus, number>;
  for (const state of Object.values(nodeRecord(map))) counts[state.status] += 1;
  return counts;
}

function expectSame(map: NodeMap, record: Record<string, NodeState>): void {
  expect(nodeRecord(map)).toEqual(record);
  expect(map.counts).toEqual(recount(map));
  expect(map.size).toBe(Object.keys(record).length);
  for (let n = 0; n < ID_COUNT + 3; n++) expect(nodeOf(map, `n${n}`)).toEqual(record[`n${n}`]);
}

describe('node map', () => {
  // Events without a time are stamped with the clock: both ways must read the same one.
  beforeAll(() => void vi.spyOn(Date, 'now').mockReturnValue(1_000));
  afterAll(() => void vi.restoreAllMocks());

  test('reads, counts and old maps hold for any run of batches and restores', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const maps: NodeMap[] = [emptyNodeMap()];
        const records: Record<string, NodeState>[] = [{}];
        let at = 0;
        for (const next of steps) {
          if ('back' in next) {
            at = next.back % maps.length;
            continue;
          }
          const map = reduceNodeStatus(maps[at] as NodeMap, next.batch);
          const record = recordOf(next.batch, records[at] as Record<string, NodeState>);
          expectSame(map, record);
          if (map === maps[at]) expect(record).toEqual(records[at]);
          const changed = new Set<string>();
          forEachChanged(maps[at] as NodeMap, map, (key) => changed.add(key));
          expect([...changed].sort()).toEqual(Object.keys(record).filter((key) => record[key] !== records[at]?.[key]).sort());
          maps.push(map);
          records.push(record);
          at = maps.length - 1;
        }
        // Every map kept reads as it did when it was made, whatever was written after it.
        maps.forEach((map, i) => expectSame(map, records[i] as Record<string, NodeState>));
      }),
      { numRuns: 200 },
    );
  });

  test('a batch copies only the chunks it writes', () => {
    const events: RunEvent[] = Array.from({ length: 100 }, (_, i) => ({ type: 'node.started', nodeId: `s${i}` }));
    const before = reduceNodeStatus(emptyNodeMap(), events);
    const after = reduceNodeStatus(before, [{ type: 'node.completed', nodeId: 's40' }]);
    const kept = after.chunks.filter((chunk, i) => chunk === before.chunks[i]).length;
    expect(kept).toBe(before.chunks.length - 1);
    expect(after.counts).toMatchObject({ running: 99, succeeded: 1 });
    expect(reduceNodeStatus(after, [{ type: 'node.completed', nodeId: 's40' }])).toBe(after);
  });

  test('ids that name Object.prototype members are plain ids', () => {
    const map = reduceNodeStatus(emptyNodeMap(), [{ type: 'node.started', nodeId: '__proto__' }, { type: 'node.started', nodeId: 'constructor' }]);
    expect(nodeIds(map)).toEqual(['__proto__', 'constructor']);
    expect(nodeOf(map, 'toString')).toBeUndefined();
    expect(Object.keys(nodeRecord(map))).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(nodeRecord(map))).toBe(Object.prototype);
  });

  test('from a record: equal reads, and chunks shared with a like map where entries are the same', () => {
    const base = reduceNodeStatus(emptyNodeMap(), Array.from({ length: 70 }, (_, i): RunEvent => ({ type: 'node.started', nodeId: `s${i}` })));
    const record: Record<string, NodeState> = { ...nodeRecord(base), s3: { status: 'failed', attempt: 1 } };
    const map = nodeMapFrom(record, base);
    expectSameRecord(map, record);
    expect(map.chunks[1]).toBe(base.chunks[1]);
    expect(map.chunks[0]).not.toBe(base.chunks[0]);
    // A record missing one of the like map's ids: a map of the record alone.
    const { s5: _gone, ...fewer } = record;
    expectSameRecord(nodeMapFrom(fewer, base), fewer);
    const draft = new NodeMapDraft(map);
    expect(draft.finish()).toBe(map);
  });
});

function expectSameRecord(map: NodeMap, record: Record<string, NodeState>): void {
  expect(nodeRecord(map)).toEqual(record);
  expect(map.counts).toEqual(recount(map));
  expect(map.size).toBe(Object.keys(record).length);
}
