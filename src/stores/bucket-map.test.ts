import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { bucketEntries, bucketGet, NO_BUCKETS, withBucketEntries, type BucketMap } from '@/stores/bucket-map';
import { reduceRunBatch } from '@/stores/reduce-run';
import { initialRunState } from '@/stores/run-store';
import type { RunState } from '@/stores/run-types';

const NO_STATS = { frames: 0, duplicates: 0, rejected: 0, unknown: 0, gaps: 0, holes: 0 };

describe('bucket map', () => {
  test('reads back what a sequence of updates wrote, as a Map does, and never changes a map handed out before', () => {
    const update = fc.array(fc.tuple(fc.constantFrom('n1', 'n2', 'n017', 'x', '', 'constructor', '__proto__', 'ä'), fc.integer()), { maxLength: 8 });
    fc.assert(
      fc.property(fc.array(update, { maxLength: 6 }), (updates) => {
        const model = new Map<string, number>();
        const maps: BucketMap<number>[] = [NO_BUCKETS];
        const snapshots: [string, number][][] = [[]];
        for (const entries of updates) {
          const batch = new Map(entries);
          for (const [key, value] of batch) model.set(key, value);
          maps.push(withBucketEntries(maps[maps.length - 1] as BucketMap<number>, batch));
          snapshots.push([...model].sort());
        }
        maps.forEach((map, i) => expect(bucketEntries(map).sort()).toEqual(snapshots[i]));
        const last = maps[maps.length - 1] as BucketMap<number>;
        for (const [key, value] of model) expect(bucketGet(last, key)).toBe(value);
        expect(bucketGet(last, 'absent')).toBeUndefined();
      }),
    );
  });
});

describe('cost per node', () => {
  const cost = (nodeId: string, micros: number): RunEvent => ({ type: 'cost.recorded', nodeId, micros, currency: 'USD' });
  const apply = (state: RunState, events: RunEvent[]) =>
    reduceRunBatch(state, { events, rows: events.map((_, i) => i), log: { length: 0, firstRow: 0, revision: 0 }, issues: [], stats: NO_STATS, atMs: 0 });

  test('sums within a batch and across batches, and leaves an earlier state as it was', () => {
    const start = initialRunState({ runId: 'r', dialect: 'test', source: 'test' });
    const first = apply(start, [cost('a', 100), cost('b', 5), cost('a', 20)]);
    const second = apply(first, [cost('a', 3), cost('c', 0), cost('b', 1)]);
    expect(bucketEntries(first.cost.byNode).sort()).toEqual([
      ['a', 120],
      ['b', 5],
    ]);
    expect(bucketEntries(second.cost.byNode).sort()).toEqual([
      ['a', 123],
      ['b', 6],
    ]);
    expect(second.cost.totalMicros).toBe(129);
  });
});
