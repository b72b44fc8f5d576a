/**
 * Simulated myagent server: a plain WebSocket at `/` (also `/ws/myagent`), behaving like
 * the real myagent/ws/server.py as the protocol notes describe it.
 *
 *   on open                      system.connected; system.heartbeat every 60 s × timeScale
 *   user.create_session          agent.session_created with a new id `sess-<n>`
 *   user.message {content}       starts the scripted run `<scenario>~sess-<n>`; the scenario is
 *                                named by `[scenario:<id>]` or a leading word (fanout, retry,
 *                                gate, cancel), else fanout
 *   user.response {step_id, content:{confirmed}}   decides the gate (the real server reads
 *                                `confirmed` only: missing means declined)
 *   user.cancel                  cancels the run
 *   user.request_state           agent.state_exported with a top-level `signed_state`
 *                                (opaque base64 naming the run)
 *   user.reconnect_with_state {signed_state, content:{last_seq}}
 *                                agent.state_restored with a NEW session id, then up to 200
 *                                buffered run events after `last_seq` of the session named by
 *                                `session_id`, renumbered, then system.notice "Replay completed",
 *                                then live events
 * Every outbound frame is stamped per connection: `seq` from 1 (heartbeats too),
 * `event_id = "<connection_id>-<seq>"`, `metadata.connection_id`, `session_id`.
 * A disconnect ends the session's binding; the run plays on and its frames are buffered.
 * Every client frame is logged with ctx.record (kind = its `event`).
 */
import { WebSocketServer, type WebSocket } from 'ws';

import { createMyagentEncoder, naiveIso, type MyagentWire } from '@/simulator/backends/myagent-encoder';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import type { SimBackendFactory } from '@/simulator/sim-backend';

const HEARTBEAT_MS = 60_000;
const REPLAY_LIMIT = 200;
const SCENARIO_IDS = ['fanout', 'retry', 'gate', 'cancel', 'xss'];

/**
 * What one session's connection sent: the history index it started at and which run-history
 * frame each of its seqs carried. `last_seq` is read against the session the client names.
 */
type Binding = { start: number; sent: Array<{ seq: number; index: number }> };

type Connection = {
  ws: WebSocket;
  id: string;
  seq: number;
  sessionId?: string;
  runId?: string;
  binding?: Binding;
  unsubscribe?: () => void;
};

type ClientFrame = { event?: unknown; session_id?: unknown; step_id?: unknown; content?: unknown; signed_state?: unknown };

export const createMyagentBackend: SimBackendFactory = (ctx) => {
  const wss = new WebSocketServer({ noServer: true });
  /** session id → run id (undefined until user.message). */
  const sessions = new Map<string, string | undefined>();
  /** session id → what that session's connection sent. */
  const bindings = new Map<string, Binding>();
  let counter = 0;

  function onConnection(ws: WebSocket) {
    const conn: Connection = { ws, id: `conn-${++counter}`, seq: 0 };
    send(conn, { event: 'system.connected', content: { server_name: 'MyAgent WebSocket Server', server_version: 'sim' }, metadata: { heartbeat_interval_seconds: 60 } });
    const heartbeat = setInterval(
      () => send(conn, { event: 'system.heartbeat', content: { server_time: naiveIso(Date.now()) }, metadata: {} }),
      HEARTBEAT_MS * ctx.timeScale,
    );
    ws.on('message', (raw) => onMessage(conn, String(raw)));
    ws.on('close', () => {
      clearInterval(heartbeat);
      conn.unsubscribe?.();
    });
  }

  function onMessage(conn: Connection, text: string) {
    let frame: ClientFrame;
    try {
      frame = JSON.parse(text) as ClientFrame;
    } catch {
      return sendError(conn, 'message is not JSON');
    }
    const kind = typeof frame.event === 'string' ? frame.event : 'unknown';
    const sessionId = typeof frame.session_id === 'string' ? frame.session_id : conn.sessionId;
    // A create_session is logged under the session it created; others under the run (or session).
    if (kind === 'user.create_session') createSession(conn);
    ctx.record({ dialect: 'myagent', runId: conn.runId ?? (sessionId && sessions.get(sessionId)) ?? conn.sessionId ?? sessionId ?? '', kind, body: frame });
    switch (kind) {
      case 'user.create_session':
        return;
      case 'user.message':
        return startRun(conn, frame);
      case 'user.response':
        return respond(conn, frame);
      case 'user.cancel':
        return void currentRun(conn)?.cancel(typeof frame.content === 'string' ? frame.content : 'cancelled by user');
      case 'user.request_state':
        return exportState(conn);
      case 'user.reconnect_with_state':
        return restore(conn, frame);
      case 'user.ack':
        return;
      default:
        return sendError(conn, `unsupported event ${kind}`);
    }
  }

  function createSession(conn: Connection) {
    conn.unsubscribe?.();
    const sessionId = `sess-${++counter}`;
    sessions.set(sessionId, undefined);
    Object.assign(conn, { sessionId, runId: undefined, binding: undefined });
    send(conn, { event: 'agent.session_created', content: { session_id: sessionId, created_at: naiveIso(Date.now()) }, metadata: { server_version: 'sim', heartbeat_interval_seconds: 60 }, show_content: 'Session created' });
  }

  function startRun(conn: Connection, frame: ClientFrame) {
    if (!conn.sessionId) return sendError(conn, 'create a session first (user.create_session)');
    if (conn.runId) return sendError(conn, 'this session already runs a task');
    const runId = `${scenarioOf(frame.content)}~${conn.sessionId}`;
    const run = ctx.run<MyagentWire>('myagent', runId, createMyagentEncoder());
    if (!run) return sendError(conn, `no scenario for ${runId}`);
    sessions.set(conn.sessionId, runId);
    conn.runId = runId;
    follow(conn, run, 0);
  }

  function respond(conn: Connection, frame: ClientFrame) {
    const run = currentRun(conn);
    const stepId = typeof frame.step_id === 'string' ? frame.step_id : '';
    const confirmed = (frame.content as { confirmed?: unknown } | undefined)?.confirmed === true;
    const result = run?.decide(stepId, confirmed ? 'approve' : 'reject', 'runboard', confirmed ? 'approved' : 'rejected');
    if (result !== 'accepted') sendError(conn, `no pending confirmation ${stepId} (${result ?? 'no run'})`);
  }

  /** The state names the session (and its run, once started): a session exported before its run still resumes it. */
  function exportState(conn: Connection) {
    if (!conn.sessionId) return sendError(conn, 'create a session first (user.create_session)');
    const signed = Buffer.from(JSON.stringify({ session: conn.sessionId, run: conn.runId ?? null, issued: Date.now() })).toString('base64');
    const stage = conn.runId ? 'solving' : 'idle';
    send(conn, { event: 'agent.state_exported', signed_state: signed, content: { exported_state: { stage } }, metadata: { exported_at: naiveIso(Date.now()), valid_until: naiveIso(Date.now() + 86_400_000) } });
  }

  function restore(conn: Connection, frame: ClientFrame) {
    const signed = readSignedState(frame.signed_state);
    const runId = signed?.run ?? (signed?.session ? sessions.get(signed.session) : undefined);
    const run = runId ? ctx.existingRun<MyagentWire>('myagent', runId) : undefined;
    if (!runId || !run) return sendError(conn, 'recovery failed: invalid or expired signed_state');
    const previous = conn.sessionId;
    const sessionId = `sess-${++counter}`;
    sessions.set(sessionId, runId);
    Object.assign(conn, { sessionId, runId });
    send(conn, { event: 'agent.state_restored', content: { session_id: sessionId }, metadata: { new_session_id: sessionId, previous_session_id: previous ?? null, restored_at: naiveIso(Date.now()) }, show_content: 'Session state restored' });
    const named = typeof frame.session_id === 'string' ? bindings.get(frame.session_id) : undefined;
    const from = resumeIndex(named, (frame.content as { last_seq?: unknown } | undefined)?.last_seq, run.history.length);
    const start = Math.max(from, run.history.length - REPLAY_LIMIT);
    follow(conn, run, start, () => send(conn, { event: 'system.notice', content: { message: 'Replay completed', replayed: run.history.length - start }, metadata: { type: 'info' } }));
  }

  /** Sends history from `start`, then (after `afterReplay`) live frames; records the seq ↔ frame map. */
  function follow(conn: Connection, run: ScriptedRun<MyagentWire>, start: number, afterReplay?: () => void) {
    conn.unsubscribe?.();
    const binding: Binding = { start, sent: [] };
    if (conn.sessionId) bindings.set(conn.sessionId, binding);
    conn.binding = binding;
    const deliver = (frame: MyagentWire, index: number) => {
      const seq = send(conn, frame);
      if (seq !== undefined) binding.sent.push({ seq, index });
    };
    for (let index = start; index < run.history.length; index++) deliver(run.history[index] as MyagentWire, index);
    afterReplay?.();
    conn.unsubscribe = run.subscribe((frame) => deliver(frame, run.history.length - 1));
  }

  function currentRun(conn: Connection): ScriptedRun<MyagentWire> | undefined {
    return conn.runId ? ctx.existingRun<MyagentWire>('myagent', conn.runId) : undefined;
  }

  function sendError(conn: Connection, message: string) {
    send(conn, { event: 'error.validation', content: message, metadata: { error_code: 'ERR_VAL_001', recoverable: true } });
  }

  return {
    dialect: 'myagent',
    startsRuns: true,
    upgrade(req, socket, head, url) {
      if (url.pathname !== '/' && url.pathname !== '/ws/myagent') return false;
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws));
      return true;
    },
  };
};

/** Stamps the per-connection fields and sends; returns the seq used (undefined when closed). */
function send(conn: Connection, frame: Record<string, unknown>): number | undefined {
  if (conn.ws.readyState !== conn.ws.OPEN) return undefined;
  conn.seq += 1;
  const metadata = { ...(frame.metadata as Record<string, unknown> | undefined), connection_id: conn.id };
  const timestamp = typeof frame.timestamp === 'string' ? frame.timestamp : naiveIso(Date.now());
  const stamped = { ...frame, session_id: conn.sessionId ?? null, timestamp, metadata, seq: conn.seq, event_id: `${conn.id}-${conn.seq}` };
  conn.ws.send(JSON.stringify(stamped));
  return conn.seq;
}

function scenarioOf(content: unknown): string {
  const text = typeof content === 'string' ? content : '';
  const marked = /\[scenario:([a-z]+)\]/i.exec(text)?.[1]?.toLowerCase();
  if (marked && SCENARIO_IDS.includes(marked)) return marked;
  const first = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  return first && SCENARIO_IDS.includes(first) ? first : 'fanout';
}

function readSignedState(signed: unknown): { session?: string; run?: string } | undefined {
  if (typeof signed !== 'string') return undefined;
  try {
    const state = JSON.parse(Buffer.from(signed, 'base64').toString('utf8')) as { session?: unknown; run?: unknown };
    return {
      ...(typeof state.session === 'string' ? { session: state.session } : {}),
      ...(typeof state.run === 'string' ? { run: state.run } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * The history index after the last run frame the client saw (`last_seq` in the named session's
 * numbering; before any run frame of it: where that session started); the whole buffer when unknown.
 */
function resumeIndex(binding: Binding | undefined, lastSeq: unknown, historyLength: number): number {
  if (!binding || typeof lastSeq !== 'number') return Math.max(0, historyLength - REPLAY_LIMIT);
  let index = binding.start - 1;
  for (const entry of binding.sent) if (entry.seq <= lastSeq) index = entry.index;
  return index + 1;
}

