/** The attempts the cost-by-attempt table lists: those the backend recorded cost or tokens for. */
import type { NodeAttempt } from '@/stores';

export function costRowsOf(attempts: readonly NodeAttempt[]): NodeAttempt[] {
  return attempts.filter((a) => a.cost.records > 0);
}
