import { describe, expect, test } from 'vitest';

import type { BarShapeProps } from 'recharts';

import { BarShape, barRange, labelInterval, shortLabel } from '@/features/cost/waterfall-chart';
import { deriveWaterfall } from '@/features/cost/derive-waterfall';

describe('waterfall chart helpers', () => {
  test('at most three bars are labelled, whatever their number', () => {
    for (const bars of [1, 2, 3, 4, 7, 30, 60]) {
      const step = labelInterval(bars) + 1;
      expect(Math.ceil(bars / step), `${bars} bars`).toBeLessThanOrEqual(3);
    }
    expect(labelInterval(3)).toBe(0);
    expect(labelInterval(60)).toBe(19);
  });

  test('a long label is cut with an ellipsis, a short one kept whole', () => {
    expect(shortLabel('Planner')).toBe('Planner');
    expect(shortLabel('d0976 … d0992 (17 nodes)')).toBe('d0976 … d0992…');
    expect(shortLabel('d0976 … d0992 (17 nodes)')).toHaveLength(14);
  });

  test('each bar floats from where the one before ended, a refund downwards', () => {
    const bars = deriveWaterfall([
      { row: 0, nodeId: 'a', micros: 500, inputTokens: 0, outputTokens: 0 },
      { row: 1, nodeId: 'b', micros: -200, inputTokens: 0, outputTokens: 0 },
      { row: 2, nodeId: 'c', micros: 100, inputTokens: 0, outputTokens: 0 },
    ]);
    expect(bars.map(barRange)).toEqual([
      [0, 500],
      [300, 500],
      [300, 400],
    ]);
  });

  test("a bar's shape is one rect, upright whichever way recharts measured it; an empty bar draws nothing", () => {
    const shape = (box: Partial<BarShapeProps>) => BarShape({ x: 10, y: 40, width: 6, height: 20, fill: '#0ea5e9', ...box } as BarShapeProps);
    expect(shape({})?.props).toMatchObject({ x: 10, y: 40, width: 6, height: 20, fill: '#0ea5e9' });
    expect(shape({ y: 60, height: -20 })?.props).toMatchObject({ y: 40, height: 20 });
    expect(shape({ height: 0 })).toBeNull();
    expect(shape({ width: 0 })).toBeNull();
    expect(shape({ y: Number.NaN })).toBeNull();
  });
});
