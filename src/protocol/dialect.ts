/**
 * The contract between one protocol ("dialect") and the rest of Runboard.
 *
 * A dialect is pure: it turns raw frames into canonical RunEvents and turns a person's
 * intent (answer a gate, cancel, resync, start) into the protocol's exact outbound form.
 * It never touches React, the stores or a socket: app/ picks the transport from the
 * dialect's ConnectionPlan, and features/ send the dialect's OutboundCommands through
 * the session's command channel.
 */
import type { GateOption, RunEvent } from '@/protocol/run-event';

export const DIALECT_IDS = ['relavium', 'tolky', 'myagent', 'mars', 'shannon', 'agui'] as const;
export type DialectId = (typeof DIALECT_IDS)[number];

export type TransportKind = 'sse' | 'websocket' | 'socket.io' | 'post-sse';

// ---- decoding --------------------------------------------------------------

/**
 * Where a frame sits in the protocol's order. `scope` separates independent counters
 * (tolky intents, myagent connection epochs); `seq` is the protocol's number in it.
 */
export type FrameOrder = Readonly<{ scope: string; seq: number }>;

export type DecodeResult =
  | {
      kind: 'events';
      events: RunEvent[];
      /** Set when the protocol numbers its frames: drives dedupe, reorder and gap detection. */
      order?: FrameOrder;
      /** Identity for dedupe where there is no order (content of the frame). */
      identity?: string;
      /** What to send back to resume after this frame (SSE Last-Event-ID, replay sinceSeq). */
      cursor?: string;
      /** A keep-alive: proves the stream is alive, adds nothing to the log. */
      heartbeat?: boolean;
      /** A snapshot covered everything up to this seq: the sequencer skips past it. */
      advance?: FrameOrder;
      /** Out-of-band replies (state exports, resync answers) the session keeps for later commands. */
      memo?: Readonly<Record<string, unknown>>;
    }
  /** A frame that failed validation: quarantined with a reason, never thrown. */
  | {
      kind: 'rejected';
      reason: string;
      frameType?: string;
      /**
       * The frame's place in the order when it could still be read: the sequencer marks
       * that seq as seen, so one bad frame does not open a false gap and a resync.
       */
      order?: FrameOrder;
    };

export type DecodeContext = Readonly<{
  /** The run being watched (intent id, workflow id, task id). */
  runId: string;
  /** Increases on every reconnect; myagent's seq restarts per connection. */
  epoch: number;
}>;

// ---- connecting ------------------------------------------------------------

/**
 * How the reply to an HTTP command (snapshot, history page, decision) reaches the decoder:
 * as a frame of its own, so it is recorded and replayed like any other frame.
 */
export type HttpReplyFrame = Readonly<{ reply: { method: string; path: string; status: number }; body: unknown }>;

export function isHttpReplyFrame(frame: unknown): frame is HttpReplyFrame {
  return typeof frame === 'object' && frame !== null && 'reply' in frame && 'body' in frame;
}

export type ConnectParams = Readonly<{
  /** Backend base: http(s)://host:port for SSE/HTTP/Socket.IO, ws(s)://host:port for WebSocket. */
  baseUrl: string;
  runId: string;
  /** Held in memory only; goes into headers or Socket.IO auth, never the URL. */
  token?: string;
}>;

export type ConnectionPlan =
  | { kind: 'sse'; url: string; headers: Record<string, string>; resumeHeader?: string }
  | { kind: 'websocket'; url: string; heartbeat?: { message: unknown; everyMs: number } }
  | {
      kind: 'socket.io';
      url: string;
      namespace: string;
      auth: Record<string, unknown>;
      /** Frames arrive on these event names; each becomes `{event, data}`. */
      events: readonly string[];
    }
  | { kind: 'post-sse'; url: string; headers: Record<string, string> };

// ---- commands ----------------------------------------------------------------

/** One outbound message in the protocol's exact form; the session's channel delivers it. */
export type OutboundCommand =
  | { via: 'http'; method: 'GET' | 'POST'; path: string; body?: unknown }
  | { via: 'socket'; message: unknown }
  | { via: 'emit'; event: string; data: unknown }
  /** AG-UI: a new POST run whose SSE answer continues the stream. */
  | { via: 'run'; body: unknown };

export type GateAnswer = Readonly<{
  /** The chosen option's `value`, or undefined when only text was given. */
  option?: GateOption;
  /** Free text, edited tasks (JSON text) or form input. */
  text?: string;
  /** Structured edits (myagent tasks, MARS modifications). */
  edits?: unknown;
  decidedBy: string;
}>;

export type GateRef = Readonly<{ gateId: string; nodeId?: string; kind: string; runId: string }>;

export type RunAction = 'cancel' | 'pause' | 'resume';

/** A control a protocol cannot do, with the reason shown in the tooltip. */
export type Unavailable = Readonly<{ unavailable: string }>;

export type Capabilities = Readonly<{
  /** The client starts runs itself (myagent, mars, agui): the form shows "Start run". */
  startsRuns: boolean;
  control: Readonly<Record<RunAction, true | string>>;
}>;

export interface Dialect {
  readonly id: DialectId;
  readonly label: string;
  readonly transport: TransportKind;
  /** Longest silence the protocol allows before the stream counts as stale. */
  readonly staleAfterMs: number;
  /** The first seq of a scope when the protocol fixes it (relavium 0, shannon 1); else the first seen. */
  readonly firstSeq?: number;
  /**
   * How a gap in the ordering key is filled. 'resync' (default): the dialect's `resync`
   * commands (snapshot, replay, history), and for SSE a resumed stream from before the hole.
   * 'reconnect': the seq restarts per connection (myagent), so nothing past the hole is applied
   * and a new connection's replay resends it.
   */
  readonly gapRecovery?: 'resync' | 'reconnect';
  /**
   * Set when the decoder keeps run state that later frames read (step labels, open gates,
   * agents already priced): decoded out of order, a frame would read state its predecessors
   * had not set yet. Ingest then decodes the frames in the protocol's order, once each, with
   * ONE decoder for the whole session (across reconnects), and a per-connection decoder only
   * places each frame (order, identity, cursor). `split` turns a frame carrying many
   * envelopes (a replay, a history page) into the live frames they stand for, each placed
   * and decoded on its own; undefined for any other frame.
   */
  readonly decodeInOrder?: Readonly<{ split(frame: unknown): unknown[] | undefined }>;
  readonly capabilities: Capabilities;
  /** A fresh decoder per connection: some dialects keep small per-stream state (message ids, graph). */
  createDecoder(ctx: DecodeContext): (frame: unknown) => DecodeResult;
  connect(params: ConnectParams): ConnectionPlan;
  /** Frames to send once the connection is open (watch/subscribe, resume, start). */
  onOpen(ctx: OpenContext): OutboundCommand[];
  answerGate(gate: GateRef, answer: GateAnswer, memo: Readonly<Record<string, unknown>>): OutboundCommand[] | Unavailable;
  control(action: RunAction, runId: string, reason: string | undefined): OutboundCommand[] | Unavailable;
  startRun?(instructions: string, runId: string): OutboundCommand[];
  /**
   * Called when decoded frames update the protocol memo. Protocols that name the run only
   * once the server created a session (myagent) start it and ask for a resumable state here.
   */
  onMemo?(ctx: MemoContext): { commands: OutboundCommand[]; runId?: string };
  /** Commands that fetch what a gap lost (snapshot or replay), given the last cursor seen. */
  resync(runId: string, cursor: string | undefined): OutboundCommand[];
}

export type OpenContext = Readonly<{
  runId: string;
  /** Cursor of the last frame applied (undefined on the first connection). */
  cursor: string | undefined;
  /** Instructions when this connection starts the run; undefined when it only watches. */
  start?: string;
  reconnect: boolean;
  memo: Readonly<Record<string, unknown>>;
}>;

export type MemoContext = Readonly<{
  memo: Readonly<Record<string, unknown>>;
  previous: Readonly<Record<string, unknown>>;
  /** Instructions when this session starts the run. */
  start?: string;
  runId: string;
}>;

export function isUnavailable(value: OutboundCommand[] | Unavailable): value is Unavailable {
  return !Array.isArray(value);
}

/** `Authorization: Bearer` when a token was given; never put in a URL. */
export function bearerHeaders(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The dedupe key of an ordered frame's events; decoders that unpack many frames (replays, history) key each event with it. */
export function orderKey(order: FrameOrder): string {
  return `${order.scope}#${order.seq}`;
}
