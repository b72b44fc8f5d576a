import { describe, expect, test } from 'vitest';

import { formatMoney } from '@/lib/format-money';

describe('formatMoney', () => {
  test.each([
    [0, '$0.00'],
    [123, '$0.000123'],
    [12_300, '$0.0123'],
    [1_230_000, '$1.23'],
    [1_234_560_000, '$1,234.56'],
    [-5_000, '-$0.005000'],
  ])('%i micro-USD reads %s', (micros, text) => {
    expect(formatMoney(micros)).toBe(text);
  });

  test('other currencies keep their code', () => {
    expect(formatMoney(2_500_000, 'EUR')).toBe('€2.50');
  });
});
