import { copyRecords, type Fold } from '@/lib/checkpointed-fold';

/** Sums cost and tokens of cost points into groups (per model, per attempt, ...), in first-seen order. */
export type CostAmounts = Readonly<{ micros: number; inputTokens: number; outputTokens: number; tokensOnly?: true }>;

/** `priced`: some point of the group stated a price (a group of tokens-only points reads "no cost reported"). */
export type CostSum = { micros: number; inputTokens: number; outputTokens: number; count: number; priced: boolean };

export function sumCostBy<P extends CostAmounts, K>(points: readonly P[], keyOf: (point: P) => K): Map<K, CostSum> {
  const sums = new Map<K, CostSum>();
  for (const point of points) addCostTo(sums, keyOf(point), point);
  return sums;
}

/** The same sums as a fold (lib/checkpointed-fold.ts), for views that sum every point again on each change. */
export function costSumFold<P extends CostAmounts, K>(keyOf: (point: P) => K): Fold<P, Map<K, CostSum>> {
  return {
    start: () => new Map(),
    add: (sums, point) => addCostTo(sums, keyOf(point), point),
    copy: copyRecords,
  };
}

function addCostTo<K>(sums: Map<K, CostSum>, key: K, point: CostAmounts): void {
  let sum = sums.get(key);
  if (!sum) sums.set(key, (sum = { micros: 0, inputTokens: 0, outputTokens: 0, count: 0, priced: false }));
  sum.micros += point.micros;
  sum.inputTokens += point.inputTokens;
  sum.outputTokens += point.outputTokens;
  sum.count += 1;
  if (!point.tokensOnly) sum.priced = true;
}
