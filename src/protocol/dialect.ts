/**
 * The contract between one protocol ("dialect") and the rest of Runboard.
 *
 * A dialect is pure and has three parts, each with one job:
 * - `locate` (stateless, cheap, per raw frame): WHERE the frame goes — its place in the
 *   protocol's order or its identity, the resume cursor, whether it is a keep-alive or the
 *   end of the stream, the session bookkeeping it carries (memo); a frame that stands for
 *   many (a replay, a history page) is split into the frames it carries. No validation of
 *   content and no run state here: that is the interpreter's job, done once.
 * - `createInterpreter` (one per session, stateful): WHAT a placement means — canonical
 *   events. Ingest feeds it every placement exactly once, in the protocol's order, so it
 *   may keep run state (step labels, open gates, the text shown so far).
 * - `recovery` (data): how the stream is ordered, what a hole in it means and how it is
 *   filled, what a dropped connection does. One state machine in ingest carries it out.
 * The commands (`onOpen`, `refill`, `snapshot`, `answerGate`, `control`, `startRun`) turn a
 * person's or the recovery's intent into the protocol's exact outbound form.
 *
 * A dialect never touches React, the stores or a socket: the session (src/session/) picks the
 * transport from the dialect's ConnectionPlan and sends its OutboundCommands.
 */
import type { GateOption, RunEvent } from '@/protocol/run-event';

export const DIALECT_IDS = ['relavium', 'tolky', 'myagent', 'mars', 'shannon', 'agui'] as const;
export type DialectId = (typeof DIALECT_IDS)[number];

/** How frames arrive, as the recording header names it (docs/ARCHITECTURE.md "Recordings"). */
export type WireKind = 'sse' | 'websocket' | 'socket.io';

export type Memo = Readonly<Record<string, unknown>>;

// ---- locate ------------------------------------------------------------------

/**
 * Where a frame sits in the protocol's order. `scope` separates independent counters
 * (tolky intents, myagent connections); `seq` is the protocol's number in it.
 */
export type FrameOrder = Readonly<{ scope: string; seq: number }>;

/**
 * A placement: one frame as `locate` placed it — what the interpreter reads, and where it
 * goes. A raw frame gives one, or several (a replay or history page), or none.
 */
export type Placement = Readonly<{
  /** What the interpreter reads: the frame itself, or one envelope a replay or history page carried, in its live form. */
  body: unknown;
  /** Set when the protocol numbers its frames: drives dedupe, reorder and holes. */
  order?: FrameOrder;
  /** Dedupe key where there is no order (a content hash, an event id). */
  identity?: string;
  /** What to send back to resume after this frame (SSE Last-Event-ID, replay sinceSeq, last_seq). */
  cursor?: string;
  /** A keep-alive: proves the stream is alive and is not interpreted. */
  heartbeat?: boolean;
  /** The stream says the run is over (Shannon `done`): nothing is reconnected after it. */
  end?: boolean;
  /** Session bookkeeping needed on arrival, not in protocol order (a session id, a signed state). */
  memo?: Memo;
  /** A snapshot that restores state up to this seq: the order moves past it. */
  advance?: FrameOrder;
  /**
   * A command this session sent (Dialect.readsOwnCommands): the interpreter learns what it
   * asked for — the tasks it gave, the conversation it started — in order with the stream.
   */
  outbound?: boolean;
}>;

/** What kind of answer a frame is, so a filled hole can say how it was filled. */
export type AnswerKind = 'replay' | 'history' | 'snapshot';

export type Location =
  | Readonly<{ kind: 'placed'; placements: readonly Placement[]; answer?: AnswerKind }>
  /** Not even placeable (not an object, no type): quarantined with a reason. */
  | Readonly<{ kind: 'rejected'; reason: string; frameType?: string }>;

export type LocateContext = Readonly<{
  /** The run being watched (intent id, workflow id, task id). */
  runId: string;
  /** Counts connections; protocols that number frames per connection scope by it (myagent). */
  connection: number;
}>;

// ---- interpret ---------------------------------------------------------------

export type Interpretation =
  | Readonly<{ kind: 'events'; events: RunEvent[]; memo?: Memo }>
  /** A frame that failed validation: quarantined with a readable reason, never thrown. */
  | Readonly<{ kind: 'rejected'; reason: string; frameType?: string }>;

/** Reads placements in the protocol's order, once each; may keep run state. Never throws. */
export type Interpreter = (placement: Placement) => Interpretation;

// ---- recovery (data) -------------------------------------------------------------

/**
 * How the protocol orders its frames:
 * - `seq`: frames carry a number; a frame ahead of the next one waits (briefly) for the
 *   ones before it. `holes: 'lost'` means a missing number is a lost frame to fetch again;
 *   `holes: 'normal'` means the server skips numbers (myagent coalesces partial answers), so
 *   a hole is only noted. `firstSeq`: where a scope starts when the protocol says (relavium 0).
 * - `arrival`: no number (MARS, AG-UI): applied as it comes, exact repeats dropped by identity.
 */
export type Ordering =
  | Readonly<{
      by: 'seq';
      holes: 'lost' | 'normal';
      firstSeq?: number;
      /** How long a frame after a hole waits for the frames before it (the reorder grace; 750 ms when absent). */
      waitMs?: number;
    }>
  | Readonly<{ by: 'arrival' }>;

export type Recovery = Readonly<{
  ordering: Ordering;
  /**
   * How lost frames come back, all started when a hole opens: 'resume-stream' reopens the
   * stream from the cursor before the hole (SSE Last-Event-ID); 'commands' sends `refill`
   * (a replay, history pages).
   */
  refill: readonly ('resume-stream' | 'commands')[];
  /**
   * A hole the refill did not close in time: 'snapshot' restores state with `snapshot`;
   * 'accept' says once that those events are no longer available (the server kept no copy).
   */
  unfilled: 'snapshot' | 'accept';
  /**
   * A dropped connection: 'resume' reconnects (onOpen resumes from the cursor); 'watch'
   * stops using the socket and watches through `watchPlan` instead (MARS: a new socket
   * would steal or restart the run); 'report' says the stream ended (AG-UI cannot resume).
   */
  drop: 'resume' | 'watch' | 'report';
  /** Why an unfilled hole cannot be had any more, in words (the timeline says it once). */
  unfilledReason?: string;
}>;

// ---- connecting ------------------------------------------------------------------

/**
 * How the reply to an HTTP command (snapshot, history page, decision) reaches ingest: as a
 * frame of its own, so it is recorded and replayed like any other frame.
 */
export type HttpReplyFrame = Readonly<{ reply: { method: string; path: string; status: number }; body: unknown }>;

export function isHttpReplyFrame(frame: unknown): frame is HttpReplyFrame {
  return typeof frame === 'object' && frame !== null && 'reply' in frame && 'body' in frame;
}

export type ConnectParams = Readonly<{
  /** Backend base: http(s)://host:port for SSE/HTTP/Socket.IO, ws(s)://host:port for WebSocket; AG-UI: the endpoint itself. */
  baseUrl: string;
  runId: string;
  /** Held in memory only; goes into headers or Socket.IO auth, never the URL. */
  token?: string;
  /** Instructions when this session starts the run (after the person pressed "Start run"). */
  start?: string;
  /** The backend session the run belongs to (tolky scopes an intent's replay to its session), from the link. */
  session?: string;
  /** The options the person chose for the new run (Dialect.startOptions, by option id). */
  startConfig?: StartConfig;
}>;

/** Start options as chosen, by option id. */
export type StartConfig = Readonly<Record<string, string | number | boolean>>;

/**
 * One setting of a new run the backend defines (MARS's mode and its options), for the start
 * form. `when` shows it only while other options (by id) hold one of the listed values.
 */
export type StartOption = Readonly<{
  id: string;
  label: string;
  help?: string;
  kind: 'choice' | 'number' | 'boolean' | 'text';
  choices?: readonly Readonly<{ value: string; label: string; help?: string }>[];
  default: string | number | boolean;
  min?: number;
  max?: number;
  when?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
}>;

/** True when an option applies under the chosen values (its `when` holds). */
export function startOptionApplies(option: StartOption, config: StartConfig): boolean {
  return Object.entries(option.when ?? {}).every(([id, values]) => values.includes(config[id] ?? ''));
}

/** What every plan may carry: the command its connection itself sends (AG-UI's first POST body), recorded like any other. */
type PlanBase = Readonly<{ opening?: OutboundCommand }>;

export type ConnectionPlan = PlanBase &
  (
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
    /** A POST answered by SSE (AG-UI): `body` is the first run; later runs are `{via: 'run'}` commands. */
    | { kind: 'post-sse'; url: string; headers: Record<string, string>; body: unknown }
    /**
     * No stream: GET these paths every `everyMs`; each reply is an HttpReplyFrame. The list may
     * depend on what the memo learned, and is read again after each reply: a reply may add a
     * path to the same round (each path is fetched once a round).
     */
    | { kind: 'poll'; baseUrl: string; headers: Record<string, string>; everyMs: number; requests: (memo: Memo) => readonly string[] }
  );

// ---- commands ----------------------------------------------------------------------

/** How a paged HTTP reply asks for more: the next page while a page comes back full. */
export type Paging = Readonly<{ offsetParam: string; pageSize: number; itemsKey: string; maxPages: number }>;

/** One outbound message in the protocol's exact form; the session's channel delivers it. */
export type OutboundCommand =
  | { via: 'http'; method: 'GET' | 'POST'; path: string; body?: unknown; paging?: Paging }
  | { via: 'socket'; message: unknown }
  | { via: 'emit'; event: string; data: unknown }
  /** AG-UI: a new POST run whose SSE answer continues the stream. */
  | { via: 'run'; body: unknown };

export type GateAnswer = Readonly<{
  /** The chosen option, or undefined when only text was given. */
  option?: GateOption;
  /** Free text, edited tasks (JSON text) or form input. */
  text?: string;
  /** Structured edits (myagent tasks, MARS modifications). */
  edits?: unknown;
  decidedBy: string;
}>;

export type GateRef = Readonly<{ gateId: string; nodeId?: string; kind: string; runId: string }>;

export type RunAction = 'cancel' | 'pause' | 'resume';

/** Why the session asks where a run stands (Dialect.checkStatus). */
export type StatusCheckReason = 'ended' | 'quiet';

/** A control a protocol cannot do, with the reason shown beside the control. */
export type Unavailable = Readonly<{ unavailable: string }>;

export type Capabilities = Readonly<{
  /** The client starts runs itself (myagent, mars, agui): the form shows "Start run". */
  startsRuns: boolean;
  /** The server names a run it starts (myagent's session id): a started run has no id of ours. */
  serverNamesRuns?: true;
  control: Readonly<Record<RunAction, true | string>>;
}>;

/** The parts of a model call the Calls view shows; a stream may carry only some of them. */
export type CallField = 'model' | 'tokens' | 'cost' | 'latency' | 'prompt' | 'reasoning' | 'response';

/**
 * What the protocol's stream tells about each model call (read from the upstream servers'
 * code): a sentence of what it carries, and for each part it never carries, why — said in
 * the Calls view instead of an empty column.
 */
export type CallCoverage = Readonly<{ carries: string; lacks: Readonly<Partial<Record<CallField, string>>> }>;

export type OpenContext = Readonly<{
  runId: string;
  /** Cursor of the last frame applied (before a hole while one is being refilled). */
  cursor: string | undefined;
  /** Instructions when this connection starts the run; undefined when it only watches. */
  start?: string;
  startConfig?: StartConfig;
  reconnect: boolean;
  memo: Memo;
}>;

export type MemoContext = Readonly<{
  memo: Memo;
  previous: Memo;
  /** Instructions when this session starts the run. */
  start?: string;
  runId: string;
}>;

export interface Dialect {
  readonly id: DialectId;
  readonly label: string;
  readonly wire: WireKind;
  /**
   * What the person types to reach a backend: its origin (`http://host:port`), or, for
   * protocols whose URL is one agent's endpoint (AG-UI), that endpoint — used exactly as given.
   */
  readonly address: Readonly<{ kind: 'origin' | 'endpoint'; example: string }>;
  /** Longest silence the protocol allows before the stream counts as stale. */
  readonly staleAfterMs: number;
  readonly capabilities: Capabilities;
  /**
   * The server leaves its stream open after the run's end (MARS after a failure or a cancel):
   * the session closes it this long after the run's final status, so it stops pinging.
   */
  readonly closeAfterEndMs?: number;
  /** Settings of a new run the start form offers (the backend's modes and their options). */
  readonly startOptions?: readonly StartOption[];
  readonly recovery: Recovery;
  locate(frame: unknown, ctx: LocateContext): Location;
  createInterpreter(ctx: Readonly<{ runId: string }>): Interpreter;
  connect(params: ConnectParams): ConnectionPlan;
  /**
   * recovery.drop 'watch': how to watch without the socket — for every session that did not
   * start the run, and for the one that did once its socket dropped. Described in words for
   * the status region ("watching over REST, every 3 s"); `commandsUnavailable` says why a
   * watching session offers no controls and no gate answers, where the protocol takes them
   * only on the socket (views show it beside each control, not a button that fails).
   */
  watchPlan?(params: ConnectParams): ConnectionPlan & { describe: string; commandsUnavailable?: string; blindSpot?: string };
  /** The interpreter also reads the session's own outbound commands (Placement.outbound). */
  readonly readsOwnCommands?: boolean;
  /**
   * Memo keys a reloaded tab needs to resume the run it had (myagent: the latest
   * `signed_state` and its session): kept in that tab's sessionStorage — never a URL, a
   * recording or a log — and, after a reload, put back in the memo before the first open,
   * which then counts as a reconnect (onOpen ctx.reconnect).
   */
  readonly keptForReload?: readonly string[];
  /**
   * Asks the backend where the run stands, when the stream cannot say: it ended without a
   * final status ('ended'), or it went quiet ('quiet': Shannon's failure paths that send no
   * `done`). After 'ended' a dialect may also read what the backend kept: frames lost just
   * before an end marker that carries no number leave no hole to see.
   */
  checkStatus?(runId: string, why: StatusCheckReason): OutboundCommand[];
  /** The run a frame belongs to, for a recording whose header names none (docs/ARCHITECTURE.md "Recordings"). */
  runIdOf?(frame: unknown): string | undefined;
  /** Frames to send once the connection is open (watch/subscribe, resume, start). */
  onOpen(ctx: OpenContext): OutboundCommand[];
  /** recovery.refill 'commands': what fetches the frames a hole lost, given the cursor before it. */
  refill?(runId: string, cursor: string | undefined): OutboundCommand[];
  /** recovery.unfilled 'snapshot': what fetches the run's state. */
  snapshot?(runId: string): OutboundCommand[];
  answerGate(gate: GateRef, answer: GateAnswer, memo: Memo): OutboundCommand[] | Unavailable;
  control(action: RunAction, runId: string, reason: string | undefined, memo?: Memo): OutboundCommand[] | Unavailable;
  startRun?(instructions: string, runId: string, memo?: Memo): OutboundCommand[];
  /**
   * Called when frames update the memo. Protocols that name the run only once the server
   * created a session (myagent) start it and ask for a resumable state here.
   */
  onMemo?(ctx: MemoContext): { commands: OutboundCommand[]; runId?: string };
}

export function isUnavailable(value: OutboundCommand[] | Unavailable): value is Unavailable {
  return !Array.isArray(value);
}

/** `Authorization: Bearer` when a token was given; never put in a URL. */
export function bearerHeaders(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The dedupe key of an ordered frame (`scope#seq`), stamped on its events as `key`. */
export function orderKey(order: FrameOrder): string {
  return `${order.scope}#${order.seq}`;
}

/** One placement, the common case of `locate`. */
export function placed(placement: Placement, answer?: AnswerKind): Location {
  return answer === undefined ? { kind: 'placed', placements: [placement] } : { kind: 'placed', placements: [placement], answer };
}

/** A frame `locate` cannot place at all. */
export function unplaceable(reason: string, frameType?: string): Location {
  return frameType === undefined ? { kind: 'rejected', reason } : { kind: 'rejected', reason, frameType };
}
