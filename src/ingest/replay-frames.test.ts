import { describe, expect, test } from 'vitest';

import { createPendingBatch, NO_STATS } from '@/ingest/batch';
import { ReplayFrames } from '@/ingest/replay-frames';

describe('ReplayFrames', () => {
  test('keeps what a batch said after the batch is reused (replay takes each frame\'s batch transient)', () => {
    const pending = createPendingBatch();
    const frames = new ReplayFrames(4);
    const counts: (keyof typeof NO_STATS)[][] = [['frames'], ['frames', 'rejected'], ['frames'], ['frames', 'unknown']];
    for (const [t, stats] of counts.entries()) {
      for (const stat of stats) pending.count(stat);
      frames.push(pending.takeTransient(t), t, t);
    }
    const statsOf = (i: number) => frames.batchOf(i, i + 1)?.stats;
    expect(statsOf(0)).toEqual({ ...NO_STATS, frames: 1 });
    expect(statsOf(1)).toEqual({ ...NO_STATS, frames: 1, rejected: 1 });
    expect(statsOf(2)).toEqual({ ...NO_STATS, frames: 1 });
    expect(statsOf(3)).toEqual({ ...NO_STATS, frames: 1, unknown: 1 });
    expect(frames.batchOf(0, 4)?.stats).toEqual({ ...NO_STATS, frames: 4, rejected: 1, unknown: 1 });
  });

  test('a transient batch holds what was added since the last take, in the arrays it lends', () => {
    const pending = createPendingBatch();
    expect(pending.takeTransient(0)).toBeUndefined();
    pending.count('frames');
    pending.issue({ frame: 0, reason: 'bad', atMs: 1 });
    const first = pending.takeTransient(1);
    expect(first).toEqual({ events: [], issues: [{ frame: 0, reason: 'bad', atMs: 1 }], stats: { ...NO_STATS, frames: 1 }, atMs: 1 });
    pending.count('duplicates');
    const second = pending.takeTransient(2);
    expect(second).toEqual({ events: [], issues: [], stats: { ...NO_STATS, duplicates: 1 }, atMs: 2 });
  });
});
