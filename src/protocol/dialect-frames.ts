/**
 * The dialect contract's frame half: where `locate` puts a raw frame (Placement, Location)
 * and what an interpreter makes of a placement (Interpretation). dialect.ts says how the
 * parts fit together.
 */
import type { RunEvent } from '@/protocol/run-event';

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
