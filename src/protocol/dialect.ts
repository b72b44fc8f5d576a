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
import type { Capabilities, GateAnswer, GateRef, MemoContext, OpenContext, OutboundCommand, RunAction, StatusCheckReason, Unavailable } from '@/protocol/dialect-commands';
import type { ConnectParams, ConnectionPlan, StartOption } from '@/protocol/dialect-connection';
import type { Interpreter, LocateContext, Location, Memo } from '@/protocol/dialect-frames';
import type { Recovery } from '@/protocol/dialect-recovery';

// The contract's parts live in modules of their own; everything keeps its public name here.
export { isUnavailable, type Capabilities, type GateAnswer, type GateRef, type MemoContext, type OpenContext, type OutboundCommand, type Paging, type RunAction, type StatusCheckReason, type Unavailable } from '@/protocol/dialect-commands';
export { bearerHeaders, isHttpReplyFrame, startOptionApplies, type ConnectParams, type ConnectionPlan, type HttpReplyFrame, type StartConfig, type StartOption } from '@/protocol/dialect-connection';
export { orderKey, placed, unplaceable, type AnswerKind, type FrameOrder, type Interpretation, type Interpreter, type LocateContext, type Location, type Memo, type Placement } from '@/protocol/dialect-frames';
export type { Ordering, Recovery } from '@/protocol/dialect-recovery';

export const DIALECT_IDS = ['relavium', 'tolky', 'myagent', 'mars', 'shannon', 'agui'] as const;
export type DialectId = (typeof DIALECT_IDS)[number];

/** How frames arrive, as the recording header names it (docs/ARCHITECTURE.md "Recordings"). */
export type WireKind = 'sse' | 'websocket' | 'socket.io';

/** The parts of a model call the Calls view shows; a stream may carry only some of them. */
export type CallField = 'model' | 'tokens' | 'cost' | 'latency' | 'prompt' | 'reasoning' | 'response';

/**
 * What the protocol's stream tells about each model call (read from the upstream servers'
 * code): a sentence of what it carries, and for each part it never carries, why — said in
 * the Calls view instead of an empty column.
 */
export type CallCoverage = Readonly<{ carries: string; lacks: Readonly<Partial<Record<CallField, string>>> }>;

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

