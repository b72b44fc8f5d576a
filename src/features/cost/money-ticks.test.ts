import { describe, expect, test } from 'vitest';

import { moneyScale } from '@/features/cost/money-ticks';

describe('moneyScale', () => {
  test('from zero to a round amount above the highest, in round steps', () => {
    expect(moneyScale(0, 4_390_000)).toEqual({ low: 0, high: 6_000_000, ticks: [0, 2_000_000, 4_000_000, 6_000_000] });
    expect(moneyScale(0, 700).ticks).toEqual([0, 200, 400, 600, 800]);
    expect(moneyScale(0, 1_000).ticks).toEqual([0, 250, 500, 750, 1_000]);
  });

  test('at most about `count` ticks, whatever the range', () => {
    for (const max of [1, 3, 7, 12, 99, 101, 4_390_000, 123_456_789]) {
      const { ticks, high } = moneyScale(0, max);
      expect(ticks.length, String(max)).toBeLessThanOrEqual(6);
      expect(high, String(max)).toBeGreaterThanOrEqual(max);
      expect(ticks.at(-1)).toBe(high);
    }
  });

  test('a refund below zero takes the axis below zero; nothing at all still draws an axis', () => {
    const { low, high, ticks } = moneyScale(-300, 500);
    expect(low).toBeLessThanOrEqual(-300);
    expect(high).toBeGreaterThanOrEqual(500);
    expect(ticks).toContain(0);
    expect(moneyScale(0, 0)).toEqual({ low: 0, high: 1, ticks: [0, 1] });
  });
});
