/**
 * Shannon's task list and task submission, in the gateway's shapes (README.md "Run lists per protocol"):
 *   GET  /api/v1/tasks?limit=<≤100>&offset=<n>[&status=<RUNNING|TASK_STATUS_RUNNING|…>]
 *        →  {tasks: [{task_id, query, status: "TASK_STATUS_…", mode, created_at, completed_at,
 *            total_token_usage: {total_tokens, cost_usd, prompt_tokens, completion_tokens}}], total_count}
 *   POST /api/v1/tasks {query}  →  {task_id, status: "STATUS_CODE_OK", message, created_at}; the scenario
 *        is the first scenario word in the query (default fanout), as POST /api/v1/tasks/stream does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { createShannonEncoder, type ShannonWire } from '@/simulator/backends/shannon-encoder';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { readJson, sendJson } from '@/simulator/http-util';
import { isoOrNull, newestRuns, pageOf, stateOf, type SimRunState } from '@/simulator/run-lists/run-state';
import type { SimContext } from '@/simulator/sim-backend';

/** Shannon's status words for a simulated run's state (the task list and `GET /api/v1/tasks/{id}`). */
export const SHANNON_STATUS: Record<SimRunState, string> = {
  running: 'TASK_STATUS_RUNNING',
  // Shannon has no status for a task waiting at an approval: it is still running.
  waiting: 'TASK_STATUS_RUNNING',
  paused: 'TASK_STATUS_PAUSED',
  completed: 'TASK_STATUS_COMPLETED',
  failed: 'TASK_STATUS_FAILED',
  cancelled: 'TASK_STATUS_CANCELLED',
};

/** The gateway's validation accepts these (PAUSED is a 400 although tasks report it). */
const FILTERABLE = new Set(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'TIMEOUT']);

let submitted = 0;

export function shannonListRoute(ctx: SimContext) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname !== '/api/v1/tasks') return false;
    if (req.method === 'GET') {
      const { status, body } = list(ctx, url);
      sendJson(res, status, body);
    }
    else if (req.method === 'POST') await submit(req, res, ctx);
    else sendJson(res, 405, { error: 'method not allowed' });
    return true;
  };
}

function list(ctx: SimContext, url: URL) {
  const asked = url.searchParams.get('limit');
  if (asked !== null && !(Number(asked) >= 1 && Number(asked) <= 100)) return { status: 400, body: { error: 'Invalid limit parameter' } };
  const wanted = url.searchParams.get('status')?.toUpperCase().replace(/^CANCELED$/, 'CANCELLED');
  if (wanted && !FILTERABLE.has(wanted)) return { status: 400, body: { error: 'Invalid status parameter' } };
  const runs = newestRuns(ctx.runsOf('shannon')).filter((run) => !wanted || SHANNON_STATUS[stateOf(run)] === `TASK_STATUS_${wanted}`);
  const { items } = pageOf(runs, url, 20, 100);
  return { status: 200, body: { tasks: items.map(toRow), total_count: runs.length } };
}

function toRow(run: ScriptedRun<unknown>) {
  return {
    task_id: run.runId,
    query: run.title ?? run.scenario.title,
    status: SHANNON_STATUS[stateOf(run)],
    mode: 'EXECUTION_MODE_STANDARD',
    created_at: isoOrNull(run.startedAtMs),
    completed_at: isoOrNull(run.endedAtMs),
    total_token_usage: { total_tokens: 0, cost_usd: run.costUsd, prompt_tokens: 0, completion_tokens: 0 },
  };
}

async function submit(req: IncomingMessage, res: ServerResponse, ctx: SimContext) {
  const body = (await readJson(req)) as { query?: unknown } | undefined;
  const query = typeof body?.query === 'string' ? body.query.trim() : '';
  if (!query) return sendJson(res, 400, { error: 'query is required' });
  const words = query.toLowerCase().split(/\W+/);
  const scenario = ctx.scenarios.find((s) => words.includes(s.id))?.id ?? 'fanout';
  submitted += 1;
  const taskId = `${scenario}~task-${Date.now().toString(36)}${submitted}`;
  ctx.record({ dialect: 'shannon', runId: taskId, kind: 'submit', body });
  const run = ctx.run<ShannonWire>('shannon', taskId, createShannonEncoder());
  sendJson(res, 200, { task_id: taskId, status: 'STATUS_CODE_OK', message: 'Task submitted successfully. Session: sim', created_at: isoOrNull(run?.startedAtMs) });
}
