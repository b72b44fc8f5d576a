/**
 * What the compare screen shows, built in one call: the matched rows (compare-model.ts) and
 * a line-count summary of each differing output (output-diff.ts). Benchmark 11 times this
 * call on a 2,000-step pair.
 */
import type { RunFacts } from '@/features/compare/compare-types';
import { buildCompareModel, type CompareModel } from '@/features/compare/compare-model';
import { summarizeOutputDiff, type DiffSummary } from '@/features/compare/output-diff';

export type Comparison = Readonly<{ model: CompareModel; diffs: ReadonlyMap<number, DiffSummary> }>;

export function buildComparison(a: RunFacts, b: RunFacts): Comparison {
  const model = buildCompareModel(a, b);
  const diffs = new Map<number, DiffSummary>();
  for (const row of model.rows) {
    if (row.a && row.b && row.differences.includes('output')) diffs.set(row.index, summarizeOutputDiff(row.a.output, row.b.output));
  }
  return { model, diffs };
}
