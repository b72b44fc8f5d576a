/**
 * The cost chart's value axis: a domain from zero (or the lowest value, when refunds take
 * the total below zero) to a round amount at or above the highest, split into round steps
 * (1, 2, 2.5 or 5 times a power of ten) so that at most `count` ticks are drawn.
 * Pure; guarded by money-ticks.test.ts.
 */
export type MoneyScale = Readonly<{ low: number; high: number; ticks: readonly number[] }>;

const STEPS = [1, 2, 2.5, 5, 10];

/** A round step of at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  return (STEPS.find((s) => s * power >= raw - 1e-9 * power) ?? 10) * power;
}

export function moneyScale(min: number, max: number, count = 5): MoneyScale {
  const low0 = Math.min(0, min);
  const high0 = Math.max(0, max);
  if (!(high0 > low0)) return { low: 0, high: 1, ticks: [0, 1] };
  const step = niceStep((high0 - low0) / Math.max(1, count - 1));
  const low = Math.floor(low0 / step) * step;
  const high = Math.ceil(high0 / step) * step;
  const ticks: number[] = [];
  // Counted in steps, not summed, so no rounding error piles up on the last tick.
  for (let i = 0; low + i * step <= high + step / 2; i++) ticks.push(low + i * step);
  return { low, high, ticks };
}
