import { describe, expect, test } from 'vitest';

import { matchSteps, type StepKey, type StepPair } from '@/features/compare/match-steps';

/** Steps whose ids never match across runs (each call a fresh id prefix), so only labels and order can. */
let run = 0;
const steps = (...labels: string[]): StepKey[] => {
  run += 1;
  return labels.map((label, i) => ({ id: `run${run}-${i}`, label }));
};
const ids = (...names: string[]): StepKey[] => names.map((id) => ({ id, label: `label of ${id}` }));

/** Rows as "a↔b (by)", "a|" (only A) and "|b" (only B), by label. */
function show(a: readonly StepKey[], b: readonly StepKey[], rows: readonly StepPair[]): string[] {
  return rows.map((r) => {
    const left = r.a === undefined ? '' : a[r.a]?.label;
    const right = r.b === undefined ? '' : b[r.b]?.label;
    return r.by ? `${left}↔${right} (${r.by})` : `${left}|${right}`;
  });
}

describe('matchSteps', () => {
  test('same ids match first, whatever the labels say', () => {
    const a = [{ id: 'plan', label: 'Plan' }, { id: 'write', label: 'Write' }];
    const b = [{ id: 'write', label: 'Plan' }, { id: 'plan', label: 'Write' }];
    expect(matchSteps(a, b)).toEqual([{ a: 0, b: 1, by: 'id' }, { a: 1, b: 0, by: 'id' }]);
  });

  test('labels match where ids do not, ignoring case and spacing', () => {
    const a = steps('Plan research', 'Search');
    const b = steps('plan   RESEARCH ', 'search');
    expect(show(a, b, matchSteps(a, b))).toEqual(['Plan research↔plan   RESEARCH  (label)', 'Search↔search (label)']);
  });

  test('duplicate labels pair in the order they occur', () => {
    const a = steps('search', 'search', 'search', 'write');
    const b = steps('search', 'search', 'write');
    const rows = matchSteps(a, b);
    expect(rows.filter((r) => r.by === 'label').map((r) => [r.a, r.b])).toEqual([[0, 0], [1, 1], [3, 2]]);
    expect(rows.find((r) => r.b === undefined)).toEqual({ a: 2 });
  });

  test('different protocols with different names pair by order between the steps that did match', () => {
    const a = steps('Plan', 'researcher-1', 'researcher-2', 'Write');
    const b = steps('plan', 'search_web', 'read_page', 'fact_check', 'write');
    expect(show(a, b, matchSteps(a, b))).toEqual([
      'Plan↔plan (label)',
      'researcher-1↔search_web (order)',
      'researcher-2↔read_page (order)',
      '|fact_check',
      'Write↔write (label)',
    ]);
  });

  test('nothing in common at all: pairs by order, the rest only in the longer run', () => {
    const a = ids('x', 'y');
    const b = ids('p', 'q', 'r');
    expect(matchSteps(a, b)).toEqual([{ a: 0, b: 0, by: 'order' }, { a: 1, b: 1, by: 'order' }, { b: 2 }]);
  });

  test('one run empty: every step is only in the other', () => {
    expect(matchSteps([], ids('a', 'b'))).toEqual([{ b: 0 }, { b: 1 }]);
    expect(matchSteps(ids('a', 'b'), [])).toEqual([{ a: 0 }, { a: 1 }]);
    expect(matchSteps([], [])).toEqual([]);
  });

  test('a step only B has comes after the B step before it', () => {
    const a = ids('a', 'b', 'c');
    const b = ids('a', 'new', 'b', 'c', 'tail');
    expect(matchSteps(a, b)).toEqual([{ a: 0, b: 0, by: 'id' }, { b: 1 }, { a: 1, b: 2, by: 'id' }, { a: 2, b: 3, by: 'id' }, { b: 4 }]);
  });

  test('crossing matches stay matched and do not make order pairs across them', () => {
    // c moved to the front in B: a, b keep their order; x and y only pair within their own gap.
    const a = ids('a', 'x', 'b', 'c');
    const b = ids('c', 'a', 'y', 'b');
    const rows = matchSteps(a, b);
    expect(rows).toContainEqual({ a: 3, b: 0, by: 'id' });
    expect(rows).toContainEqual({ a: 1, b: 2, by: 'order' });
    expect(rows.filter((r) => r.a !== undefined).map((r) => r.a)).toEqual([0, 1, 2, 3]);
  });

  test('every step of both runs appears exactly once, 2,000 steps with shuffled and duplicate labels', () => {
    const a: StepKey[] = Array.from({ length: 2000 }, (_, i) => ({ id: `a${i}`, label: `step ${i % 700}` }));
    const b: StepKey[] = Array.from({ length: 2000 }, (_, i) => ({ id: i % 5 === 0 ? `a${(i * 7) % 2000}` : `b${i}`, label: `step ${(i * 3) % 900}` }));
    const rows = matchSteps(a, b);
    const seenA = rows.flatMap((r) => (r.a === undefined ? [] : [r.a])).sort((x, y) => x - y);
    const seenB = rows.flatMap((r) => (r.b === undefined ? [] : [r.b])).sort((x, y) => x - y);
    expect(seenA).toEqual(a.map((_, i) => i));
    expect(seenB).toEqual(b.map((_, i) => i));
    for (const r of rows.filter((row) => row.by === 'id')) expect(a[r.a as number]?.id).toBe(b[r.b as number]?.id);
  });
});
