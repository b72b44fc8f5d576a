import { describe, expect, it } from 'vitest';

import type { CostPoint } from '@/stores/run-types';

import { deriveModelBreakdown, deriveWaterfall, RUN_KEY } from '@/features/cost/derive-waterfall';

const p = (row: number, nodeId: string | undefined, micros: number, model?: string, inputTokens = 0, outputTokens = 0): CostPoint => ({
  row,
  micros,
  inputTokens,
  outputTokens,
  ...(nodeId !== undefined ? { nodeId } : {}),
  ...(model !== undefined ? { model } : {}),
});

describe('deriveWaterfall', () => {
  it('orders nodes by the row of their last cost point and floats each bar on the running total', () => {
    const points = [p(1, 'a', 100), p(2, 'b', 50), p(3, 'a', 25), p(4, 'c', 10), p(5, 'b', 5)];
    const bars = deriveWaterfall(points, (id) => id.toUpperCase());
    expect(bars.map((b) => b.nodeId)).toEqual(['a', 'c', 'b']);
    expect(bars.map((b) => [b.label, b.micros, b.base, b.size, b.running])).toEqual([
      ['A', 125, 0, 125, 125],
      ['C', 10, 125, 10, 135],
      ['B', 55, 135, 55, 190],
    ]);
  });

  it('gathers points without a node and floats a refund downwards', () => {
    const bars = deriveWaterfall([p(1, 'a', 100), p(2, undefined, 30), p(3, 'r', -40)]);
    expect(bars.map((b) => [b.nodeId, b.base, b.size, b.running])).toEqual([
      ['a', 0, 100, 100],
      [RUN_KEY, 100, 30, 130],
      ['r', 90, 40, 90],
    ]);
    expect(bars[1]?.label).toBe('Run (no node)');
  });

  it('sums tokens per node and is empty without points', () => {
    expect(deriveWaterfall([p(1, 'a', 1, 'm', 10, 2), p(2, 'a', 1, 'm', 5, 3)])[0]).toMatchObject({ inputTokens: 15, outputTokens: 5 });
    expect(deriveWaterfall([])).toEqual([]);
  });
});

describe('deriveModelBreakdown', () => {
  it('groups by model, most expensive first, counting calls and tokens', () => {
    const rows = deriveModelBreakdown([p(1, 'a', 10, 'small', 100, 10), p(2, 'b', 90, 'large', 5, 50), p(3, 'a', 20, 'small', 1, 1), p(4, 'c', 1)]);
    expect(rows).toEqual([
      { model: 'large', micros: 90, inputTokens: 5, outputTokens: 50, calls: 1 },
      { model: 'small', micros: 30, inputTokens: 101, outputTokens: 11, calls: 2 },
      { model: 'unknown model', micros: 1, inputTokens: 0, outputTokens: 0, calls: 1 },
    ]);
  });
});
