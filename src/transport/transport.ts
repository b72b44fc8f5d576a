/**
 * The transport contract: raw frames in, connection life reported, nothing about events.
 *
 * An adapter owns connecting, auth, heartbeats and reconnection with capped, jittered
 * backoff. It hands every frame to `onFrame` exactly as received (SSE frames as
 * `{id?, event?, data}`, WebSocket messages parsed as JSON when they are JSON, Socket.IO
 * as `{event, data}`) and stops calling the handlers once `signal` aborts.
 */
import { errorMessage } from '@/lib/error-message';

export type ConnectionState =
  | { status: 'connecting' }
  | { status: 'live' }
  | { status: 'reconnecting'; attempt: number; nextRetryAtMs: number; reason: string }
  | { status: 'closed'; by: 'client' | 'server'; reason?: string }
  /** `notFound`: the backend answered the run's own address with 404/410 — there is no such run. */
  | { status: 'error'; error: string; notFound?: boolean };

export type TransportHandlers = Readonly<{
  /**
   * One frame exactly as received. Parsing into events is the decoder's job. `textLength`:
   * the length of the text it was parsed from, when the adapter had the text (the recording
   * weighs frames by it; without it the frame is weighed by a walk). `frameText`: the frame's
   * own JSON text, when the adapter has it for free (the recording keeps that instead of the
   * parsed frame).
   */
  onFrame: (frame: unknown, textLength?: number, frameText?: string) => void;
  onState: (state: ConnectionState) => void;
  /** Called on every successful (re)open, before any frame of that connection. */
  onOpen?: (info: { reconnect: boolean }) => void;
  /** A keep-alive that carries no frame (SSE comment, pong). */
  onAlive?: () => void;
  /** Asked when the server ends the stream cleanly: false when the run is over. */
  shouldReconnect?: () => boolean;
}>;

export interface Transport {
  readonly kind: 'socket.io' | 'sse' | 'websocket' | 'post-sse' | 'poll' | 'replay';
  connect(handlers: TransportHandlers, signal: AbortSignal): void;
  /** Sends one message on the open connection (WebSocket JSON, Socket.IO emit, AG-UI new run). */
  send(message: unknown): Promise<void>;
  /**
   * Drops the open connection and opens a new one at once, resuming from the session's
   * cursor (SSE `Last-Event-ID`, myagent `reconnect_with_state`): how a gap the protocol can
   * only refill by resending is filled. Absent where the protocol replays on request.
   */
  reconnect?(reason: string): void;
}

/** Thrown by `send` when the connection is not open; callers show it, never retry silently. */
export class NotConnectedError extends Error {
  constructor(kind: string) {
    super(`the ${kind} connection is not open`);
    this.name = 'NotConnectedError';
  }
}

/** Turns text that is JSON into a value and leaves other text as text (recording format). */
export function parseMaybeJson(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[' && first !== '"') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A text message handed on as a frame: parsed when it is JSON, and then with its text for the recording. */
export function deliverTextFrame(text: string, handlers: TransportHandlers): void {
  const frame = parseMaybeJson(text);
  handlers.onFrame(frame, text.length, frame === text ? undefined : text);
}

/**
 * Runs a transport's read loop detached: `connect` returns at once and the loop reports through
 * the handlers. Network failures are caught inside each loop; a rejection reaching here is a bug
 * (a handler threw), so it ends the connection as an `error` state that says so, in the
 * connection banner, rather than vanishing as an unhandled rejection.
 */
export function runDetached(kind: string, loop: Promise<void>, onState: TransportHandlers['onState']): void {
  loop.catch((error: unknown) => {
    const message = `the ${kind} connection stopped on an internal error: ${errorMessage(error)}`;
    try {
      onState({ status: 'error', error: message });
    } catch {
      // The handler that threw may throw again: the console is the last place left to say it.
      console.error(message, error);
    }
  });
}
