/**
 * One myagent client connection: its socket, its own seq and id, the outbound queue of the real
 * server (myagent-outbound.ts), and the session and run it is on. Every frame sent is stamped per
 * connection (`seq` from 1, `event_id = "<connection_id>-<seq>"`, `metadata.connection_id`,
 * `session_id`).
 */
import type { WebSocket } from 'ws';

import { naiveIso } from '@/simulator/backends/myagent-encoder';
import type { Outbound } from '@/simulator/backends/myagent-outbound';

/**
 * What one session's connection sent: the history index it started at and which run-history
 * frame each of its seqs carried. `last_seq` is read against the session the client names.
 */
export type Binding = { start: number; sent: Array<{ seq: number; index: number }> };

export type Connection = {
  ws: WebSocket;
  id: string;
  seq: number;
  outbound: Outbound;
  sessionId?: string;
  runId?: string;
  binding?: Binding;
  unsubscribe?: () => void;
};

export type ClientFrame = { event?: unknown; session_id?: unknown; step_id?: unknown; content?: unknown; signed_state?: unknown };

/** Stamps the per-connection fields and sends; returns the seq used (undefined when closed). */
export function send(conn: Connection, frame: Record<string, unknown>): number | undefined {
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


/** A request the server refuses as invalid, recoverable (server.py's validation error). */
export function sendError(conn: Connection, message: string) {
  send(conn, { event: 'error.validation', content: message, metadata: { error_code: 'ERR_VAL_001', recoverable: true } });
}
