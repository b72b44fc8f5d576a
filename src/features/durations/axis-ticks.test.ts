import { expect, test } from 'vitest';

import { axisTicks } from '@/features/durations/axis-ticks';

test('ticks use round steps that fit the span', () => {
  expect(axisTicks(10_000).map((t) => t.label)).toEqual(['0s', '2.0s', '4.0s', '6.0s', '8.0s', '10s']);
  expect(axisTicks(600).map((t) => t.offsetMs)).toEqual([0, 100, 200, 300, 400, 500, 600]);
  expect(axisTicks(700).map((t) => t.offsetMs)).toEqual([0, 200, 400, 600]);
  expect(axisTicks(3 * 3_600_000).length).toBeLessThanOrEqual(7);
});

test('an empty span has one tick', () => {
  expect(axisTicks(0)).toEqual([{ offsetMs: 0, label: '0s' }]);
});
