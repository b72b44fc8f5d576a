/**
 * Integer micro-units → money text, with the precision micro amounts need:
 * $0.000123 for tiny amounts, $0.0123 for cents, $1.23 and $1,234.56 above a dollar.
 */
export function formatMoney(micros: number, currency = 'USD'): string {
  const amount = micros / 1_000_000;
  const abs = Math.abs(amount);
  const digits = abs === 0 ? 2 : abs < 0.01 ? 6 : abs < 1 ? 4 : 2;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
