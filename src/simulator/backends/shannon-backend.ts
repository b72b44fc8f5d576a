/**
 * Simulated Shannon gateway, behaving like the real one (tests/fixtures/shannon/SOURCE.txt):
 *   GET  /api/v1/stream/sse?workflow_id=<id>   the SSE stream (shannon-stream.ts: ring, resume, close rules)
 *   GET  /api/v1/tasks/{id}/events?limit=&offset=   the persisted events (no deltas, no prompts), ordered
 *        by timestamp, `{events, count}`; limit 1..200 (default 50), offset ≥ 0, else 400
 *   GET  /api/v1/tasks/{id}   `{task_id, workflow_id, status: TASK_STATUS_…, result?, error?, …}`; 404 unknown
 *   POST /api/v1/approvals/decision {workflow_id, approval_id, approved, feedback?}   404 / 409 / 200
 *   POST /api/v1/tasks/{id}/cancel {reason?} | /pause | /resume   202
 *   POST /api/v1/tasks/{id}/review {action: approve | feedback, message?}   the research plan's gate
 *        (shannon-review-route.ts)
 *   POST /api/v1/tasks/stream {query} → 201 {workflow_id, task_id, stream_url}; the scenario is the
 *        first scenario word in the query (default fanout), the id `<scenario>~<suffix>`
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { createShannonEncoder } from '@/simulator/backends/shannon-encoder';
import { review } from '@/simulator/backends/shannon-review-route';
import { serveStream } from '@/simulator/backends/shannon-stream';
import { isPersisted, toHistoryRow, type ShannonWire } from '@/simulator/backends/shannon-wire';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { readJson, sendJson } from '@/simulator/http-util';
import { stateOf } from '@/simulator/run-lists/run-state';
import { SHANNON_STATUS } from '@/simulator/run-lists/shannon-list-route';
import type { SimBackendFactory, SimContext } from '@/simulator/sim-backend';

let startCounter = 0;

export const createShannonBackend: SimBackendFactory = (ctx) => ({
  dialect: 'shannon',
  startsRuns: false,
  async http(req, res, url) {
    const path = url.pathname;
    if (path === '/api/v1/stream/sse' && req.method === 'GET') return serveStream(req, res, url, ctx);
    if (path === '/api/v1/approvals/decision' && req.method === 'POST') return decide(req, res, ctx);
    if (path === '/api/v1/tasks/stream' && req.method === 'POST') return start(req, res, ctx);
    const task = /^\/api\/v1\/tasks\/([^/]+)(?:\/(events|cancel|pause|resume|review))?$/.exec(path);
    if (!task) return false;
    const runId = decodeURIComponent(task[1] ?? '');
    const run = ctx.existingRun<ShannonWire>('shannon', runId);
    const action = task[2];
    // Reads are recorded too, so tests can count refills and status checks.
    if (req.method === 'GET') ctx.record({ dialect: 'shannon', runId, kind: action === 'events' ? 'history' : 'status', body: { url: req.url } });
    if (!run) sendJson(res, 404, { error: 'Task not found' });
    else if (action === undefined && req.method === 'GET') sendJson(res, 200, status(run));
    else if (action === 'events' && req.method === 'GET') history(run, url, res);
    else if (action === 'review' && req.method === 'POST') await review(req, res, run, ctx);
    else if (action !== undefined && action !== 'events' && action !== 'review' && req.method === 'POST') await control(req, res, run, action as 'cancel' | 'pause' | 'resume', ctx);
    else sendJson(res, 405, { error: 'Method not allowed' });
    return true;
  },
});

/** The gateway's validation (1..200, offset ≥ 0), then one page of the persisted events. */
function history(run: ScriptedRun<ShannonWire>, url: URL, res: ServerResponse): void {
  const limit = intParam(url, 'limit');
  const offset = intParam(url, 'offset');
  if (limit === null || (limit !== undefined && (limit < 1 || limit > 200))) return sendJson(res, 400, { error: 'Invalid limit parameter' });
  if (offset === null || (offset !== undefined && offset < 0)) return sendJson(res, 400, { error: 'Invalid offset parameter' });
  const rows = run.history
    .filter((event) => isPersisted(event.type))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    .map(toHistoryRow);
  const from = offset ?? 0;
  const page = rows.slice(from, from + (limit ?? 50));
  sendJson(res, 200, { events: page, count: page.length });
}

/** undefined when absent, null when not an integer (the gateway's strconv.Atoi). */
function intParam(url: URL, name: string): number | undefined | null {
  const text = url.searchParams.get(name);
  if (text === null || text === '') return undefined;
  return /^[+-]?\d+$/.test(text) ? Number(text) : null;
}

/** `GET /api/v1/tasks/{id}` (gateway TaskStatusResponse; result and error omitted when empty). */
function status(run: ScriptedRun<ShannonWire>): Record<string, unknown> {
  const now = new Date().toISOString();
  const output = run.outcome === 'completed' ? run.output : undefined;
  return {
    task_id: run.runId,
    workflow_id: run.runId,
    status: SHANNON_STATUS[stateOf(run as ScriptedRun<unknown>)],
    ...(output !== undefined ? { result: JSON.stringify(output) } : {}),
    ...(output !== null && typeof output === 'object' ? { response: output } : {}),
    ...(run.outcome === 'failed' && run.error ? { error: run.error } : {}),
    created_at: now,
    updated_at: now,
    query: run.title ?? run.scenario.title,
    mode: 'EXECUTION_MODE_STANDARD',
    metadata: {},
  };
}

async function decide(req: IncomingMessage, res: ServerResponse, ctx: SimContext): Promise<true> {
  const body = (await readJson(req)) as { workflow_id?: unknown; approval_id?: unknown; approved?: unknown } | undefined;
  const runId = typeof body?.workflow_id === 'string' ? body.workflow_id : '';
  ctx.record({ dialect: 'shannon', runId, kind: 'approval.decision', body });
  if (typeof body?.approval_id !== 'string' || typeof body.approved !== 'boolean') {
    sendJson(res, 400, { error: 'workflow_id and approval_id are required' });
    return true;
  }
  const run = ctx.existingRun<ShannonWire>('shannon', runId);
  const decision = body.approved ? 'approved' : 'rejected';
  const result = run?.decide(body.approval_id, body.approved ? 'approve' : 'reject', 'api-user', decision) ?? 'not_found';
  if (result === 'accepted') sendJson(res, 200, { status: 'sent', success: true, workflow_id: runId, approval_id: body.approval_id });
  else if (result === 'already_decided') sendJson(res, 409, { error: 'approval already decided' });
  else sendJson(res, 404, { error: 'Workflow or approval not found' });
  return true;
}

async function control(req: IncomingMessage, res: ServerResponse, run: ScriptedRun<ShannonWire>, action: 'cancel' | 'pause' | 'resume', ctx: SimContext) {
  const body = (await readJson(req)) as { reason?: unknown } | undefined;
  ctx.record({ dialect: 'shannon', runId: run.runId, kind: action, body });
  const reason = typeof body?.reason === 'string' ? body.reason : `${action} requested`;
  const done = action === 'cancel' ? run.cancel(reason) : action === 'pause' ? run.pause(reason) : run.resume();
  if (done) sendJson(res, 202, { success: true, message: `${action} signal sent`, task_id: run.runId });
  else sendJson(res, 409, { error: `cannot ${action} the task in its current state (${run.phase})` });
}

async function start(req: IncomingMessage, res: ServerResponse, ctx: SimContext): Promise<true> {
  const body = (await readJson(req)) as { query?: unknown } | undefined;
  const query = typeof body?.query === 'string' ? body.query : '';
  const words = query.toLowerCase().split(/\W+/);
  const scenario = ctx.scenarios.find((s) => words.includes(s.id))?.id ?? 'fanout';
  startCounter += 1;
  const workflowId = `${scenario}~task-${Date.now().toString(36)}${startCounter}`;
  ctx.record({ dialect: 'shannon', runId: workflowId, kind: 'start', body });
  ctx.run<ShannonWire>('shannon', workflowId, createShannonEncoder());
  sendJson(res, 201, { workflow_id: workflowId, task_id: workflowId, stream_url: `/api/v1/stream/sse?workflow_id=${encodeURIComponent(workflowId)}` });
  return true;
}
