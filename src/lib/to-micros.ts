/** Money conversions into integer micro-units (1 unit of currency = 1,000,000), done once at decode time. */

/** Decimal amount (e.g. USD 0.0045) → integer micro-units. */
export function decimalToMicros(amount: number): number {
  return Math.round(amount * 1_000_000);
}

/** relavium micro-cents (1 USD = 100,000,000) → integer micro-USD; sub-micro remainders round. */
export function microcentsToMicros(microcents: number): number {
  return Math.round(microcents / 100);
}
