/**
 * Two runs side by side: rows of matched steps (match-steps.ts) with their differences, the
 * steps only one run has, and where the runs first part ways. Pure; guarded by
 * compare-model.test.ts (and bench 11: a 2,000-step pair).
 *
 * A row "diverges" when a step is only in one run, or its status, its attempts or its output
 * differ. Durations, tokens and cost always differ a little between two runs; they are shown
 * with their differences but never make a row diverge.
 */
import { NODE_STATUS_TEXT } from '@/lib/node-status-text';

import type { RunFacts, StepFacts } from '@/features/compare/compare-types';
import { matchSteps, type MatchKind } from '@/features/compare/match-steps';

export type Difference = 'only-a' | 'only-b' | 'status' | 'attempts' | 'output';

export type CompareRow = Readonly<{
  /** 1-based position on the compare screen. */
  index: number;
  a?: StepFacts;
  b?: StepFacts;
  by?: MatchKind;
  differences: readonly Difference[];
  /** B minus A, where both sides have the figure. */
  durationDeltaMs?: number;
  tokensDelta?: number;
  costDeltaMicros?: number;
}>;

export type Divergence = Readonly<{ row: CompareRow; text: string }>;

export type CompareModel = Readonly<{
  rows: readonly CompareRow[];
  /** The first row that diverges, in words; undefined when none does. */
  firstDivergence?: Divergence;
  /** The first row whose step ended differently (or ran in one run only), when it is not the first divergence itself. */
  firstOutcome?: Divergence;
  matched: number;
  onlyA: number;
  onlyB: number;
  diverging: number;
}>;

export function buildCompareModel(a: RunFacts, b: RunFacts): CompareModel {
  const pairs = matchSteps(a.steps, b.steps);
  const rows = pairs.map((pair, k) => rowOf(k + 1, pair.a === undefined ? undefined : a.steps[pair.a], pair.b === undefined ? undefined : b.steps[pair.b], pair.by));
  const first = rows.find((row) => row.differences.length > 0);
  const outcome = rows.find((row) => row.differences.some((d) => d !== 'output' && d !== 'attempts'));
  return {
    rows,
    ...(first ? { firstDivergence: { row: first, text: divergenceText(first) } } : {}),
    ...(outcome && outcome !== first ? { firstOutcome: { row: outcome, text: divergenceText(outcome) } } : {}),
    matched: rows.filter((r) => r.a && r.b).length,
    onlyA: rows.filter((r) => r.a && !r.b).length,
    onlyB: rows.filter((r) => !r.a && r.b).length,
    diverging: rows.filter((r) => r.differences.length > 0).length,
  };
}

function rowOf(index: number, a: StepFacts | undefined, b: StepFacts | undefined, by: MatchKind | undefined): CompareRow {
  const base = { index, ...(a ? { a } : {}), ...(b ? { b } : {}), ...(by ? { by } : {}) };
  if (!a || !b) return { ...base, differences: [a ? 'only-a' : 'only-b'] };
  const differences: Difference[] = [];
  if (a.status !== b.status) differences.push('status');
  if (a.attempts !== b.attempts) differences.push('attempts');
  if (a.output !== b.output) differences.push('output');
  const duration = delta(a.durationMs, b.durationMs);
  const tokens = delta(a.tokens, b.tokens);
  const cost = delta(a.costMicros, b.costMicros);
  return {
    ...base,
    differences,
    ...(duration !== undefined ? { durationDeltaMs: duration } : {}),
    ...(tokens !== undefined ? { tokensDelta: tokens } : {}),
    ...(cost !== undefined ? { costDeltaMicros: cost } : {}),
  };
}

const delta = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : b - a);

/** "step 3 “search”: A succeeded, B failed" — one sentence a person reads at the top. */
export function divergenceText(row: CompareRow): string {
  const name = stepName(row);
  if (!row.b) return `step ${row.index} ${name} is only in run A`;
  if (!row.a) return `step ${row.index} ${name} is only in run B`;
  const parts: string[] = [];
  if (row.differences.includes('status')) parts.push(`A ${NODE_STATUS_TEXT[row.a.status]}, B ${NODE_STATUS_TEXT[row.b.status]}`);
  if (row.differences.includes('attempts')) parts.push(`${plural(row.a.attempts, 'attempt')} in A, ${row.b.attempts} in B`);
  if (row.differences.includes('output')) parts.push('the outputs differ');
  return `step ${row.index} ${name}: ${parts.join('; ')}`;
}

function stepName(row: CompareRow): string {
  const a = row.a?.label;
  const b = row.b?.label;
  if (a !== undefined && b !== undefined && a !== b) return `“${a}” / “${b}”`;
  return `“${a ?? b ?? ''}”`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
