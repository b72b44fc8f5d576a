import { describe, expect, test } from 'vitest';

import { applyBatch } from '@/ingest/apply-batch';
import { NO_STATS } from '@/ingest/batch';
import type { RunEvent } from '@/protocol/run-event';
import { EventLog } from '@/stores/event-log';
import { createGateAnswerStore } from '@/stores/gate-answer-store';
import { createNodeStatusStore } from '@/stores/node-status-store';
import type { RunSession } from '@/stores/run-session';
import { createRunStore } from '@/stores/run-store';

import { runFactsOfSession } from '@/features/compare/run-facts-of-session';

/** A real session's stores fed through the same applyBatch as live and replay. */
function sessionWith(events: RunEvent[]): RunSession {
  const log = new EventLog();
  const run = createRunStore({ runId: 'r1', dialect: 'relavium', source: 'test' });
  const nodeStatus = createNodeStatusStore();
  applyBatch({ log, run, nodeStatus }, { events, issues: [], stats: NO_STATS, atMs: 0 });
  const refuse = () => Promise.resolve({ ok: false as const, reason: 'test' });
  const dialect = { id: 'relavium' as const, label: 'Relavium', capabilities: {} as RunSession['dialect']['capabilities'] };
  return { runId: 'r1', mode: 'replay', dialect, log, run, nodeStatus, answers: createGateAnswerStore(), answerGate: refuse, control: refuse, frameAt: () => undefined, exportRecording: () => '' };
}

describe('runFactsOfSession', () => {
  test('reads each step’s status, attempts, times, tokens, cost and output from the stores', () => {
    const facts = runFactsOfSession(
      sessionWith([
        { type: 'run.started', title: 'Nightly', atMs: 1000 },
        { type: 'graph.defined', nodes: [{ id: 'a', label: 'Fetch' }, { id: 'b', label: 'Write' }, { id: 'c', label: 'Notify' }], edges: [], atMs: 1000 },
        { type: 'node.started', nodeId: 'a', atMs: 1100 },
        { type: 'node.retrying', nodeId: 'a', attempt: 2, atMs: 1200 },
        { type: 'node.started', nodeId: 'a', attempt: 2, atMs: 1300 },
        { type: 'cost.recorded', nodeId: 'a', inputTokens: 10, outputTokens: 5, micros: 700, currency: 'USD', atMs: 1350 },
        { type: 'node.completed', nodeId: 'a', output: { rows: 3 }, atMs: 1400 },
        { type: 'node.started', nodeId: 'b', atMs: 1500 },
        { type: 'node.output', nodeId: 'b', delta: 'Hello ' },
        { type: 'node.output', nodeId: 'b', delta: 'world' },
        { type: 'cost.recorded', nodeId: 'b', inputTokens: 4, outputTokens: 2, micros: 0, currency: 'USD', atMs: 1550 },
        { type: 'node.failed', nodeId: 'b', error: { message: 'boom' }, atMs: 1600 },
        { type: 'run.failed', error: { message: 'boom' }, atMs: 1700 },
      ]),
    );
    expect(facts).toMatchObject({ title: 'Nightly', status: 'failed', dialectLabel: 'Relavium', costMicros: 700 });
    const [a, b, c] = facts.steps;
    expect(a).toMatchObject({ label: 'Fetch', status: 'succeeded', attempts: 2, startedAtMs: 1100, endedAtMs: 1400, durationMs: 300, tokens: 15, costMicros: 700 });
    expect(a?.output).toContain('"rows": 3');
    // A tokens-only record reports tokens, no price.
    expect(b).toMatchObject({ status: 'failed', attempts: 1, tokens: 6, output: 'Hello world' });
    expect(b?.costMicros).toBeUndefined();
    // Never started: no attempt, no time, no figures.
    expect(c).toMatchObject({ label: 'Notify', status: 'not_run', attempts: 0, output: '' });
    expect(c?.startedAtMs).toBeUndefined();
    expect(c?.tokens).toBeUndefined();
  });

  test('a run with no steps and no cost says so instead of zeros', () => {
    const facts = runFactsOfSession(sessionWith([{ type: 'run.started', atMs: 1 }]));
    expect(facts.steps).toEqual([]);
    expect(facts.costMicros).toBeUndefined();
    expect(facts.tokens).toBeUndefined();
    expect(facts.title).toBe('r1');
  });
});
