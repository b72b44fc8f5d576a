/**
 * Simulated MARS backend (a cmbagent fork) on the simulator's port:
 *   WS  /ws/{task_id}            `connected` on open (`reconnected` when the task already runs);
 *                                the run starts only when the FIRST client frame `{task, config}`
 *                                arrives; a later `{task}` for a started task is recorded and
 *                                answered with an error frame ("run restarted upstream") so tests
 *                                can prove the client never resends it.
 *                                Client frames: `{type:"ping"}` → pong; `{type:"pause"|"resume"|"cancel"}`;
 *                                `{type:"resolve_approval", approval_id, resolution, feedback, modifications}`
 *                                (and the older `{type:"approval_response", approval_id, approved, feedback}`).
 *   GET /api/runs/{id}/dag       the DAG snapshot with current node statuses (the resync source).
 * MARS keeps no replay: a (re)connecting client gets live frames only.
 * Every client frame is logged with ctx.record (kind = its `type`, or "start" for `{task}`).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

import { WebSocketServer, type WebSocket } from 'ws';

import { createMarsEncoder, type MarsWire } from '@/simulator/backends/mars-encoder';
import { marsSnapshot } from '@/simulator/backends/mars-snapshot';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { sendJson } from '@/simulator/http-util';
import type { SimBackendFactory, SimContext } from '@/simulator/sim-backend';

type Socket = { ws: WebSocket; taskId: string; unsubscribe?: () => void };

const now = () => new Date().toISOString();
const event = (event_type: string, data: Record<string, unknown>, runId?: string) => ({
  event_type,
  timestamp: now(),
  ...(runId ? { run_id: runId } : {}),
  data,
});

export const createMarsBackend: SimBackendFactory = (ctx) => {
  const wss = new WebSocketServer({ noServer: true });

  function onConnection(ws: WebSocket, taskId: string) {
    const socket: Socket = { ws, taskId };
    const run = ctx.existingRun<MarsWire>('mars', taskId);
    if (run) {
      send(ws, event('reconnected', { message: `Reconnected to workflow ${taskId}` }, taskId));
      follow(socket, run);
    } else {
      send(ws, event('connected', { message: 'Connected to workflow' }));
    }
    ws.on('message', (raw) => onMessage(ctx, socket, String(raw)));
    ws.on('close', () => socket.unsubscribe?.());
  }

  return {
    dialect: 'mars',
    startsRuns: true,
    http(req, res, url) {
      const match = /^\/api\/runs\/([^/]+)\/dag$/.exec(url.pathname);
      if (!match || req.method !== 'GET') return false;
      const runId = decodeURIComponent(match[1] ?? '');
      const run = ctx.existingRun<MarsWire>('mars', runId);
      if (!run) sendJson(res, 404, { error: `no run ${runId}` });
      else sendJson(res, 200, marsSnapshot(run));
      return true;
    },
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
      const match = /^\/ws\/([^/]+)$/.exec(url.pathname);
      if (!match) return false;
      const taskId = decodeURIComponent(match[1] ?? '');
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, taskId));
      return true;
    },
  };
};

function send(ws: WebSocket, frame: unknown) {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
}

function follow(socket: Socket, run: ScriptedRun<MarsWire>) {
  socket.unsubscribe?.();
  socket.unsubscribe = run.subscribe((frame) => send(socket.ws, frame));
}

function fail(socket: Socket, errorType: string, message: string) {
  send(socket.ws, event('error_occurred', { error_type: errorType, message }, socket.taskId));
}

function onMessage(ctx: SimContext, socket: Socket, text: string) {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const message = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const kind = typeof message.type === 'string' ? message.type : 'task' in message ? 'start' : 'unknown';
  ctx.record({ dialect: 'mars', runId: socket.taskId, kind, body });
  if (kind === 'ping') return send(socket.ws, event('pong', {}));
  if (kind === 'start') return start(ctx, socket, message);
  const run = ctx.existingRun<MarsWire>('mars', socket.taskId);
  if (!run) return fail(socket, 'NotStarted', `task ${socket.taskId} has not started: send {task, config} first`);
  switch (kind) {
    case 'pause':
      return void run.pause(typeof message.reason === 'string' ? message.reason : 'User requested');
    case 'resume':
      return void run.resume();
    case 'cancel':
      if (!run.cancel(typeof message.reason === 'string' ? message.reason : 'cancelled by user')) fail(socket, 'Finished', 'the run already finished');
      return;
    case 'resolve_approval':
    case 'approval_response':
      return decide(socket, run, message);
    default:
      return fail(socket, 'UnknownMessage', `unknown client message type "${kind}"`);
  }
}

function start(ctx: SimContext, socket: Socket, message: Record<string, unknown>) {
  if (ctx.existingRun('mars', socket.taskId)) {
    // The real server would start the task over: report it loudly instead.
    return fail(socket, 'RunRestarted', `run restarted upstream: a second {task} frame arrived for ${socket.taskId}`);
  }
  if (typeof message.task !== 'string' || message.task.length === 0) return fail(socket, 'ValidationError', 'task must be a non-empty string');
  // A task id that names no scenario (a run started from the console with free text): the task's words pick one.
  const named = ctx.scenarios.find((s) => new RegExp(`\\b${s.id}\\b`, 'i').test(String(message.task)))?.id ?? 'fanout';
  const run = ctx.run<MarsWire>('mars', socket.taskId, createMarsEncoder(), { scenario: named });
  if (!run) return fail(socket, 'UnknownScenario', `no scenario for task ${socket.taskId} (use <scenario>~<suffix>)`);
  follow(socket, run);
}

function decide(socket: Socket, run: ScriptedRun<MarsWire>, message: Record<string, unknown>) {
  const gateId = String(message.approval_id ?? '');
  const resolution =
    message.type === 'approval_response' ? (message.approved === false ? 'rejected' : 'approved') : String(message.resolution ?? '');
  const tone = resolution === 'rejected' || resolution === 'cancel' ? 'reject' : resolution ? 'approve' : undefined;
  if (!tone) return fail(socket, 'ValidationError', 'resolution is required');
  const result = run.decide(gateId, tone, 'websocket-client', resolution);
  if (result === 'not_found') fail(socket, 'ApprovalNotFound', `no pending approval ${gateId}`);
  if (result === 'already_decided') fail(socket, 'ApprovalAlreadyResolved', `approval ${gateId} was already resolved`);
}
