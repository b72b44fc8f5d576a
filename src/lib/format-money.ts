/**
 * Money as a person reads it, from integer micro-units (1 USD = 1,000,000 micros).
 *
 * Why variable precision: agent costs are often fractions of a cent, and "$0.00" would
 * hide them. Tiny amounts keep three significant digits ($0.000123), cents-level amounts
 * four decimals ($0.0123), and anything from $1 up uses the currency's usual two.
 * Non-USD codes go through Intl so the symbol and grouping are right; an unknown code
 * falls back to "<amount> <CODE>". Pure; guarded by format-money.test.ts.
 */
const MICROS_PER_UNIT = 1_000_000;

export function formatMoney(micros: number, currency = 'USD'): string {
  if (!Number.isFinite(micros)) return '—';
  const code = currency.trim().toUpperCase() || 'USD';
  const amount = micros / MICROS_PER_UNIT;
  const abs = Math.abs(amount);
  const digits = fractionDigits(abs);
  const text = formatAbs(abs, code, digits);
  return amount < 0 && abs > 0 ? `-${text}` : text;
}

/** Decimals to show so the first significant digits of a small amount survive. */
function fractionDigits(abs: number): { min: number; max: number } {
  if (abs === 0 || abs >= 1) return { min: 2, max: 2 };
  if (abs >= 0.01) return { min: 2, max: 4 };
  // Three significant digits below one cent: 0.000123 → 6 decimals.
  const leadingZeros = Math.floor(-Math.log10(abs));
  const max = Math.min(leadingZeros + 3, 6);
  return { min: 2, max };
}

function formatAbs(abs: number, code: string, digits: { min: number; max: number }): string {
  if (code === 'USD') return `$${formatterFor(undefined, digits).format(abs)}`;
  try {
    return formatterFor(code, digits).format(abs);
  } catch {
    // Not an ISO 4217 code (credits, tokens...): show the number and the code as sent.
    return `${formatterFor(undefined, digits).format(abs)} ${code}`;
  }
}

/**
 * Formatters are kept, one per currency and precision. Why: `toLocaleString` with options
 * builds a new Intl formatter on every call (~0.1 ms), and the cost panel of a run with a
 * thousand nodes formats thousands of amounts on every replay seek (measured: most of a
 * 600 ms scrub in Chromium). An unknown code throws here and is not kept.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string | undefined, digits: { min: number; max: number }): Intl.NumberFormat {
  const key = `${currency ?? ''} ${digits.min} ${digits.max}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options = { minimumFractionDigits: digits.min, maximumFractionDigits: digits.max };
    formatter = new Intl.NumberFormat('en-US', currency === undefined ? options : { style: 'currency', currency, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}
