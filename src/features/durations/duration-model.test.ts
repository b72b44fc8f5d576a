import { describe, expect, test } from 'vitest';

import type { GateState } from '@/stores/run-types';

import type { Attempt } from '@/features/durations/attempt-tracker';
import { buildDurationModel } from '@/features/durations/duration-model';

const attempt = (nodeId: string, startedAtMs: number, endedAtMs: number, extra: Partial<Attempt> = {}): Attempt => ({
  id: `${nodeId}#${extra.attempt ?? 1}`,
  nodeId,
  attempt: 1,
  startedAtMs,
  endedAtMs,
  outcome: 'succeeded',
  waits: [],
  row: startedAtMs,
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

  test('not run is the node projection\'s word: a row for a node no event touched, and a MARS-style "failed" zero-length end reads not run with its reason', () => {
    const nodes = {
      load: { status: 'failed' as const, attempt: 1, startedAtMs: 0, endedAtMs: 10 },
      notify: { status: 'not_run' as const, attempt: 1, endedAtMs: 30, reason: 'upstream_unreachable' },
      report: { status: 'not_run' as const, attempt: 1, endedAtMs: 40, leftAtRunEnd: true as const },
    };
    const model = buildDurationModel(
      { attempts: [attempt('load', 0, 10, { outcome: 'failed' }), attempt('notify', 30, 30, { outcome: 'failed' })], declaredAtMs: new Map(), runStartedAtMs: 0 },
      { nodes: { load: { label: 'Load' }, notify: { label: 'Notify' }, report: { label: 'Report' } }, edges: [] },
      100,
      {},
      nodes,
    );
    expect(model.rows.map((r) => [r.label, r.attempt.outcome, r.notRunReason])).toEqual([
      ['Load', 'failed', undefined],
      ['Notify', 'not_run', 'upstream_unreachable'],
      ['Report', 'not_run', undefined],
    ]);
    expect(model.rows[2]?.attempt).toMatchObject({ startedAtMs: 40, endedAtMs: 40 });
    expect(model.rows.map((r) => r.critical)).toEqual([true, false, false]);
  });

  test('nothing yet: the axis is a moment at now', () => {
    const model = buildDurationModel({ attempts: [], declaredAtMs: new Map(), runStartedAtMs: undefined }, { nodes: {}, edges: [] }, 500);
    expect([model.rows.length, model.startMs, model.endMs]).toEqual([0, 500, 501]);
  });

  test('an attempt that asked a person reads its gate’s verdict, as its graph node does, never "succeeded"', () => {
    const gate = (gateId: string, patch: Partial<GateState>): GateState => ({
      gateId, runId: 'r', nodeId: 'review', kind: 'approval', message: 'ok?', acceptsText: false, answerable: false, openedAtMs: 0, row: 0, status: 'resolved',
      options: [{ value: 'approve', label: 'Approve', tone: 'approve' }, { value: 'reject', label: 'Reject', tone: 'reject' }], ...patch,
    });
    const gates = {
      no: gate('no', { resolution: { decision: 'reject' } }),
      late: gate('late', { status: 'timed_out', resolution: { decision: 'rejected', decidedBy: 'timeout' } }),
      yes: gate('yes', { resolution: { decision: 'approve' } }),
    };
    const asked = (nodeId: string, gateId: string, start: number, extra: Partial<Attempt> = {}) => attempt(nodeId, start, start + 5, { waits: [{ fromMs: start, toMs: start + 4, gateId }], ...extra });
    const model = buildDurationModel(
      { attempts: [asked('review', 'no', 0), asked('deploy', 'late', 10), asked('ship', 'yes', 20), asked('stop', 'no', 30, { outcome: 'failed' }), attempt('plain', 40, 45)], declaredAtMs: new Map(), runStartedAtMs: 0 },
      { nodes: {}, edges: [] },
      100,
      gates,
    );
    expect(model.rows.map((r) => [r.attempt.nodeId, r.verdict, r.turnedDown])).toEqual([
      ['review', 'rejected', true],
      ['deploy', 'timed out (rejected)', true],
      ['ship', 'approved', false],
      ['stop', undefined, undefined],
      ['plain', undefined, undefined],
    ]);
  });
});
