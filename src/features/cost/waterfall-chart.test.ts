import { describe, expect, test } from 'vitest';

import { costTicks, labelInterval, shortLabel } from '@/features/cost/waterfall-chart';
import { barRect, runningPath } from '@/features/cost/waterfall-marks';
import { deriveWaterfall } from '@/features/cost/derive-waterfall';

/** A band scale of `slots` slots 100 px wide from x = 0, and a y scale of 1 px per micro-unit from y = 1000 upwards. */
const bandX = (slots: number) => (slot: unknown, options?: { position?: 'start' | 'middle' | 'end' }) => {
  const i = Number(slot);
  if (!(i >= 0 && i < slots)) return undefined;
  return i * 100 + (options?.position === 'end' ? 100 : options?.position === 'start' ? 0 : 50);
};
const upY = (value: unknown) => 1000 - Number(value);

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

  test('each bar floats from where the one before ended, a refund downwards, in the middle of its slot', () => {
    const bars = deriveWaterfall([
      { row: 0, nodeId: 'a', micros: 500, inputTokens: 0, outputTokens: 0 },
      { row: 1, nodeId: 'b', micros: -200, inputTokens: 0, outputTokens: 0 },
      { row: 2, nodeId: 'c', micros: 100, inputTokens: 0, outputTokens: 0 },
    ]);
    const x = bandX(3);
    expect(bars.map((bar, slot) => barRect(bar, slot, x, upY))).toEqual([
      { x: 10, y: 500, width: 80, height: 500 },
      { x: 110, y: 500, width: 80, height: 200 },
      { x: 210, y: 600, width: 80, height: 100 },
    ]);
    // No place on an axis (a slot the scale does not know): no rect.
    expect(barRect(bars[0]!, 3, x, upY)).toBeUndefined();
  });

  test('the running total steps at each slot and stays level across it', () => {
    const bars = deriveWaterfall([
      { row: 0, nodeId: 'a', micros: 500, inputTokens: 0, outputTokens: 0 },
      { row: 1, nodeId: 'b', micros: -200, inputTokens: 0, outputTokens: 0 },
    ]);
    expect(runningPath(bars, bandX(2), upY)).toBe('M0,500H100L100,700H200');
    expect(runningPath([], bandX(0), upY)).toBe('');
  });

  test('the y ticks are round steps from zero (or the lowest point) past the highest', () => {
    const bars = (micros: readonly number[]) => deriveWaterfall(micros.map((m, i) => ({ row: i, nodeId: `n${i}`, micros: m, inputTokens: 0, outputTokens: 0 })));
    expect(costTicks(bars([1_000_000, 2_000_000, 3_000_000]))).toEqual([0, 2_000_000, 4_000_000, 6_000_000]);
    expect(costTicks(bars([8_780_000]))).toEqual([0, 2_500_000, 5_000_000, 7_500_000, 10_000_000]);
    // A refund below zero: the axis reaches below it.
    expect(costTicks(bars([300, -700]))).toEqual([-400, -200, 0, 200, 400]);
    // Tiny amounts keep round ticks (no 0.30000000000000004).
    expect(costTicks(bars([0.1, 0.2]))).toEqual([0, 0.1, 0.2, 0.3]);
    expect(costTicks([])).toEqual([0]);
  });
});
