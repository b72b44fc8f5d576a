/**
 * The simulated MARS server (a cmbagent fork), on the simulator's port, as the real one
 * behaves (UJ2202/MARS backend/websocket/handlers.py, services/connection_manager.py;
 * frames and their upstream lines: tests/fixtures/mars/SOURCE.txt):
 *   WS /ws/{task_id}  a new socket for a task closes the one registered before it (code 1000,
 *                     "Reconnection") and waits for its FIRST frame: `{task, config}` starts the
 *                     run; anything else first (a ping) gets `error "No task provided"` and the
 *                     socket closes; text that is not JSON gets `error "Execution error: …"`.
 *                     The run's frames go to the socket that started it, and only while that
 *                     socket is open: a stolen run is visible over REST only. Closing a socket
 *                     never stops its run. A second `{task}` for a running task would start it
 *                     again upstream: the simulator answers a loud error instead, for tests.
 *                     After the start: ping → pong, pause / resume / cancel, resolve_approval
 *                     (or approval_response), request_state; anything else is ignored.
 *                     While the run executes, a `heartbeat` every second; the run's socket
 *                     closes after its last frame.
 *   REST              mars-rest.ts (dag, history, costs, console-log); the sessions and their
 *                     run lists are the simulated run lists' (run-lists/mars-list-route.ts).
 * Every new socket (kind "connection") and every client frame is logged with ctx.record
 * (kind = its `type`, "start" for `{task}`, "first-frame-not-task" for a first frame that is not one).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

import { WebSocketServer, type WebSocket } from 'ws';

import { createMarsEncoder, type MarsWire } from '@/simulator/backends/mars-encoder';
import { formA, formB } from '@/simulator/backends/mars-frames';
import { serveMarsRest } from '@/simulator/backends/mars-rest';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { marsSessionOf } from '@/simulator/run-lists/mars-list-route';
import type { SimBackendFactory, SimContext } from '@/simulator/sim-backend';

const HEARTBEAT_MS = 1_000;

type Server = Readonly<{ ctx: SimContext; registered: Map<string, WebSocket> }>;

export const createMarsBackend: SimBackendFactory = (ctx) => {
  const wss = new WebSocketServer({ noServer: true });
  const server: Server = { ctx, registered: new Map() };
  return {
    dialect: 'mars',
    startsRuns: true,
    http(req, res, url) {
      return req.method === 'GET' && serveMarsRest(() => ctx.runsOf('mars'), res, url);
    },
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
      const match = /^\/ws\/([^/]+)$/.exec(url.pathname);
      if (!match) return false;
      const taskId = decodeURIComponent(match[1] ?? '');
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(server, ws, taskId));
      return true;
    },
  };
};

function send(ws: WebSocket | undefined, frame: unknown) {
  if (ws && ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
}

function onConnection(server: Server, ws: WebSocket, taskId: string) {
  server.ctx.record({ dialect: 'mars', runId: taskId, kind: 'connection', body: null });
  server.registered.get(taskId)?.close(1000, 'Reconnection');
  server.registered.set(taskId, ws);
  let first = true;
  ws.on('message', (raw) => {
    const text = String(raw);
    if (!first) return onMessage(server, ws, taskId, text);
    first = false;
    onFirstFrame(server, ws, taskId, text);
  });
  // The handler's cleanup is keyed by task id only: it unregisters whichever socket holds the task now.
  ws.on('close', () => server.registered.delete(taskId));
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function onFirstFrame(server: Server, ws: WebSocket, taskId: string, text: string) {
  const { ctx } = server;
  const body = parse(text);
  const message = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const task = typeof message.task === 'string' ? message.task : '';
  ctx.record({ dialect: 'mars', runId: taskId, kind: task ? 'start' : 'first-frame-not-task', body: body ?? text });
  const refuse = (why: string) => {
    send(ws, formA('error', { message: why }, Date.now(), taskId));
    ws.close(1000);
  };
  if (body === undefined) return refuse('Execution error: Expecting value: line 1 column 1 (char 0)');
  if (!task) return refuse('No task provided');
  if (ctx.existingRun('mars', taskId)) return send(ws, formA('error', { message: `run restarted upstream: a second {task} frame arrived for ${taskId}` }, Date.now(), taskId));
  // A task id that names no scenario (a run started from the console with free text): the task's words pick one.
  const named = ctx.scenarios.find((s) => new RegExp(`\\b${s.id}\\b`, 'i').test(task))?.id ?? 'fanout';
  const run = ctx.run<MarsWire>('mars', taskId, createMarsEncoder({ task }), { scenario: named });
  if (!run) return refuse(`Task execution failed: no scenario for task ${taskId}`);
  const sessionId = marsSessionOf(run);
  send(ws, formA('status', { message: 'Starting CMBAgent execution...', session_id: sessionId }, Date.now(), taskId, sessionId));
  play(ws, run);
}

/** The run's frames go to the socket that started it, a heartbeat every second while it executes, and the socket closes after the last frame. */
function play(ws: WebSocket, run: ScriptedRun<MarsWire>) {
  const heartbeat = setInterval(() => {
    if (run.outcome) return clearInterval(heartbeat);
    if (run.phase !== 'paused') send(ws, formA('heartbeat', { timestamp: Date.now() / 1000 }, Date.now(), run.runId, marsSessionOf(run)));
  }, HEARTBEAT_MS);
  let closing = false;
  const stop = run.subscribe((frame) => {
    send(ws, frame);
    if (!run.outcome || closing) return;
    // The last step's frames are sent in one go: close once they are all out.
    closing = true;
    setTimeout(() => {
      stop();
      clearInterval(heartbeat);
      ws.close(1000);
    }, 0);
  });
}

function onMessage(server: Server, ws: WebSocket, taskId: string, text: string) {
  const body = parse(text);
  const message = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const kind = typeof message.type === 'string' ? message.type : 'task' in message ? 'start' : 'unknown';
  server.ctx.record({ dialect: 'mars', runId: taskId, kind, body: body ?? text });
  const run = server.ctx.existingRun<MarsWire>('mars', taskId);
  if (!run) return;
  // Acknowledgements go through the connection manager: to the socket registered for the task, if any.
  const ack = (event: string, data: Record<string, unknown>) => send(server.registered.get(taskId), formB(event, data, Date.now(), taskId));
  switch (kind) {
    case 'ping':
      return ack('pong', {});
    case 'pause':
      return void run.pause('User requested');
    case 'resume':
      return void run.resume();
    case 'cancel':
      return void run.cancel(typeof message.reason === 'string' ? message.reason : 'cancelled by user');
    case 'request_state':
      return ack('workflow_state_changed', { status: run.outcome ?? (run.phase === 'paused' ? 'paused' : 'executing'), message: 'Workflow state' });
    case 'resolve_approval':
    case 'approval_response':
      return decide(ws, run, taskId, message);
    case 'start':
      return send(ws, formA('error', { message: `run restarted upstream: a second {task} frame arrived for ${taskId}` }, Date.now(), taskId));
    default:
      return; // the real handler only logs an unknown message
  }
}

function decide(ws: WebSocket, run: ScriptedRun<MarsWire>, taskId: string, message: Record<string, unknown>) {
  const gateId = String(message.approval_id ?? '');
  const resolution = 'approved' in message ? (message.approved ? 'approved' : 'rejected') : String(message.resolution ?? 'rejected');
  const tone = resolution === 'rejected' || resolution === 'cancel' || resolution === 'abort' ? 'reject' : 'approve';
  if (run.decide(gateId, tone, 'websocket-client', resolution) !== 'accepted') {
    send(ws, formA('error', { message: `Approval ${gateId} not found or already resolved` }, Date.now(), taskId));
  }
}
