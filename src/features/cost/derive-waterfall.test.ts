import { describe, expect, it } from 'vitest';

import type { CostPoint } from '@/stores/run-types';

import { barsToDraw, deriveModelBreakdown, deriveWaterfall, groupWaterfall, RUN_KEY } from '@/features/cost/derive-waterfall';

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
      { model: 'large', micros: 90, inputTokens: 5, outputTokens: 50, calls: 1, priced: true },
      { model: 'small', micros: 30, inputTokens: 101, outputTokens: 11, calls: 2, priced: true },
      { model: 'unknown model', micros: 1, inputTokens: 0, outputTokens: 0, calls: 1, priced: true },
    ]);
  });
});

describe('groupWaterfall', () => {
  it('leaves a short waterfall as it is', () => {
    const bars = deriveWaterfall([p(1, 'a', 10), p(2, 'b', 20)]);
    expect(groupWaterfall(bars, 60)).toBe(bars);
  });

  it('draws a thousand nodes as at most 60 groups of consecutive nodes, each floating from the running total before it to the one after', () => {
    // node i costs i + 1 micros, except every 100th node, a refund of 500
    const points = Array.from({ length: 1000 }, (_, i) => p(i, `n${i}`, i % 100 === 99 ? -500 : i + 1, 'm', 2, 1));
    const bars = deriveWaterfall(points);
    const groups = groupWaterfall(bars, 60);
    expect(groups.length).toBeLessThanOrEqual(60);
    expect(groups.length).toBeGreaterThan(50);
    expect(groups.at(-1)?.running).toBe(bars.at(-1)?.running);
    expect(groups.reduce((sum, g) => sum + g.micros, 0)).toBe(bars.reduce((sum, b) => sum + b.micros, 0));
    expect(groups.reduce((sum, g) => sum + g.inputTokens, 0)).toBe(2000);
    expect(groups[0]?.label).toBe('n0 … n16 (17 nodes)');
    let before = 0;
    for (const group of groups) {
      expect(group.running - before).toBe(group.micros);
      expect(group.base).toBe(Math.min(before, group.running));
      expect(group.size).toBe(Math.abs(group.micros));
      before = group.running;
    }
    expect(new Set(groups.map((g) => g.nodeId)).size).toBe(groups.length);
  });
});

describe('barsToDraw', () => {
  const run = (nodes: number) => deriveWaterfall(Array.from({ length: nodes }, (_, i) => p(i, `n${i}`, 10)));

  it('gives each node its own bar up to 60 nodes', () => {
    const bars = run(60);
    expect(barsToDraw(bars)).toBe(bars);
  });

  it('draws a longer run as at most 30 groups that add up to its total', () => {
    for (const nodes of [61, 100, 1000]) {
      const drawn = barsToDraw(run(nodes));
      expect(drawn.length, `${nodes} nodes`).toBeLessThanOrEqual(30);
      expect(drawn.length, `${nodes} nodes`).toBeGreaterThan(15);
      expect(drawn.at(-1)?.running).toBe(nodes * 10);
    }
    expect(barsToDraw(run(1000))[0]?.label).toBe('n0 … n33 (34 nodes)');
  });
});

describe('deriveModelBreakdown of tokens-only records', () => {
  it('marks a model whose records stated no price', () => {
    const [row] = deriveModelBreakdown([{ row: 1, micros: 0, inputTokens: 5, outputTokens: 1, model: 'm', tokensOnly: true }]);
    expect(row).toMatchObject({ model: 'm', priced: false, inputTokens: 5 });
  });
});
