import { describe, expect, test } from 'vitest';

import { buildDurationModel, type TimedAttempt as Attempt } from '@/features/durations/duration-model';

const NO_COST = { micros: 0, inputTokens: 0, outputTokens: 0, records: 0, priced: false };

const attempt = (nodeId: string, startedAtMs: number, endedAtMs: number, extra: Partial<Attempt> = {}): Attempt => ({
  id: `${nodeId}#${extra.attempt ?? 1}`,
  nodeId,
  attempt: 1,
  startedAtMs,
  endedAtMs,
  outcome: 'succeeded',
  waits: [],
  row: startedAtMs,
  cost: NO_COST,
  ...extra,
});

describe('duration model', () => {
  test('rows follow start order with labels from the graph; queued runs from the last predecessor end', () => {
    const model = buildDurationModel(
      { attempts: [attempt('write', 60, 80), attempt('plan', 0, 10), attempt('research', 10, 50)], declaredAtMs: new Map([['write', 0]]), runStartedAtMs: 0 },
      { nodes: { plan: { label: 'Plan' }, write: { label: 'Write' } }, edges: [{ source: 'plan', target: 'research' }, { source: 'research', target: 'write' }] },
      100,
    );
    expect(model.rows.map((r) => [r.label, r.queuedFromMs, r.critical])).toEqual([
      ['Plan', undefined, true],
      ['research', undefined, true],
      ['Write', 50, true],
    ]);
    expect([model.startMs, model.endMs, model.criticalMs]).toEqual([0, 80, 70]);
  });

  test('a retry is queued from when it was scheduled', () => {
    const model = buildDurationModel(
      { attempts: [attempt('fetch', 0, 30, { outcome: 'retried' }), attempt('fetch', 45, 60, { attempt: 2, retryQueuedAtMs: 30 })], declaredAtMs: new Map(), runStartedAtMs: undefined },
      { nodes: {}, edges: [] },
      100,
    );
    expect(model.rows.map((r) => r.queuedFromMs)).toEqual([undefined, 30]);
  });

  test('a node that never ran is not shown as queued', () => {
    const model = buildDurationModel(
      { attempts: [attempt('load', 0, 10, { outcome: 'failed' }), attempt('notify', 30, 30, { outcome: 'not_run' })], declaredAtMs: new Map([['notify', 0]]), runStartedAtMs: 0 },
      { nodes: {}, edges: [{ source: 'load', target: 'notify' }] },
      100,
    );
    expect(model.rows.map((r) => r.queuedFromMs)).toEqual([undefined, undefined]);
  });

  test('a not-run attempt reads its reason and is on no critical path', () => {
    const model = buildDurationModel(
      { attempts: [attempt('load', 0, 10, { outcome: 'failed' }), attempt('notify', 30, 30, { outcome: 'not_run', notRunReason: 'upstream_unreachable' })], declaredAtMs: new Map(), runStartedAtMs: 0 },
      { nodes: { load: { label: 'Load' }, notify: { label: 'Notify' } }, edges: [] },
      100,
    );
    expect(model.rows.map((r) => [r.label, r.attempt.outcome, r.notRunReason, r.critical])).toEqual([
      ['Load', 'failed', undefined, true],
      ['Notify', 'not_run', 'upstream_unreachable', false],
    ]);
  });

  test('attempts never placed in time get no row', () => {
    const untimed = { ...attempt('a', 0, 1), startedAtMs: undefined } as unknown as Attempt;
    const model = buildDurationModel({ attempts: [untimed, attempt('b', 5, 9)], declaredAtMs: new Map(), runStartedAtMs: 0 }, { nodes: {}, edges: [] }, 100);
    expect(model.rows.map((r) => r.attempt.nodeId)).toEqual(['b']);
  });

  test('nothing yet: the axis is a moment at now', () => {
    const model = buildDurationModel({ attempts: [], declaredAtMs: new Map(), runStartedAtMs: undefined }, { nodes: {}, edges: [] }, 500);
    expect([model.rows.length, model.startMs, model.endMs]).toEqual([0, 500, 501]);
  });

  test("an attempt that asked a person reads its gate's verdict, never \"succeeded\"", () => {
    const gate = (verdict: string, turnedDown: boolean) => ({ gate: { gateId: 'g', verdict, turnedDown } });
    const model = buildDurationModel(
      { attempts: [attempt('review', 0, 5, gate('rejected', true)), attempt('ship', 20, 25, gate('approved', false)), attempt('plain', 40, 45)], declaredAtMs: new Map(), runStartedAtMs: 0 },
      { nodes: {}, edges: [] },
      100,
    );
    expect(model.rows.map((r) => [r.attempt.nodeId, r.verdict, r.turnedDown])).toEqual([
      ['review', 'rejected', true],
      ['ship', 'approved', false],
      ['plain', undefined, undefined],
    ]);
  });
});
