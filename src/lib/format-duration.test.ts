import { describe, expect, it } from 'vitest';

import { formatDuration } from '@/lib/format-duration';

describe('formatDuration', () => {
  it('shows milliseconds under a tenth of a second, never "0.0s" beside a visible bar', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(42.7)).toBe('42ms');
    expect(formatDuration(99)).toBe('99ms');
  });

  it('shows tenths of a second under ten seconds', () => {
    expect(formatDuration(100)).toBe('0.1s');
    expect(formatDuration(430)).toBe('0.4s');
    expect(formatDuration(9_999)).toBe('9.9s');
  });

  it('shows whole seconds, then minutes, then hours', () => {
    expect(formatDuration(12_345)).toBe('12s');
    expect(formatDuration(185_000)).toBe('3m 05s');
    expect(formatDuration(3_725_000)).toBe('1h 02m');
  });

  it('reads a dash for skewed or broken input', () => {
    expect(formatDuration(-5)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});
