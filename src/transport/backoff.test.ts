import { describe, expect, test } from 'vitest';

import { createBackoff } from '@/transport/backoff';

describe('createBackoff', () => {
  test('doubles the ceiling per attempt and never exceeds the cap', () => {
    const backoff = createBackoff({ baseMs: 100, capMs: 1000, random: () => 1 });
    const delays = Array.from({ length: 6 }, () => backoff.next().delayMs);
    expect(delays).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  test('jitter keeps at least half of the ceiling, so no retry is instant', () => {
    const backoff = createBackoff({ baseMs: 100, capMs: 1000, random: () => 0 });
    expect(backoff.next().delayMs).toBe(50);
    expect(backoff.next().delayMs).toBe(100);
  });

  test('reset starts counting attempts again', () => {
    const backoff = createBackoff({ baseMs: 100, random: () => 1 });
    backoff.next();
    backoff.next();
    backoff.reset();
    expect(backoff.next()).toEqual({ attempt: 1, delayMs: 100 });
  });
});
