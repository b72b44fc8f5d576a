import { describe, expect, it } from 'vitest';

import { formatClockTime } from '@/lib/format-clock-time';

describe('formatClockTime', () => {
  const now = new Date(2026, 4, 20, 18, 0, 0).getTime();

  it('shows the time of day alone when the moment is today', () => {
    expect(formatClockTime(new Date(2026, 4, 20, 9, 5, 7).getTime(), now)).toBe('09:05:07');
  });

  it('adds the date when the moment is another day (a replay of an old run)', () => {
    expect(formatClockTime(new Date(2026, 0, 2, 14, 3, 7).getTime(), now)).toBe('2 Jan 2026, 14:03:07');
  });
});
