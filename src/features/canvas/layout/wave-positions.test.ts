import { describe, expect, it } from 'vitest';

import { NODE_HEIGHT } from '@/features/canvas/layout/layout-types';
import { assignWaves, LANES_PER_COLUMN, parseWaveKey, waveKey, wavePositions, type StepTiming } from '@/features/canvas/layout/wave-positions';

const timing = (table: Record<string, [number, number?]>) => (id: string): StepTiming | undefined => {
  const t = table[id];
  return t ? { startedAtMs: t[0], ...(t[1] !== undefined ? { endedAtMs: t[1] } : {}) } : undefined;
};

describe('assignWaves', () => {
  it('puts steps that overlapped in one wave and a step after them all in the next', () => {
    // A relavium fan-out: plan, six researchers side by side, then the writer.
    const table: Record<string, [number, number?]> = { plan: [0, 800] };
    for (let i = 1; i <= 6; i++) table[`r${i}`] = [900 + i * 30, 2700];
    table.write = [2800, 3500];
    const ids = ['plan', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'write'];
    expect(assignWaves(ids, timing(table))).toEqual([['plan'], ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'], ['write']]);
  });

  it('orders by start time, keeps a running step open, and ends with the steps not started', () => {
    const waves = assignWaves(['late', 'early', 'running', 'pending'], timing({ early: [0, 10], running: [20], late: [30] }));
    expect(waves).toEqual([['early'], ['running', 'late'], ['pending']]);
  });

  it('keeps steps stamped with one time together (a burst, a replayed batch)', () => {
    expect(assignWaves(['a', 'b', 'c'], timing({ a: [5, 5], b: [5, 5], c: [5, 5] }))).toEqual([['a', 'b', 'c']]);
  });

  it('round-trips through its string key, which is equal while the waves are', () => {
    const waves = [['a', 'b'], ['c']];
    expect(parseWaveKey(waveKey(waves))).toEqual(waves);
    expect(parseWaveKey('')).toEqual([]);
  });
});

describe('wavePositions', () => {
  it('draws one column per wave with its steps stacked as lanes, left to right in time', () => {
    const at = wavePositions(['plan', 'r1', 'r2', 'write'], [['plan'], ['r1', 'r2'], ['write']], { x: 0, y: 0 }, 'LR');
    expect(at.plan!.x).toBeLessThan(at.r1!.x);
    expect(at.r1!.x).toBe(at.r2!.x);
    expect(at.r2!.y - at.r1!.y).toBeGreaterThanOrEqual(NODE_HEIGHT);
    expect(at.write!.x).toBeGreaterThan(at.r1!.x);
    expect(at.write!.rank).toBe(-1);
  });

  it('continues a wide wave in a next column and places ids the waves do not name last', () => {
    const wide = Array.from({ length: LANES_PER_COLUMN + 2 }, (_, i) => `w${i}`);
    const at = wavePositions([...wide, 'stray'], [wide], { x: 100, y: 50 }, 'LR');
    const columns = new Set(wide.map((id) => at[id]!.x));
    expect(columns.size).toBe(2);
    expect(at.w0).toEqual({ x: 100, y: 50, rank: -1 });
    expect(at.stray!.x).toBeGreaterThan(Math.max(...columns));
  });
});

describe('wavePositions of a long run of steps one after another', () => {
  const steps = Array.from({ length: 1000 }, (_, i) => `s${i}`);
  const waves = steps.map((id) => [id]);

  it.each(['LR', 'TB'] as const)('wraps the columns into bands, so the block is about as wide as a screen, not a hairline (%s)', (direction) => {
    const at = wavePositions(steps, waves, { x: 0, y: 0 }, direction);
    const xs = steps.map((id) => at[id]!.x);
    const ys = steps.map((id) => at[id]!.y);
    const width = Math.max(...xs) - Math.min(...xs) + 1;
    const height = Math.max(...ys) - Math.min(...ys) + 1;
    expect(width / height).toBeGreaterThan(0.8);
    expect(width / height).toBeLessThan(4);
  });

  it('still reads in time order: along a band, then the next band', () => {
    const at = wavePositions(steps, waves, { x: 0, y: 0 }, 'LR');
    for (let i = 1; i < steps.length; i++) {
      const before = at[steps[i - 1]!]!;
      const now = at[steps[i]!]!;
      expect(now.y > before.y || (now.y === before.y && now.x > before.x)).toBe(true);
    }
  });

  it('leaves a short run on one row', () => {
    const few = steps.slice(0, 12);
    const at = wavePositions(few, few.map((id) => [id]), { x: 0, y: 0 }, 'LR');
    expect(new Set(few.map((id) => at[id]!.y)).size).toBe(1);
  });
});

describe('wavePositions of one wide wave (a storm: steps that all overlapped)', () => {
  /** Columns in each band, top to bottom. */
  function bandWidths(columns: number): number[] {
    const steps = Array.from({ length: columns * LANES_PER_COLUMN }, (_, i) => `n${i}`);
    const at = wavePositions(steps, [steps], { x: 0, y: 0 }, 'LR');
    const rows = new Map<number, Set<number>>();
    for (const id of steps) rows.set(at[id]!.y, (rows.get(at[id]!.y) ?? new Set()).add(at[id]!.x));
    const ys = [...rows.keys()].sort((a, b) => a - b);
    return ys.filter((_, lane) => lane % LANES_PER_COLUMN === 0).map((y) => rows.get(y)!.size);
  }

  it('wraps 200 steps (25 columns) into two bands, never one orphan column under the first', () => {
    const widths = bandWidths(25);
    expect(widths.length).toBe(2);
    expect(widths[1]).toBeGreaterThanOrEqual(widths[0]! / 2);
  });

  it('keeps every band at least half as wide as the widest, at any width', () => {
    for (let columns = 25; columns <= 200; columns++) {
      const widths = bandWidths(columns);
      expect({ columns, even: Math.min(...widths) * 2 >= Math.max(...widths) }).toEqual({ columns, even: true });
    }
  });
});
