/**
 * Every run-list module: the documented reply maps onto RunSummary, a bad row is skipped
 * with its reason (the page survives), null means absent, extra keys are accepted, and a
 * reply that is not the documented shape is "unreadable" with a reason.
 */
import { describe, expect, test } from 'vitest';

import { marsRunList } from '@/protocol/mars/mars-run-list';
import { relaviumRunList } from '@/protocol/relavium/relavium-run-list';
import type { ListStep, RunListQuery, RunListSource } from '@/protocol/run-summary';
import { shannonRunList, shannonStarter } from '@/protocol/shannon/shannon-run-list';
import { tolkyRunList } from '@/protocol/tolky/tolky-run-list';

/** Runs a plan against canned replies keyed by path (the service does this with fetch). */
function runPlan(source: RunListSource, query: RunListQuery, replies: Record<string, unknown>): { step: ListStep; paths: string[] } {
  if (source.kind !== 'http') throw new Error('http sources only');
  const paths: string[] = [];
  let step = source.list(query);
  while (step.kind === 'fetch') {
    paths.push(...step.calls.map((c) => c.path));
    step = step.next(step.calls.map((c) => replies[c.path]));
  }
  return { step, paths };
}

const page = (step: ListStep) => {
  if (step.kind !== 'page') throw new Error(`expected a page, got ${JSON.stringify(step)}`);
  return step.page;
};

describe('relavium GET /runs', () => {
  test('maps runs, reads pendingGates as an array or a count, and keeps the cursor', () => {
    const { step, paths } = runPlan(relaviumRunList, { limit: 2, cursor: 'c1' }, {
      '/runs?limit=2&cursor=c1': {
        runs: [
          { runId: 'r1', workflowId: 'wf', status: 'paused', startedAt: '2026-01-01T00:00:00Z', costMicrocents: 420_000, pendingGates: [{ gateId: 'g' }], extra: 1 },
          { runId: 'r2', workflowId: 'wf2', title: 'Nightly', status: 'completed', startedAt: '2026-01-01T00:00:00Z', endedAt: '2026-01-01T00:01:00Z', costMicrocents: 0, pendingGates: 0 },
        ],
        nextCursor: 'c2',
      },
    });
    expect(paths).toEqual(['/runs?limit=2&cursor=c1']);
    const result = page(step);
    expect(result.nextCursor).toBe('c2');
    expect(result.runs[0]).toMatchObject({ runId: 'r1', title: 'wf', status: 'waiting', statusText: 'paused', costMicros: 4200, waitingGates: 1 });
    expect(result.runs[1]).toMatchObject({ title: 'Nightly', status: 'succeeded', endedAtMs: Date.parse('2026-01-01T00:01:00Z'), waitingGates: 0 });
  });

  test('a bad row is skipped with its reason; null fields are absent', () => {
    const result = page(
      runPlan(relaviumRunList, { limit: 5 }, { '/runs?limit=5': { runs: [{ status: 'running' }, { runId: 'ok', status: 'running', endedAt: null, workflowId: null }], nextCursor: null } }).step,
    );
    expect(result.runs.map((r) => r.runId)).toEqual(['ok']);
    expect(result.runs[0]?.endedAtMs).toBeUndefined();
    expect(result.skipped).toMatchObject({ count: 1, reason: expect.stringContaining('runId') });
    expect(result.nextCursor).toBeUndefined();
  });

  test('a reply without runs is unreadable, with a reason', () => {
    const { step } = runPlan(relaviumRunList, { limit: 5 }, { '/runs?limit=5': { items: [] } });
    expect(step).toMatchObject({ kind: 'unreadable', reason: expect.stringContaining('GET /runs') });
  });
});

describe('Shannon GET /api/v1/tasks', () => {
  const reply = {
    tasks: [
      { task_id: 'task-u1-1', query: 'Summarise Q3', status: 'TASK_STATUS_RUNNING', mode: 'EXECUTION_MODE_STANDARD', created_at: '2026-06-02T13:00:00Z', completed_at: null, total_token_usage: { total_tokens: 900, cost_usd: 0.0123, prompt_tokens: 0, completion_tokens: 0 } },
      { task_id: 'task-u1-2', query: '', status: 'TASK_STATUS_TIMEOUT', created_at: '2026-06-02T12:00:00Z' },
      { task_id: 'task-u1-3', status: 'TASK_STATUS_UNSPECIFIED' },
    ],
    total_count: 30,
  };

  test('maps tasks, pages by offset, and asks the gateway to filter statuses it knows', () => {
    const { step, paths } = runPlan(shannonRunList, { limit: 500, cursor: '20', status: 'running' }, { '/api/v1/tasks?limit=100&offset=20&status=RUNNING': reply });
    expect(paths).toEqual(['/api/v1/tasks?limit=100&offset=20&status=RUNNING']);
    const result = page(step);
    expect(result.runs.map((r) => [r.runId, r.title, r.status, r.group])).toEqual([
      ['task-u1-1', 'Summarise Q3', 'running', 'standard'],
      ['task-u1-2', 'task-u1-2', 'failed', undefined],
      ['task-u1-3', 'task-u1-3', 'unknown', undefined],
    ]);
    expect(result.runs[0]?.costMicros).toBe(12_300);
    expect(result.total).toBe(30);
    expect(result.nextCursor).toBe('23');
  });

  test('PAUSED is never sent as a filter (the gateway answers 400); a full page has a next cursor', () => {
    const { paths, step } = runPlan(shannonRunList, { limit: 3, status: 'paused' }, { '/api/v1/tasks?limit=3&offset=0': reply });
    expect(paths).toEqual(['/api/v1/tasks?limit=3&offset=0']);
    expect(page(step).nextCursor).toBe('3');
  });

  test('starting a task POSTs the query and reads the task id from the reply', () => {
    if (shannonStarter.kind !== 'http') throw new Error('http starter');
    expect(shannonStarter.call('Find flights')).toEqual({ method: 'POST', path: '/api/v1/tasks', body: { query: 'Find flights' } });
    expect(shannonStarter.runIdOf({ task_id: 'task-u1-9', status: 'STATUS_CODE_OK' })).toBe('task-u1-9');
    expect(shannonStarter.runIdOf({ error: 'nope' })).toBeUndefined();
  });
});

describe('MARS sessions, then each session’s runs', () => {
  test('merges the runs of every session newest first, named by their task id', () => {
    const { step, paths } = runPlan(marsRunList, { limit: 10 }, {
      '/api/sessions?limit=25': { sessions: [{ session_id: 's1', name: 'Research', mode: 'copilot', status: 'active' }, { session_id: 's2', name: null }, { nope: true }], total: 3 },
      '/api/sessions/s1/runs': { session_id: 's1', total_runs: 1, runs: [{ id: 'db-1', status: 'waiting_approval', task_description: 'Plan a study', started_at: '2026-04-22T10:00:00+00:00', completed_at: null, meta: { task_id: 'task-a' } }] },
      '/api/sessions/s2/runs': { session_id: 's2', total_runs: 2, runs: [{ id: 7, status: 'completed', started_at: '2026-04-22T11:00:00Z', completed_at: '2026-04-22T11:05:00Z', meta: null }, { status: 'failed' }] },
    });
    expect(paths).toEqual(['/api/sessions?limit=25', '/api/sessions/s1/runs', '/api/sessions/s2/runs']);
    const result = page(step);
    expect(result.runs.map((r) => [r.runId, r.title, r.status, r.group])).toEqual([
      ['7', '7', 'succeeded', 's2'],
      ['task-a', 'Plan a study', 'waiting', 'Research'],
    ]);
    expect(result.skipped?.count).toBe(1);
  });

  test('no sessions: an empty page without a second round', () => {
    const { step, paths } = runPlan(marsRunList, { limit: 10 }, { '/api/sessions?limit=25': { sessions: [], total: 0 } });
    expect(paths).toHaveLength(1);
    expect(page(step).runs).toEqual([]);
  });
});

describe('tolky session_intents', () => {
  if (tolkyRunList.kind !== 'socket.io') throw new Error('socket.io source');
  const source = tolkyRunList;

  test('reads intents tolerantly, newest first', () => {
    const step = source.parse('session_intents', {
      sessionId: 'demo',
      intents: [
        { intentId: 'i1', status: 'completed', instructions: 'Old', createdAt: '2026-01-01T00:00:00Z' },
        { id: 'i2', status: 'interrupted', title: 'New', createdAt: '2026-01-02T00:00:00Z', pendingInterruptions: 1 },
        { status: 'running' },
      ],
    }, { limit: 10 });
    const result = page(step as ListStep);
    expect(result.runs.map((r) => [r.runId, r.title, r.status, r.waitingGates])).toEqual([
      ['i2', 'New', 'waiting', 1],
      ['i1', 'Old', 'succeeded', undefined],
    ]);
    expect(result.skipped?.reason).toContain('intentId');
  });

  test('other events are not the answer; session_error is a reason', () => {
    expect(source.parse('session_started', {}, { limit: 1 })).toBeUndefined();
    expect(source.parse('session_error', { message: 'unknown session' }, { limit: 1 })).toMatchObject({ kind: 'unreadable', reason: expect.stringContaining('unknown session') });
    expect(source.auth({ token: 't', session: 'demo' })).toEqual({ token: 't', sessionId: 'demo' });
  });
});
