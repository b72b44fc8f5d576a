import { describe, expect, test } from 'vitest';

import type { RunFacts, StepFacts } from '@/features/compare/compare-types';
import { buildCompareModel } from '@/features/compare/compare-model';

const step = (id: string, over: Partial<StepFacts> = {}): StepFacts => ({ id, label: id, status: 'succeeded', attempts: 1, output: `out of ${id}`, ...over });
const run = (steps: StepFacts[], over: Partial<RunFacts> = {}): RunFacts => ({
  title: 'r', runId: 'r', dialect: 'relavium', dialectLabel: 'Relavium', mode: 'replay', status: 'succeeded', currency: 'USD', steps, ...over,
});

describe('buildCompareModel', () => {
  test('identical runs: every step matched, nothing diverges', () => {
    const model = buildCompareModel(run([step('a'), step('b')]), run([step('a'), step('b')]));
    expect(model.firstDivergence).toBeUndefined();
    expect(model).toMatchObject({ matched: 2, onlyA: 0, onlyB: 0, diverging: 0 });
  });

  test('the first divergence names the step and how it differs; the first different outcome is named too', () => {
    const a = run([step('plan'), step('search', { output: 'old' }), step('write')]);
    const b = run([step('plan'), step('search', { output: 'new' }), step('write', { status: 'failed', attempts: 3 })]);
    const model = buildCompareModel(a, b);
    expect(model.firstDivergence?.text).toBe('step 2 “search”: the outputs differ');
    expect(model.firstOutcome?.text).toBe('step 3 “write”: A succeeded, B failed; 1 attempt in A, 3 in B');
    expect(model.diverging).toBe(2);
  });

  test('a step only one run has diverges there', () => {
    const model = buildCompareModel(run([step('a'), step('b')]), run([step('a'), step('x', { label: 'Extra check' }), step('b')]));
    expect(model.rows.map((r) => r.differences)).toEqual([[], ['only-b'], []]);
    expect(model.firstDivergence?.text).toBe('step 2 “Extra check” is only in run B');
  });

  test('differences in duration, tokens and cost are B minus A, and only where both sides have the figure', () => {
    const a = run([step('a', { durationMs: 1000, tokens: 500, costMicros: 2000 })]);
    const b = run([step('a', { durationMs: 1500, tokens: 300 })]);
    const [row] = buildCompareModel(a, b).rows;
    expect(row).toMatchObject({ durationDeltaMs: 500, tokensDelta: -200 });
    expect(row?.costDeltaMicros).toBeUndefined();
    expect(row?.differences).toEqual([]);
  });

  test('an empty run against a full one: all steps only in the other, said at the first', () => {
    const model = buildCompareModel(run([]), run([step('a'), step('b')], { dialect: 'agui' }));
    expect(model).toMatchObject({ matched: 0, onlyA: 0, onlyB: 2 });
    expect(model.firstDivergence?.text).toBe('step 1 “a” is only in run B');
  });

  test('steps matched by order across protocols name both labels', () => {
    const a = run([step('n1', { label: 'researcher' })]);
    const b = run([step('t1', { label: 'search_web', status: 'failed' })], { dialect: 'agui' });
    const model = buildCompareModel(a, b);
    expect(model.rows[0]?.by).toBe('order');
    expect(model.firstDivergence?.text).toBe('step 1 “researcher” / “search_web”: A succeeded, B failed; the outputs differ');
  });

  test('hostile labels stay as the producer wrote them (the view renders them as text)', () => {
    const label = '<img src=x onerror=alert(1)>';
    const model = buildCompareModel(run([step('a', { label })]), run([]));
    expect(model.firstDivergence?.text).toBe(`step 1 “${label}” is only in run A`);
  });
});
