import { describe, expect, it } from 'vitest';

import { formatMoney } from '@/lib/format-money';

describe('formatMoney', () => {
  it('keeps three significant digits for sub-cent amounts', () => {
    expect(formatMoney(123, 'USD')).toBe('$0.000123');
    expect(formatMoney(1_230, 'USD')).toBe('$0.00123');
    expect(formatMoney(1, 'USD')).toBe('$0.000001');
  });

  it('shows cents-level amounts with up to four decimals', () => {
    expect(formatMoney(12_300, 'USD')).toBe('$0.0123');
    expect(formatMoney(500_000, 'USD')).toBe('$0.50');
  });

  it('uses two decimals and grouping from one unit up', () => {
    expect(formatMoney(1_230_000, 'USD')).toBe('$1.23');
    expect(formatMoney(1_234_560_000, 'USD')).toBe('$1,234.56');
  });

  it('handles zero and negatives', () => {
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(-1_500_000, 'USD')).toBe('-$1.50');
    expect(formatMoney(-123, 'USD')).toBe('-$0.000123');
  });

  it('formats other ISO currencies through Intl and unknown codes as text', () => {
    expect(formatMoney(2_500_000, 'EUR')).toBe('€2.50');
    expect(formatMoney(2_500_000, 'credits')).toBe('2.50 CREDITS');
  });

  it('never throws on non-finite input', () => {
    expect(formatMoney(Number.NaN, 'USD')).toBe('—');
  });
});
