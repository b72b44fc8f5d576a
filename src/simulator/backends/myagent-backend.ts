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
 *
 * This module opens connections and routes each client event; the sessions and their requests are
 * `myagent-sessions.ts`, a connection and its stamping `myagent-connection.ts`, and reading what a
 * client asked `myagent-requests.ts`.
 */
import { WebSocketServer, type WebSocket } from 'ws';

import { type ClientFrame, type Connection, send, sendError } from '@/simulator/backends/myagent-connection';
import { naiveIso } from '@/simulator/backends/myagent-encoder';
import { createOutbound } from '@/simulator/backends/myagent-outbound';
import { MyagentSessions } from '@/simulator/backends/myagent-sessions';
import type { SimBackendFactory, SimContext } from '@/simulator/sim-backend';

const HEARTBEAT_MS = 60_000;

export const createMyagentBackend: SimBackendFactory = (ctx) => {
  const wss = new WebSocketServer({ noServer: true });
  const sessions = new MyagentSessions(ctx);

  function onConnection(ws: WebSocket) {
    const conn: Connection = { ws, id: `conn-${sessions.nextId()}`, seq: 0, outbound: createOutbound((frame) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(frame)), ctx.timeScale) };
    send(conn, { event: 'system.connected', content: { server_name: 'MyAgent WebSocket Server', server_version: 'sim' }, metadata: { heartbeat_interval_seconds: 60 } });
    const heartbeat = setInterval(
      () => send(conn, { event: 'system.heartbeat', content: { server_time: naiveIso(Date.now()) }, metadata: {} }),
      HEARTBEAT_MS * ctx.timeScale,
    );
    ws.on('message', (raw) => onMessage(ctx, sessions, conn, String(raw)));
    ws.on('close', () => {
      clearInterval(heartbeat);
      conn.unsubscribe?.();
      conn.outbound.close();
      // The real server closes the connection's sessions, cancelling what they run; nothing is sent.
      sessions.closed(conn);
    });
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

function onMessage(ctx: SimContext, sessions: MyagentSessions, conn: Connection, text: string) {
  let frame: ClientFrame;
  try {
    frame = JSON.parse(text) as ClientFrame;
  } catch {
    return sendError(conn, 'message is not JSON');
  }
  const kind = typeof frame.event === 'string' ? frame.event : 'unknown';
  const sessionId = typeof frame.session_id === 'string' ? frame.session_id : conn.sessionId;
  // A create_session is logged under the session it created; others under the run (or session).
  if (kind === 'user.create_session') sessions.createSession(conn);
  ctx.record({ dialect: 'myagent', runId: conn.runId ?? (sessionId && sessions.sessions.get(sessionId)) ?? conn.sessionId ?? sessionId ?? '', kind, body: frame });
  switch (kind) {
    case 'user.create_session':
      return;
    case 'user.message':
      return sessions.startRun(conn, frame);
    case 'user.solve_tasks':
      return sessions.solveTasks(conn, frame);
    case 'user.response':
      return sessions.respond(conn, frame);
    case 'user.cancel':
      return void sessions.currentRun(conn)?.cancel(typeof frame.content === 'string' ? frame.content : 'cancelled by user');
    case 'user.request_state':
      return sessions.exportState(conn);
    case 'user.reconnect_with_state':
      return sessions.restore(conn, frame);
    case 'user.ack':
      return;
    default:
      return sendError(conn, `unsupported event ${kind}`);
  }
}
