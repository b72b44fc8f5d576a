/** Differences as a person reads them: a sign in text ("+1.2s", "−340"), never colour alone; no difference, nothing shown. */
import { formatDuration } from '@/lib/format-duration';
import { formatMoney } from '@/lib/format-money';

const MINUS = '−';

function signed(value: number, format: (abs: number) => string): string | undefined {
  if (value === 0) return undefined;
  return `${value > 0 ? '+' : MINUS}${format(Math.abs(value))}`;
}

export const durationDelta = (ms: number) => signed(ms, formatDuration);
export const tokensDelta = (n: number) => signed(n, (abs) => abs.toLocaleString('en-US'));
export const costDelta = (micros: number, currency: string) => signed(micros, (abs) => formatMoney(abs, currency));
