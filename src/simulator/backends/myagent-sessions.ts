/**
 * The simulated myagent server's sessions: which run each session drives, which sessions still
 * have an open socket (server.py keeps them in `self.sessions` until the socket closes), and what
 * each session's connection was sent, so a reconnect's `last_seq` can be read against the session
 * the client names. Each request handler here answers one client event.
 */
import { type Binding, type ClientFrame, type Connection, send, sendError } from '@/simulator/backends/myagent-connection';
import { createMyagentEncoder, naiveIso, type MyagentWire } from '@/simulator/backends/myagent-encoder';
import { REPLAY_LIMIT, readSignedState, resumeIndex, scenarioOf, solveScenario } from '@/simulator/backends/myagent-requests';
import { asShipped, createStateSigner } from '@/simulator/backends/myagent-shipped';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import type { SimContext } from '@/simulator/sim-backend';

/** The agent the simulated server serves (agent.session_created `metadata.agent_name`). */
const AGENT_NAME = 'assistant';

export class MyagentSessions {
  /** session id → run id (undefined until user.message). */
  readonly sessions = new Map<string, string | undefined>();
  /** session id → what that session's connection sent. */
  private readonly bindings = new Map<string, Binding>();
  /** Sessions whose socket is still open. */
  private readonly held = new Set<string>();
  private readonly signer = createStateSigner();
  /** One counter numbers connections and sessions alike (`conn-<n>`, `sess-<n>`). */
  private counter = 0;

  constructor(private readonly ctx: SimContext) {}

  nextId(): number {
    return ++this.counter;
  }

  /** The socket closed: its session is let go and what it ran is cancelled, silently. */
  closed(conn: Connection): void {
    if (conn.sessionId) this.held.delete(conn.sessionId);
    this.currentRun(conn)?.abort();
  }

  createSession(conn: Connection) {
    conn.unsubscribe?.();
    const sessionId = `sess-${this.nextId()}`;
    this.sessions.set(sessionId, undefined);
    this.hold(conn, sessionId);
    Object.assign(conn, { sessionId, runId: undefined, binding: undefined });
    send(conn, { event: 'agent.session_created', content: { session_id: sessionId, created_at: naiveIso(Date.now()) }, metadata: { agent_name: AGENT_NAME, server_version: 'sim', heartbeat_interval_seconds: 60 }, show_content: 'Session created' });
  }

  startRun(conn: Connection, frame: ClientFrame) {
    if (!conn.sessionId) return sendError(conn, 'create a session first (user.create_session)');
    if (conn.runId) return sendError(conn, 'this session already runs a task');
    const scenarioId = scenarioOf(frame.content, this.ctx.scenarios);
    const runId = `${scenarioId}~${conn.sessionId}`;
    const scenario = this.ctx.scenarios.find((s) => s.id === scenarioId);
    if (!scenario) return sendError(conn, `no scenario for ${runId}`);
    // The shipped server's own waits, whatever the story says (myagent-shipped.ts).
    const run = this.ctx.runScenario<MyagentWire>('myagent', runId, asShipped(scenario), createMyagentEncoder());
    this.sessions.set(conn.sessionId, runId);
    conn.runId = runId;
    this.follow(conn, run, 0);
  }

  respond(conn: Connection, frame: ClientFrame) {
    const run = this.currentRun(conn);
    const stepId = typeof frame.step_id === 'string' ? frame.step_id : '';
    const confirmed = (frame.content as { confirmed?: unknown } | undefined)?.confirmed === true;
    const result = run?.decide(stepId, confirmed ? 'approve' : 'reject', 'runboard', confirmed ? 'approved' : 'rejected');
    if (result !== 'accepted') sendError(conn, `no pending confirmation ${stepId} (${result ?? 'no run'})`);
  }

  /** user.solve_tasks: exactly the client's tasks, solver events only (the real server sends no end event). */
  solveTasks(conn: Connection, frame: ClientFrame) {
    if (!conn.sessionId) return sendError(conn, 'create a session first (user.create_session)');
    if (conn.runId) return sendError(conn, 'Agent is currently running, please try again later');
    const tasks = (frame.content as { tasks?: unknown } | undefined)?.tasks;
    if (!Array.isArray(tasks) || tasks.length === 0) return sendError(conn, 'solve_tasks requires at least one task');
    const runId = `solve~${conn.sessionId}`;
    const run = this.ctx.runScenario<MyagentWire>('myagent', runId, solveScenario(tasks), createMyagentEncoder({ solveOnly: true }));
    this.sessions.set(conn.sessionId, runId);
    conn.runId = runId;
    this.follow(conn, run, 0);
  }

  /** The state names the session (and its run, once started): `{state, timestamp, signature, version, checksum}` in metadata. */
  exportState(conn: Connection) {
    if (!conn.sessionId) return sendError(conn, 'create a session first (user.create_session)');
    const state = { session_id: conn.sessionId, run: conn.runId ?? null, current_step: 0, agent_state: conn.runId ? 'running' : 'idle' };
    const signed = this.signer.sign(state);
    send(conn, { event: 'agent.state_exported', content: 'Session state exported successfully', metadata: { signed_state: signed, state_size: JSON.stringify(signed).length, message_count: 0, current_step: 0 } });
  }

  /** server.py `_handle_reconnect_with_state`: its refusals name no session, in its own words. */
  restore(conn: Connection, frame: ClientFrame) {
    if (!frame.signed_state) return send(conn, { event: 'system.error', session_id: null, content: 'Missing signed_state in reconnect request' });
    const invalid = this.signer.verify(frame.signed_state);
    if (invalid) return send(conn, { event: 'system.error', session_id: null, content: `Invalid state: ${invalid}` });
    const signed = readSignedState(frame.signed_state);
    if (signed?.session && this.held.has(signed.session)) {
      return send(conn, { event: 'agent.error', session_id: null, content: 'Session already active on another connection' });
    }
    const runId = signed?.run ?? (signed?.session ? this.sessions.get(signed.session) : undefined);
    const run = runId ? this.ctx.existingRun<MyagentWire>('myagent', runId) : undefined;
    if (!runId || !run) return send(conn, { event: 'system.error', session_id: null, content: 'Failed to restore session state' });
    const sessionId = `sess-${this.nextId()}`;
    this.sessions.set(sessionId, runId);
    this.hold(conn, sessionId);
    Object.assign(conn, { sessionId, runId });
    send(conn, { event: 'agent.state_restored', content: 'Session state restored successfully', metadata: { new_session_id: sessionId, original_session_id: signed?.session ?? null, restored_step: 0, agent_name: AGENT_NAME } });
    const named = signed?.session ? this.bindings.get(signed.session) : undefined;
    this.replay(conn, run, resumeIndex(named, (frame.content as { last_seq?: unknown } | undefined)?.last_seq, run.history.length));
    // Memory only: the run the disconnect cancelled does not go on, and this connection follows nothing.
  }

  currentRun(conn: Connection): ScriptedRun<MyagentWire> | undefined {
    return conn.runId ? this.ctx.existingRun<MyagentWire>('myagent', conn.runId) : undefined;
  }

  /** The connection moves to `sessionId`: its previous session is let go. */
  private hold(conn: Connection, sessionId: string) {
    if (conn.sessionId) this.held.delete(conn.sessionId);
    this.held.add(sessionId);
  }

  /** At most REPLAY_LIMIT history frames from `from`, then the notice that says how many. */
  private replay(conn: Connection, run: ScriptedRun<MyagentWire>, from: number) {
    const start = Math.max(from, run.history.length - REPLAY_LIMIT);
    for (let index = start; index < run.history.length; index++) send(conn, { ...(run.history[index] as MyagentWire) });
    send(conn, { event: 'system.notice', content: 'Replay completed', metadata: { action: 'replay', replayed: run.history.length - start } });
  }

  /** Sends history from `start`, then live frames; records the seq ↔ frame map. */
  private follow(conn: Connection, run: ScriptedRun<MyagentWire>, start: number) {
    conn.unsubscribe?.();
    const binding: Binding = { start, sent: [] };
    if (conn.sessionId) this.bindings.set(conn.sessionId, binding);
    conn.binding = binding;
    const deliver = (frame: MyagentWire, index: number) => {
      const seq = send(conn, frame);
      if (seq !== undefined) binding.sent.push({ seq, index });
    };
    for (let index = start; index < run.history.length; index++) deliver(run.history[index] as MyagentWire, index);
    conn.unsubscribe = run.subscribe((frame) => deliver(frame, run.history.length - 1));
  }
}
