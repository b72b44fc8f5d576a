/** Run facts the run store keeps beside the log: agent state, received times, reported cost and tokens. */
import { describe, expect, it } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { reduceRunBatch } from '@/stores/reduce-run';
import { initialRunState } from '@/stores/run-store';
import type { RunState } from '@/stores/run-types';

const NO_STATS = { frames: 0, duplicates: 0, rejected: 0, unknown: 0, gaps: 0, holes: 0 };

function run(events: readonly RunEvent[], state: RunState = initialRunState({ runId: 'r', dialect: 'test', source: 'test' })): RunState {
  const rows = events.map((_, i) => i);
  return reduceRunBatch(state, { events, rows, log: { length: events.length, firstRow: 0, revision: events.length }, issues: [], stats: NO_STATS, atMs: 0 });
}

describe('agent state', () => {
  it('takes a snapshot, applies deltas, and names the paths and row of the last change', () => {
    const state = run([
      { type: 'state.snapshot', state: { todo: ['a'], done: 0 } },
      { type: 'state.delta', ops: [{ op: 'add', path: '/todo/-', value: 'b' }] },
      { type: 'state.delta', ops: [{ op: 'replace', path: '/done', value: 1 }] },
    ]);
    expect(state.agentState).toMatchObject({ value: { todo: ['a', 'b'], done: 1 }, version: 3, lastPaths: ['/done'], lastRow: 2, failed: 0 });
  });

  it('keeps the last good state and says why when a patch cannot be applied', () => {
    const good = run([{ type: 'state.snapshot', state: { n: 1 } }]);
    const bad = run([{ type: 'state.delta', ops: [{ op: 'replace', path: '/missing/x', value: 2 }], frame: 7 }], good);
    expect(bad.agentState.value).toBe(good.agentState.value);
    expect(bad.agentState.error?.message).toMatch(/state patch not applied, operation 0 \(replace \/missing\/x\): no value at "\/missing"/);
    expect(bad.agentState.failed).toBe(1);
    expect(bad.issues.at(-1)).toMatchObject({ frame: 7, frameType: 'state.delta' });
    expect(bad.stats.rejected).toBe(1); // the diagnostics list it among the rejected frames
    // A later snapshot is a fresh start: the error clears.
    expect(run([{ type: 'state.snapshot', state: { n: 3 } }], bad).agentState.error).toBeUndefined();
  });

  it('keeps a failed patch among the issues of a batch that also brings decode issues', () => {
    const good = run([{ type: 'state.snapshot', state: {} }]);
    const decodeIssue = { frame: 3, reason: 'bad frame', atMs: 1 };
    const state = reduceRunBatch(good, {
      events: [{ type: 'state.delta', ops: [{ op: 'remove', path: '/x' }], frame: 2 }],
      rows: [1],
      log: { length: 2, firstRow: 0, revision: 2 },
      issues: [decodeIssue],
      stats: { ...NO_STATS, rejected: 1 },
      atMs: 0,
    });
    expect(state.issues.map((issue) => issue.frame)).toEqual([2, 3]);
    expect(state.stats.rejected).toBe(2);
  });

  it('never changes a state handed out before (replay snapshots keep them by reference)', () => {
    const first = run([{ type: 'state.snapshot', state: { list: [1] } }]);
    const kept = structuredClone(first.agentState.value);
    run([{ type: 'state.delta', ops: [{ op: 'add', path: '/list/-', value: 2 }] }], first);
    expect(first.agentState.value).toEqual(kept);
  });
});

describe('times the producer did not send', () => {
  it('marks the run times as received when the events carried received times', () => {
    const state = run([
      { type: 'run.started', atMs: 1000, receivedTime: true },
      { type: 'run.completed', atMs: 4000, receivedTime: true },
    ]);
    expect(state).toMatchObject({ startedAtMs: 1000, endedAtMs: 4000, timesReceived: true });
  });

  it('leaves producer times unmarked', () => {
    const state = run([{ type: 'run.started', atMs: 1000 }, { type: 'run.completed', atMs: 4000 }]);
    expect(state.timesReceived).toBeUndefined();
  });
});

describe('reported cost and tokens', () => {
  it('says nothing was reported until something is', () => {
    const state = run([{ type: 'run.started' }, { type: 'run.completed' }]);
    expect(state.cost).toMatchObject({ costReported: false, tokensReported: false, totalMicros: 0 });
  });

  it('reads a zero that carries only tokens as tokens reported, no cost reported', () => {
    const state = run([{ type: 'cost.recorded', micros: 0, currency: 'USD', inputTokens: 10, outputTokens: 5 }]);
    expect(state.cost).toMatchObject({ costReported: false, tokensReported: true, inputTokens: 10, outputTokens: 5 });
  });

  it('reads a priced record as cost reported', () => {
    const state = run([{ type: 'cost.recorded', micros: 1200, currency: 'USD' }]);
    expect(state.cost).toMatchObject({ costReported: true, tokensReported: false });
  });

  it('takes the closing token split of a run that recorded none (AG-UI RUN_FINISHED.usage)', () => {
    const state = run([{ type: 'run.completed', inputTokens: 120, outputTokens: 30, totalTokens: 150 }]);
    expect(state.cost).toMatchObject({ inputTokens: 120, outputTokens: 30, unsplitTokens: 0, tokensReported: true, costReported: false });
  });

  it('takes the tokens a failed run reported', () => {
    const state = run([{ type: 'run.failed', error: { message: 'x' }, inputTokens: 7, outputTokens: 1 }]);
    expect(state.cost).toMatchObject({ inputTokens: 7, outputTokens: 1, tokensReported: true });
  });

  it('lets a closing total fill in what the records missed, never pull them down', () => {
    const counted: RunEvent = { type: 'cost.recorded', micros: 5, currency: 'USD', inputTokens: 10, outputTokens: 10 };
    expect(run([counted, { type: 'run.completed', totalTokens: 50 }]).cost).toMatchObject({ inputTokens: 10, outputTokens: 10, unsplitTokens: 30 });
    expect(run([counted, { type: 'run.completed', totalTokens: 5 }]).cost).toMatchObject({ inputTokens: 10, outputTokens: 10, unsplitTokens: 0 });
  });
});
