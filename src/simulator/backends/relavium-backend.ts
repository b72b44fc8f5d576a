/**
 * Simulated relavium backend over SSE, with the HTTP side Runboard documents for it:
 *   GET  /runs/{runId}/events                 SSE, `id:` = sequenceNumber, honours Last-Event-ID
 *   GET  /runs/{runId}                        state snapshot
 *   POST /runs/{runId}/gates/{gateId}/decide  {decision, decidedBy, payload?, comment?}; first valid decision wins
 *   POST /runs/{runId}/cancel                 {reason?}
 * Every stream open is recorded (kind 'stream.open': the URL, whether a bearer header came
 * and its first 2 characters, never the token) for the secrets test.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { createRelaviumEncoder, type RelaviumWire } from '@/simulator/backends/relavium-encoder';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { authSeen, bearerToken, openSse, readJson, sendJson } from '@/simulator/http-util';
import type { SimBackendFactory, SimContext } from '@/simulator/sim-backend';

const HEARTBEAT_MS = 15_000;

export const createRelaviumBackend: SimBackendFactory = (ctx) => ({
  dialect: 'relavium',
  startsRuns: false,
  async http(req, res, url) {
    const match = /^\/runs\/([^/]+)(\/events|\/cancel|\/gates\/([^/]+)\/decide)?$/.exec(url.pathname);
    if (!match) return false;
    const runId = decodeURIComponent(match[1] ?? '');
    const run = ctx.run<RelaviumWire>('relavium', runId, createRelaviumEncoder());
    if (!run) {
      sendJson(res, 404, { error: `no run ${runId}` });
      return true;
    }
    const tail = match[2];
    if (tail === '/events' && req.method === 'GET') {
      ctx.record({ dialect: 'relavium', runId, kind: 'stream.open', body: { url: req.url, ...authSeen(bearerToken(req)) } });
      streamEvents(req, res, run);
    }
    else if (tail === undefined && req.method === 'GET') sendJson(res, 200, snapshot(run));
    else if (tail === '/cancel' && req.method === 'POST') await cancel(req, res, run, ctx);
    else if (match[3] !== undefined && req.method === 'POST') await decide(req, res, run, decodeURIComponent(match[3]), ctx);
    else sendJson(res, 405, { error: 'method not allowed' });
    return true;
  },
});

function streamEvents(req: IncomingMessage, res: ServerResponse, run: ScriptedRun<RelaviumWire>) {
  const sse = openSse(res);
  const lastId = Number(req.headers['last-event-id'] ?? Number.NaN);
  const send = (wire: RelaviumWire) => sse.frame(JSON.stringify(wire), String(wire.sequenceNumber));
  for (const wire of run.history) if (!(wire.sequenceNumber <= lastId)) send(wire);
  const finished = () => run.phase === 'finished' && isTerminal(run.history.at(-1));
  if (finished()) return sse.end();
  const unsubscribe = run.subscribe((wire) => {
    send(wire);
    if (isTerminal(wire)) setTimeout(() => sse.end(), 20);
  });
  const heartbeat = setInterval(() => sse.comment('ping'), HEARTBEAT_MS);
  res.on('close', () => {
    unsubscribe();
    clearInterval(heartbeat);
  });
}

function isTerminal(wire: RelaviumWire | undefined): boolean {
  return wire?.type === 'run:completed' || wire?.type === 'run:failed' || wire?.type === 'run:cancelled';
}

/** The documented snapshot: `{runId, workflowId, status, steps, pendingGates, lastSequenceNumber}`. */
export function snapshot(run: ScriptedRun<RelaviumWire>) {
  const steps = new Map<string, { nodeId: string; nodeType: string; status: string; attemptNumber: number; costMicrocents: number }>();
  const gates = new Map<string, { gateId: string; nodeId: string; gateType: string; message: string; expiresAt?: string }>();
  let status = 'running';
  for (const wire of run.history) {
    const nodeId = String(wire.nodeId ?? '');
    const step = steps.get(nodeId) ?? { nodeId, nodeType: 'agent', status: 'pending', attemptNumber: 1, costMicrocents: 0 };
    switch (wire.type) {
      case 'node:started':
        steps.set(nodeId, { ...step, nodeType: String(wire.nodeType), status: 'running', attemptNumber: Number(wire.attemptNumber ?? 1) });
        break;
      case 'node:completed':
        steps.set(nodeId, { ...step, status: 'succeeded' });
        break;
      case 'node:failed':
        steps.set(nodeId, { ...step, status: 'failed' });
        break;
      case 'node:retrying':
        steps.set(nodeId, { ...step, status: 'retrying' });
        break;
      case 'node:skipped':
        steps.set(nodeId, { ...step, status: 'skipped' });
        break;
      case 'cost:updated':
        steps.set(nodeId, { ...step, costMicrocents: step.costMicrocents + Number(wire.costMicrocents) });
        break;
      case 'human_gate:paused':
        gates.set(String(wire.gateId), {
          gateId: String(wire.gateId),
          nodeId,
          gateType: String(wire.gateType),
          message: String(wire.message),
          ...(typeof wire.expiresAt === 'string' ? { expiresAt: wire.expiresAt } : {}),
        });
        steps.set(nodeId, { ...step, status: 'waiting' });
        break;
      case 'human_gate:resumed':
        for (const [id, gate] of gates) if (gate.nodeId === nodeId) gates.delete(id);
        break;
      case 'run:completed':
        status = 'completed';
        break;
      case 'run:failed':
        status = 'failed';
        break;
      case 'run:cancelled':
        status = 'cancelled';
        break;
    }
  }
  return {
    runId: run.runId,
    workflowId: `wf-${run.scenario.id}`,
    status: gates.size > 0 && status === 'running' ? 'paused' : status,
    steps: [...steps.values()].filter((s) => s.nodeId),
    pendingGates: [...gates.values()],
    lastSequenceNumber: run.history.at(-1)?.sequenceNumber ?? -1,
  };
}

async function decide(req: IncomingMessage, res: ServerResponse, run: ScriptedRun<RelaviumWire>, gateId: string, ctx: SimContext) {
  const body = (await readJson(req)) as { decision?: unknown; decidedBy?: unknown } | undefined;
  ctx.record({ dialect: 'relavium', runId: run.runId, kind: 'gate.decide', body: { gateId, ...body } });
  const decision = body?.decision;
  if (decision !== 'approved' && decision !== 'rejected' && decision !== 'input_provided') {
    return sendJson(res, 400, { error: 'decision must be approved, rejected or input_provided' });
  }
  const result = run.decide(gateId, decision === 'rejected' ? 'reject' : 'approve', String(body?.decidedBy ?? 'unknown'), decision);
  if (result === 'accepted') return sendJson(res, 200, { ok: true });
  if (result === 'already_decided') return sendJson(res, 409, { error: 'gate already decided' });
  return sendJson(res, 404, { error: `no gate ${gateId}` });
}

async function cancel(req: IncomingMessage, res: ServerResponse, run: ScriptedRun<RelaviumWire>, ctx: SimContext) {
  const body = await readJson(req);
  ctx.record({ dialect: 'relavium', runId: run.runId, kind: 'cancel', body });
  const reason = (body as { reason?: string } | undefined)?.reason ?? 'cancelled';
  return run.cancel(reason) ? sendJson(res, 200, { ok: true }) : sendJson(res, 409, { error: 'run already finished' });
}
