/**
 * Simulated Shannon gateway (README "shannon"):
 *   GET  /api/v1/stream/sse?workflow_id=<id>[&last_event_id=]  SSE; `: connected` first, `id:` = `<ms>-<n>`,
 *        resumes after Last-Event-ID (header or query) from the last 256 events only, like the real
 *        Redis buffer; `: ping` every 10 s (× timeScale); `event: done` / `data: [DONE]` at the end
 *   GET  /api/v1/tasks/{id}/events?limit=&offset=   history {events, total} without token deltas
 *   POST /api/v1/approvals/decision {workflow_id, approval_id, approved, feedback?}   404 / 409 / 200
 *   POST /api/v1/tasks/{id}/cancel {reason?} | /pause | /resume
 *   POST /api/v1/tasks/stream {query} → {workflow_id, stream_url}; the scenario is the first
 *        scenario word in the query (default fanout), the id `<scenario>~<suffix>`
 * Every stream open is recorded (kind 'stream.open', with the URL and whether a bearer header
 * came, plus its first 2 characters) so tests can prove the token never travels in a URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { createShannonEncoder, type ShannonWire } from '@/simulator/backends/shannon-encoder';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { authSeen, bearerToken, openSse, readJson, sendJson } from '@/simulator/http-util';
import type { SimBackendFactory, SimContext } from '@/simulator/sim-backend';

const PING_MS = 10_000;
const RING_CAPACITY = 256;
let startCounter = 0;

export const createShannonBackend: SimBackendFactory = (ctx) => ({
  dialect: 'shannon',
  startsRuns: false,
  async http(req, res, url) {
    const path = url.pathname;
    if (path === '/api/v1/stream/sse' && req.method === 'GET') return stream(req, res, url, ctx);
    if (path === '/api/v1/approvals/decision' && req.method === 'POST') return decide(req, res, ctx);
    if (path === '/api/v1/tasks/stream' && req.method === 'POST') return start(req, res, ctx);
    const task = /^\/api\/v1\/tasks\/([^/]+)\/(events|cancel|pause|resume)$/.exec(path);
    if (!task) return false;
    const runId = decodeURIComponent(task[1] ?? '');
    const run = ctx.existingRun<ShannonWire>('shannon', runId);
    if (!run) {
      sendJson(res, 404, { error: `no task ${runId}` });
      return true;
    }
    if (task[2] === 'events' && req.method === 'GET') sendJson(res, 200, history(run, url));
    else if (req.method === 'POST') await control(req, res, run, task[2] as 'cancel' | 'pause' | 'resume', ctx);
    else sendJson(res, 405, { error: 'method not allowed' });
    return true;
  },
});

function stream(req: IncomingMessage, res: ServerResponse, url: URL, ctx: SimContext): true {
  const runId = url.searchParams.get('workflow_id') ?? '';
  const run = ctx.run<ShannonWire>('shannon', runId, createShannonEncoder());
  if (!run) {
    sendJson(res, 404, { error: `no workflow ${runId}` });
    return true;
  }
  const lastEventId = headerOf(req, 'last-event-id') ?? url.searchParams.get('last_event_id') ?? undefined;
  ctx.record({ dialect: 'shannon', runId, kind: 'stream.open', body: { url: req.url, ...authSeen(bearerToken(req)), lastEventId } });
  const sse = openSse(res);
  sse.comment(`connected workflow_id=${runId}`);
  let ended = false;
  const send = (wire: ShannonWire) => {
    if (ended) return;
    sse.frame(JSON.stringify(wire.data), wire.id, wire.event);
    if (wire.event === 'STREAM_END') {
      ended = true;
      sse.frame('[DONE]', undefined, 'done');
      setTimeout(() => sse.end(), 20);
    }
  };
  // Only the ring buffer can be replayed: a client further behind has lost the older events.
  for (const wire of run.history.slice(-RING_CAPACITY)) if (isAfter(wire, lastEventId)) send(wire);
  if (ended) return true;
  const unsubscribe = run.subscribe(send);
  const ping = setInterval(() => sse.comment('ping'), Math.max(50, PING_MS * ctx.timeScale));
  res.on('close', () => {
    unsubscribe();
    clearInterval(ping);
  });
  return true;
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Redis ids compare as (ms, n); a plain number is a seq (the real server accepts both). */
function isAfter(wire: ShannonWire, lastEventId: string | undefined): boolean {
  if (lastEventId === undefined) return true;
  const redis = /^(\d+)-(\d+)$/.exec(lastEventId);
  if (!redis) return /^\d+$/.test(lastEventId) ? wire.seq > Number(lastEventId) : true;
  const [ms, n] = wire.id.split('-').map(Number) as [number, number];
  const lastMs = Number(redis[1]);
  return ms > lastMs || (ms === lastMs && n > Number(redis[2]));
}

/** The persisted log: every envelope except token deltas, paged. */
function history(run: ScriptedRun<ShannonWire>, url: URL) {
  const events = run.history
    .filter((wire) => wire.event !== 'thread.message.delta')
    .map((wire) => (typeof wire.data.type === 'string' ? wire.data : { ...wire.data, type: renamed(wire.event) }));
  const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0) || 0);
  const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 100) || 100);
  return { events: events.slice(offset, offset + limit), total: events.length };
}

/** The log stores the canonical type for the renamed streaming frames. */
function renamed(event: string): string {
  return event === 'thread.message.completed' ? 'LLM_OUTPUT' : event;
}

async function decide(req: IncomingMessage, res: ServerResponse, ctx: SimContext): Promise<true> {
  const body = (await readJson(req)) as { workflow_id?: unknown; approval_id?: unknown; approved?: unknown } | undefined;
  const runId = typeof body?.workflow_id === 'string' ? body.workflow_id : '';
  ctx.record({ dialect: 'shannon', runId, kind: 'approval.decision', body });
  if (typeof body?.approval_id !== 'string' || typeof body.approved !== 'boolean') {
    sendJson(res, 400, { error: 'workflow_id, approval_id and approved (boolean) are required' });
    return true;
  }
  const run = ctx.existingRun<ShannonWire>('shannon', runId);
  const decision = body.approved ? 'approved' : 'rejected';
  const result = run?.decide(body.approval_id, body.approved ? 'approve' : 'reject', 'api-user', decision) ?? 'not_found';
  if (result === 'accepted') sendJson(res, 200, { success: true, approval_id: body.approval_id, decision });
  else if (result === 'already_decided') sendJson(res, 409, { error: 'approval already decided' });
  else sendJson(res, 404, { error: `no pending approval ${body.approval_id}` });
  return true;
}

async function control(req: IncomingMessage, res: ServerResponse, run: ScriptedRun<ShannonWire>, action: 'cancel' | 'pause' | 'resume', ctx: SimContext) {
  const body = (await readJson(req)) as { reason?: unknown } | undefined;
  ctx.record({ dialect: 'shannon', runId: run.runId, kind: action, body });
  const reason = typeof body?.reason === 'string' ? body.reason : `${action} requested`;
  const done = action === 'cancel' ? run.cancel(reason) : action === 'pause' ? run.pause(reason) : run.resume();
  if (done) sendJson(res, 200, { success: true, status: action === 'cancel' ? 'cancelling' : `${action}d` });
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
  sendJson(res, 200, { workflow_id: workflowId, task_id: workflowId, stream_url: `/api/v1/stream/sse?workflow_id=${encodeURIComponent(workflowId)}` });
  return true;
}
