import { describe, expect, test } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { AttemptProjection } from '@/stores/attempt-projection';
import { projectAttempts } from '@/stores/attempt-read';
import { EventLog } from '@/stores/event-log';
import type { GateState } from '@/stores/run-types';


function logOf(events: readonly RunEvent[], log = new EventLog()): EventLog {
  for (const event of events) log.append(event, -1);
  return log;
}

const track = (events: readonly RunEvent[]) => projectAttempts(logOf(events), [], {});

const summary = (tracker: { attempts: readonly { id: string; outcome: string; startedAtMs?: number | undefined; endedAtMs?: number | undefined; waits: readonly { fromMs: number; toMs?: number | undefined }[] }[] }) =>
  tracker.attempts.map((a) => `${a.id} ${a.outcome} ${a.startedAtMs}-${a.endedAtMs ?? '…'}${a.waits.length ? ` waits ${a.waits.map((w) => `${w.fromMs}-${w.toMs ?? '…'}`).join(',')}` : ''}`);

describe('attempt projection', () => {
  test('a node that runs and completes is one succeeded attempt', () => {
    const tracker = track([
      { type: 'run.started', atMs: 0 },
      { type: 'node.started', nodeId: 'a', atMs: 10 },
      { type: 'node.output', nodeId: 'a', delta: 'hi', atMs: 20 },
      { type: 'node.completed', nodeId: 'a', atMs: 50 },
    ]);
    expect(summary(tracker)).toEqual(['a#1 succeeded 10-50']);
    expect(tracker.runStartedAtMs).toBe(0);
  });

  test('a retry closes the first attempt as retried and queues the second from the retry', () => {
    const tracker = track([
      { type: 'node.started', nodeId: 'fetch', attempt: 1, atMs: 0 },
      { type: 'node.retrying', nodeId: 'fetch', attempt: 1, atMs: 30 },
      { type: 'node.started', nodeId: 'fetch', attempt: 2, atMs: 60 },
      { type: 'node.completed', nodeId: 'fetch', atMs: 90 },
    ]);
    expect(summary(tracker)).toEqual(['fetch#1 retried 0-30', 'fetch#2 succeeded 60-90']);
    expect(tracker.attempts[1]?.retryQueuedAtMs).toBe(30);
  });

  test('a start for the attempt already open changes nothing (doubled status events)', () => {
    const tracker = track([
      { type: 'node.started', nodeId: 'a', atMs: 0 },
      { type: 'node.started', nodeId: 'a', atMs: 5 },
      { type: 'node.status', nodeId: 'a', status: 'running', atMs: 6 },
      { type: 'node.status', nodeId: 'a', status: 'succeeded', atMs: 9 },
      { type: 'node.status', nodeId: 'a', status: 'succeeded', atMs: 12 },
    ]);
    expect(summary(tracker)).toEqual(['a#1 succeeded 0-9']);
  });

  test('a gate on a node is a wait for a person inside its attempt', () => {
    const tracker = track([
      { type: 'node.started', nodeId: 'review', atMs: 0 },
      { type: 'gate.opened', gateId: 'g', nodeId: 'review', kind: 'approval', message: 'ok?', options: [], atMs: 10 },
      { type: 'gate.resolved', gateId: 'g', nodeId: 'review', decision: 'approved', atMs: 70 },
      { type: 'node.completed', nodeId: 'review', atMs: 75 },
    ]);
    expect(summary(tracker)).toEqual(['review#1 succeeded 0-75 waits 10-70']);
    expect(tracker.attempts[0]?.waits[0]?.gateId).toBe('g');
  });

  test('a "waiting" status before its gate is one wait, named after the gate', () => {
    const tracker = track([
      { type: 'node.status', nodeId: 'review', status: 'waiting', atMs: 5 },
      { type: 'gate.opened', gateId: 'g', nodeId: 'review', kind: 'approval', message: 'ok?', options: [], atMs: 10 },
      { type: 'gate.resolved', gateId: 'g', nodeId: 'review', decision: 'rejected', atMs: 70 },
    ]);
    expect(tracker.attempts[0]?.waits).toEqual([{ fromMs: 5, toMs: 70, gateId: 'g' }]);
  });

  test('a skipped node with no attempt gets a zero-length not-run attempt', () => {
    expect(summary(track([{ type: 'node.skipped', nodeId: 'notify', atMs: 40 }]))).toEqual(['notify#1 not_run 40-40']);
  });

  test('an end restated after the attempt ended adds no attempt (task lists restate statuses)', () => {
    const tracker = track([
      { type: 'node.started', nodeId: 'load', atMs: 0 },
      { type: 'node.failed', nodeId: 'load', error: { message: 'bad schema' }, atMs: 10 },
      { type: 'node.status', nodeId: 'load', status: 'failed', atMs: 20 },
      { type: 'node.failed', nodeId: 'load', error: { message: 'bad schema' }, atMs: 30 },
      { type: 'node.skipped', nodeId: 'notify', atMs: 30 },
      { type: 'node.status', nodeId: 'notify', status: 'not_run', atMs: 40 },
    ]);
    expect(summary(tracker)).toEqual(['load#1 failed 0-10', 'notify#1 not_run 30-30']);
  });

  test('events without a clock take the last time seen; a cancelled run closes what is open', () => {
    const tracker = track([
      { type: 'node.started', nodeId: 'crawl', atMs: 100 },
      { type: 'node.output', nodeId: 'other', delta: 'x' },
      { type: 'run.cancelled', atMs: 400 },
    ]);
    expect(summary(tracker)).toEqual(['crawl#1 cancelled 100-400', 'other#1 cancelled 100-400']);
  });

  test('advance reads only new rows, and reads everything again when the log shrank (replay seeking back)', () => {
    const log = logOf([{ type: 'node.started', nodeId: 'a', atMs: 0 }]);
    const tracker = new AttemptProjection();
    tracker.advance(log);
    const first = tracker.version;
    logOf([{ type: 'node.completed', nodeId: 'a', atMs: 10 }], log);
    tracker.advance(log);
    expect(summary(tracker)).toEqual(['a#1 succeeded 0-10']);
    const checkpoint = { length: 1, revision: 1, open: [] };
    log.restore(checkpoint);
    tracker.advance(log);
    expect(summary(tracker)).toEqual(['a#1 running 0-…']);
    expect(tracker.version).toBeGreaterThan(first);
  });

  test('text that arrives after the attempt ended opens no attempt (the node-status store says so too)', () => {
    const tracker = track([
      { type: 'node.started', nodeId: 'a', atMs: 0 },
      { type: 'node.completed', nodeId: 'a', atMs: 10 },
      { type: 'node.output', nodeId: 'a', delta: 'late', atMs: 11 },
      { type: 'node.started', nodeId: 'a', atMs: 12 },
    ]);
    expect(summary(tracker)).toEqual(['a#1 succeeded 0-10']);
  });

  test('a node pending when the run ended did not run, until a late event about it arrives', () => {
    const events: RunEvent[] = [
      { type: 'graph.defined', nodes: [{ id: 'a', label: 'A' }], edges: [], atMs: 0 },
      { type: 'run.completed', atMs: 50 },
    ];
    expect(summary(track(events))).toEqual(['a#1 not_run 50-50']);
    const late = track([...events, { type: 'node.started', nodeId: 'a', atMs: 60 }, { type: 'node.completed', nodeId: 'a', atMs: 70 }]);
    expect(summary(late)).toEqual(['a#1 succeeded 60-70']);
  });

  test('a node first named after the run ended did not run either (a plan delivered late)', () => {
    const tracker = track([
      { type: 'node.started', nodeId: 'a', atMs: 10 },
      { type: 'node.failed', nodeId: 'a', error: { message: 'boom' }, atMs: 20 },
      { type: 'run.failed', error: { message: 'boom' }, atMs: 30 },
      { type: 'graph.defined', nodes: [{ id: 'a', label: 'A', status: 'pending' }, { id: 'b', label: 'B', status: 'pending' }], edges: [] },
    ]);
    expect(summary(tracker)).toEqual(['a#1 failed 10-20', 'b#1 not_run 30-30']);
  });

  test('an outcome for a later attempt than seen opens that attempt; a run that ends leaves the open ones unfinished', () => {
    const tracker = track([
      { type: 'node.started', nodeId: 'a', attempt: 1, atMs: 0 },
      { type: 'node.failed', nodeId: 'a', attempt: 2, error: { message: 'x' }, atMs: 20 },
      { type: 'node.started', nodeId: 'b', atMs: 5 },
      { type: 'run.failed', error: { message: 'boom' }, atMs: 30 },
    ]);
    expect(summary(tracker)).toEqual(['a#1 retried 0-20', 'a#2 failed 20-20', 'b#1 unfinished 5-30']);
  });

  test('attempts before any event carried a time are counted, without times', () => {
    const tracker = track([
      { type: 'node.started', nodeId: 'a' },
      { type: 'node.retrying', nodeId: 'a', attempt: 1 },
      { type: 'node.started', nodeId: 'a' },
    ]);
    expect(tracker.attempts.map((a) => [a.id, a.outcome, a.startedAtMs])).toEqual([['a#1', 'retried', undefined], ['a#2', 'running', undefined]]);
  });

  test('cost splits at attempt starts and retries, never by the record\'s own attempt number', () => {
    const events: RunEvent[] = [
      { type: 'node.started', nodeId: 'a' },
      { type: 'cost.recorded', nodeId: 'a', micros: 100, currency: 'USD', inputTokens: 10 },
      { type: 'node.retrying', nodeId: 'a', attempt: 1 },
      { type: 'cost.recorded', nodeId: 'a', micros: 5, currency: 'USD' },
      { type: 'node.started', nodeId: 'a' },
      { type: 'cost.recorded', nodeId: 'a', micros: 200, currency: 'USD', outputTokens: 7 },
      { type: 'node.retrying', nodeId: 'a', attempt: 2 },
      { type: 'node.started', nodeId: 'a', attempt: 3 },
      { type: 'cost.recorded', nodeId: 'a', micros: 50, currency: 'USD' },
    ];
    const points = events.flatMap((e, row) => (e.type === 'cost.recorded' ? [{ row, nodeId: 'a', micros: e.micros, inputTokens: e.inputTokens ?? 0, outputTokens: e.outputTokens ?? 0 }] : []));
    const attempts = projectAttempts(logOf(events), points, {}).byNode.get('a') ?? [];
    expect(attempts.map((a) => [a.attempt, a.outcome, a.cost])).toEqual([
      [1, 'retried', { micros: 100, inputTokens: 10, outputTokens: 0, records: 1, priced: true }],
      [2, 'retried', { micros: 205, inputTokens: 0, outputTokens: 7, records: 2, priced: true }],
      [3, 'running', { micros: 50, inputTokens: 0, outputTokens: 0, records: 1, priced: true }],
    ]);
  });

  test("an attempt that asked a person reads its gate's verdict, as its graph node does", () => {
    const gate = (gateId: string, patch: Partial<GateState>): GateState => ({
      gateId, runId: 'r', nodeId: 'review', kind: 'approval', message: 'ok?', acceptsText: false, answerable: false, openedAtMs: 0, row: 0, status: 'resolved',
      options: [{ value: 'approve', label: 'Approve', tone: 'approve' }, { value: 'reject', label: 'Reject', tone: 'reject' }], ...patch,
    });
    const gates = {
      no: gate('no', { resolution: { decision: 'reject' } }),
      late: gate('late', { status: 'timed_out', resolution: { decision: 'rejected', decidedBy: 'timeout' } }),
      yes: gate('yes', { resolution: { decision: 'approve' } }),
    };
    const asked = (nodeId: string, gateId: string, at: number, end: RunEvent['type'] = 'node.completed'): RunEvent[] => [
      { type: 'node.started', nodeId, atMs: at },
      { type: 'gate.opened', gateId, nodeId, kind: 'approval', message: 'ok?', options: [], atMs: at + 1 },
      { type: 'gate.resolved', gateId, nodeId, decision: 'x', atMs: at + 4 },
      end === 'node.failed' ? { type: 'node.failed', nodeId, error: { message: 'no' }, atMs: at + 5 } : { type: 'node.completed', nodeId, atMs: at + 5 },
    ];
    const events = [...asked('review', 'no', 0), ...asked('deploy', 'late', 10), ...asked('ship', 'yes', 20), ...asked('stop', 'no', 30, 'node.failed')];
    const attempts = projectAttempts(logOf(events), [], gates).attempts;
    expect(attempts.map((a) => [a.nodeId, a.gate?.verdict, a.gate?.turnedDown])).toEqual([
      ['review', 'rejected', true],
      ['deploy', 'timed out (rejected)', true],
      ['ship', 'approved', false],
      ['stop', undefined, undefined],
    ]);
  });

  test('a success whose start was never seen (a snapshot on joining late) is counted, with no start time', () => {
    const tracker = track([
      { type: 'graph.defined', nodes: [{ id: 'a', label: 'A', status: 'succeeded' }, { id: 'b', label: 'B', status: 'running' }], edges: [], atMs: 100 },
      { type: 'node.completed', nodeId: 'b', atMs: 150 },
    ]);
    expect(tracker.attempts.map((a) => [a.id, a.outcome, a.startedAtMs, a.endedAtMs])).toEqual([['a#1', 'succeeded', undefined, 100], ['b#1', 'succeeded', 100, 150]]);
  });
});
