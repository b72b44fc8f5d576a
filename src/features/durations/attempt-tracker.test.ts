import { describe, expect, test } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { EventLog } from '@/stores/event-log';

import { AttemptTracker } from '@/features/durations/attempt-tracker';

function logOf(events: readonly RunEvent[], log = new EventLog()): EventLog {
  for (const event of events) log.append(event, -1);
  return log;
}

const track = (events: readonly RunEvent[]) => {
  const tracker = new AttemptTracker();
  tracker.advance(logOf(events));
  return tracker;
};

const summary = (tracker: AttemptTracker) =>
  tracker.attempts.map((a) => `${a.id} ${a.outcome} ${a.startedAtMs}-${a.endedAtMs ?? '…'}${a.waits.length ? ` waits ${a.waits.map((w) => `${w.fromMs}-${w.toMs ?? '…'}`).join(',')}` : ''}`);

describe('attempt tracker', () => {
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
      { type: 'node.retrying', nodeId: 'fetch', attempt: 2, atMs: 30 },
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
    const tracker = new AttemptTracker();
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
});
