/**
 * Simulated myagent server: a plain WebSocket at `/` (also `/ws/myagent`), behaving like the
 * real myagent/ws/server.py (the facts with their upstream lines are in
 * tests/fixtures/myagent/SOURCE.txt):
 *
 *   on open                      system.connected; system.heartbeat every 60 s × timeScale
 *   user.create_session          agent.session_created with a new id `sess-<n>`
 *   user.message {content}       starts the scripted run `<scenario>~sess-<n>`; the scenario is
 *                                named by `[scenario:<id>]`, its title or a leading word, else fanout
 *   user.solve_tasks {tasks}     solves exactly those tasks: solver.* events only, no end event
 *   user.response {step_id, content:{confirmed}}   decides the gate (`confirmed` only)
 *   user.cancel                  cancels the run (agent.interrupted)
 *   user.request_state           agent.state_exported with `metadata.signed_state` (an object)
 *   user.reconnect_with_state {signed_state, content:{last_seq}}
 *                                agent.state_restored with a NEW session id, then the old
 *                                session's events after `last_seq` (at most 200), renumbered with
 *                                `metadata.orig_seq`, then system.notice "Replay completed". It
 *                                restores memory only: the run the disconnect killed stays dead.
 *                                Refused as server.py refuses it, naming no session: agent.error
 *                                "Session already active on another connection" while the named
 *                                session's socket is open; system.error "Invalid state: …" for a
 *                                state this server did not sign (myagent-shipped.ts).
 *   confirmations                wait as the shipped server does (plan 600 s, tool 300 s, scaled),
 *                                whatever the story says; nothing is sent when a wait runs out.
 * Every outbound frame is stamped per connection (`seq` from 1, heartbeats too, `event_id =
 * "<connection_id>-<seq>"`, `metadata.connection_id`, `session_id`) and goes through the real
 * server's outbound queue (myagent-outbound.ts): partial answers are coalesced, leaving seq holes.
 * Closing the socket closes its sessions and CANCELS their running task, silently.
 * Every client frame is logged with ctx.record (kind = its `event`).
 */
import { WebSocketServer, type WebSocket } from 'ws';

import { createMyagentEncoder, naiveIso, type MyagentWire } from '@/simulator/backends/myagent-encoder';
import { asShipped, createStateSigner } from '@/simulator/backends/myagent-shipped';
import { createOutbound, type Outbound } from '@/simulator/backends/myagent-outbound';
import type { Scenario, SimStep } from '@/simulator/engine/scenario';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import type { SimBackendFactory } from '@/simulator/sim-backend';

const HEARTBEAT_MS = 60_000;
const REPLAY_LIMIT = 200;
const SCENARIO_IDS = ['fanout', 'retry', 'gate', 'cancel', 'deadline', 'chat', 'xss', 'tools'];
/** The agent the simulated server serves (agent.session_created `metadata.agent_name`). */
const AGENT_NAME = 'assistant';

/**
 * What one session's connection sent: the history index it started at and which run-history
 * frame each of its seqs carried. `last_seq` is read against the session the client names.
 */
type Binding = { start: number; sent: Array<{ seq: number; index: number }> };

type Connection = {
  ws: WebSocket;
  id: string;
  seq: number;
  outbound: Outbound;
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
  /** Sessions whose socket is still open (server.py keeps them in `self.sessions` until the socket closes). */
  const held = new Set<string>();
  const signer = createStateSigner();
  let counter = 0;

  function onConnection(ws: WebSocket) {
    const conn: Connection = { ws, id: `conn-${++counter}`, seq: 0, outbound: createOutbound((frame) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(frame)), ctx.timeScale) };
    send(conn, { event: 'system.connected', content: { server_name: 'MyAgent WebSocket Server', server_version: 'sim' }, metadata: { heartbeat_interval_seconds: 60 } });
    const heartbeat = setInterval(
      () => send(conn, { event: 'system.heartbeat', content: { server_time: naiveIso(Date.now()) }, metadata: {} }),
      HEARTBEAT_MS * ctx.timeScale,
    );
    ws.on('message', (raw) => onMessage(conn, String(raw)));
    ws.on('close', () => {
      clearInterval(heartbeat);
      conn.unsubscribe?.();
      conn.outbound.close();
      // The real server closes the connection's sessions, cancelling what they run; nothing is sent.
      if (conn.sessionId) held.delete(conn.sessionId);
      currentRun(conn)?.abort();
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
      case 'user.solve_tasks':
        return solveTasks(conn, frame);
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
    if (conn.sessionId) held.delete(conn.sessionId);
    held.add(sessionId);
    Object.assign(conn, { sessionId, runId: undefined, binding: undefined });
    send(conn, { event: 'agent.session_created', content: { session_id: sessionId, created_at: naiveIso(Date.now()) }, metadata: { agent_name: AGENT_NAME, server_version: 'sim', heartbeat_interval_seconds: 60 }, show_content: 'Session created' });
  }

  function startRun(conn: Connection, frame: ClientFrame) {
    if (!conn.sessionId) return sendError(conn, 'create a session first (user.create_session)');
    if (conn.runId) return sendError(conn, 'this session already runs a task');
    const scenarioId = scenarioOf(frame.content, ctx.scenarios);
    const runId = `${scenarioId}~${conn.sessionId}`;
    const scenario = ctx.scenarios.find((s) => s.id === scenarioId);
    if (!scenario) return sendError(conn, `no scenario for ${runId}`);
    // The shipped server's own waits, whatever the story says (myagent-shipped.ts).
    const run = ctx.runScenario<MyagentWire>('myagent', runId, asShipped(scenario), createMyagentEncoder());
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

  /** user.solve_tasks: exactly the client's tasks, solver events only (the real server sends no end event). */
  function solveTasks(conn: Connection, frame: ClientFrame) {
    if (!conn.sessionId) return sendError(conn, 'create a session first (user.create_session)');
    if (conn.runId) return sendError(conn, 'Agent is currently running, please try again later');
    const tasks = (frame.content as { tasks?: unknown } | undefined)?.tasks;
    if (!Array.isArray(tasks) || tasks.length === 0) return sendError(conn, 'solve_tasks requires at least one task');
    const runId = `solve~${conn.sessionId}`;
    const run = ctx.runScenario<MyagentWire>('myagent', runId, solveScenario(tasks), createMyagentEncoder({ solveOnly: true }));
    sessions.set(conn.sessionId, runId);
    conn.runId = runId;
    follow(conn, run, 0);
  }

  /** The state names the session (and its run, once started): `{state, timestamp, signature, version, checksum}` in metadata. */
  function exportState(conn: Connection) {
    if (!conn.sessionId) return sendError(conn, 'create a session first (user.create_session)');
    const state = { session_id: conn.sessionId, run: conn.runId ?? null, current_step: 0, agent_state: conn.runId ? 'running' : 'idle' };
    const signed = signer.sign(state);
    send(conn, { event: 'agent.state_exported', content: 'Session state exported successfully', metadata: { signed_state: signed, state_size: JSON.stringify(signed).length, message_count: 0, current_step: 0 } });
  }

  /** server.py `_handle_reconnect_with_state`: its refusals name no session, in its own words. */
  function restore(conn: Connection, frame: ClientFrame) {
    if (!frame.signed_state) return send(conn, { event: 'system.error', session_id: null, content: 'Missing signed_state in reconnect request' });
    const invalid = signer.verify(frame.signed_state);
    if (invalid) return send(conn, { event: 'system.error', session_id: null, content: `Invalid state: ${invalid}` });
    const signed = readSignedState(frame.signed_state);
    if (signed?.session && held.has(signed.session)) {
      return send(conn, { event: 'agent.error', session_id: null, content: 'Session already active on another connection' });
    }
    const runId = signed?.run ?? (signed?.session ? sessions.get(signed.session) : undefined);
    const run = runId ? ctx.existingRun<MyagentWire>('myagent', runId) : undefined;
    if (!runId || !run) return send(conn, { event: 'system.error', session_id: null, content: 'Failed to restore session state' });
    const sessionId = `sess-${++counter}`;
    sessions.set(sessionId, runId);
    if (conn.sessionId) held.delete(conn.sessionId);
    held.add(sessionId);
    Object.assign(conn, { sessionId, runId });
    send(conn, { event: 'agent.state_restored', content: 'Session state restored successfully', metadata: { new_session_id: sessionId, original_session_id: signed?.session ?? null, restored_step: 0, agent_name: AGENT_NAME } });
    const named = signed?.session ? bindings.get(signed.session) : undefined;
    const from = resumeIndex(named, (frame.content as { last_seq?: unknown } | undefined)?.last_seq, run.history.length);
    const start = Math.max(from, run.history.length - REPLAY_LIMIT);
    for (let index = start; index < run.history.length; index++) send(conn, { ...(run.history[index] as MyagentWire) });
    send(conn, { event: 'system.notice', content: 'Replay completed', metadata: { action: 'replay', replayed: run.history.length - start } });
    // Memory only: the run the disconnect cancelled does not go on, and this connection follows nothing.
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
  // `session_id: null` in the frame: an event the server builds without one (a refused reconnect).
  const session = frame.session_id === null ? {} : { session_id: conn.sessionId ?? null };
  const stamped = { ...frame, ...session, timestamp, metadata, seq: conn.seq, event_id: `${conn.id}-${conn.seq}` };
  if (frame.session_id === null) delete stamped.session_id;
  conn.outbound.send(stamped);
  return conn.seq;
}

/** The story a run's instructions name: a `[scenario:<id>]` marker, a scenario's title (the start page's one-click runs), or a leading word. */
function scenarioOf(content: unknown, scenarios: readonly { id: string; title: string }[]): string {
  const text = typeof content === 'string' ? content : '';
  const marked = /\[scenario:([a-z]+)\]/i.exec(text)?.[1]?.toLowerCase();
  if (marked && SCENARIO_IDS.includes(marked)) return marked;
  const titled = scenarios.find((s) => SCENARIO_IDS.includes(s.id) && text.trim().toLowerCase() === s.title.toLowerCase());
  if (titled) return titled.id;
  const first = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  return first && SCENARIO_IDS.includes(first) ? first : 'fanout';
}

function readSignedState(signed: unknown): { session?: string; run?: string } | undefined {
  const state = typeof signed === 'object' && signed !== null ? (signed as { state?: { session_id?: unknown; run?: unknown } }).state : undefined;
  if (!state) return undefined;
  return {
    ...(typeof state.session_id === 'string' ? { session: state.session_id } : {}),
    ...(typeof state.run === 'string' ? { run: state.run } : {}),
  };
}

/** One step per task a client asked user.solve_tasks to solve: start, a few words, done. */
function solveScenario(tasks: readonly unknown[]): Scenario {
  const nodes = tasks.map((task, i) => {
    const object = typeof task === 'object' && task !== null ? (task as { id?: unknown; title?: unknown }) : {};
    const id = typeof object.id === 'string' || typeof object.id === 'number' ? String(object.id) : String(i + 1);
    return { id, label: typeof object.title === 'string' ? object.title : `Task ${id}` };
  });
  const steps: SimStep[] = [{ op: 'plan', nodes, edges: [] }];
  for (const node of nodes) {
    steps.push({ op: 'node.start', node: node.id }, { op: 'tokens', node: node.id, text: `Solved ${node.label}. ` }, { op: 'node.done', node: node.id, output: { done: node.id } });
  }
  steps.push({ op: 'run.done', output: null });
  return { id: 'solve', title: 'Solve the given tasks', description: 'user.solve_tasks', tickMs: 120, steps };
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

