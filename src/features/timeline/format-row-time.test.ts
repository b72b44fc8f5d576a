import { describe, expect, it } from 'vitest';

import { formatRowTime } from '@/features/timeline/format-row-time';

describe('formatRowTime', () => {
  it('shows time since the run started as +HH:MM:SS.mmm', () => {
    expect(formatRowTime(1_000 + 3_723_045, 1_000)).toBe('+01:02:03.045');
    expect(formatRowTime(900, 1_000)).toBe('-00:00:00.100');
  });

  it('falls back to the local wall clock without a base, and a dash without a time', () => {
    const at = new Date(2026, 0, 2, 13, 4, 5, 6).getTime();
    expect(formatRowTime(at, undefined)).toBe('13:04:05.006');
    expect(formatRowTime(undefined, 0)).toBe('—');
  });
});
