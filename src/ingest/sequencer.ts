/**
 * The sequencer: puts placements in the protocol's order before anything reads them.
 *
 * Rules (guarded by sequencer.test.ts and sequencer-fuzz.test.ts):
 * - a frame whose (scope, seq) was already released is dropped as a duplicate;
 * - a frame ahead of the next expected seq is held, up to `reorderWindow` frames or
 *   `graceMs`, waiting for the missing ones to arrive out of order;
 * - then the hole is declared. `holes: 'lost'`: it is reported once as `opened` and what
 *   follows it keeps waiting, up to `refillWaitMs`, for the refill (a replay, a resumed
 *   stream, history) to bring it; filled in time, it is reported as `filled` and everything
 *   flows in order; not filled, EVERY held frame is released in order and the seqs still
 *   missing below them are reported once as `unfilled` (one report, however many small
 *   holes: a late-opened Shannon run lacks every token delta, and each must not start a
 *   refill of its own). `holes: 'normal'` (the server skips numbers): a full window passes
 *   the lowest hole only (a frame further on may merely be late), and a grace run out passes
 *   the holes before frames that have waited it; the seqs passed are reported as `skipped`;
 * - a seq released past is remembered (bounded): a late frame for it is released then, once;
 * - frames without an order are deduped by identity (bounded memory); they pass at once,
 *   unless ordered frames are held, in which case they wait behind them: arrival order
 *   between the two kinds is kept (Shannon's `done` must not overtake the frames before it);
 * - a snapshot (`advanceTo`) moves past everything up to its seq; what it skipped is
 *   remembered as holes, since a snapshot restores state, not every event.
 *
 * Pure apart from the injected clock: no timers here; ingest calls `expire(now)`.
 */
import type { FrameOrder } from '@/protocol/dialect';

import { ScopeOrder, type ScopeTuning } from '@/ingest/scope-order';

export type Sequenced<T> = Readonly<{ order?: FrameOrder; identity?: string; item: T }>;

/** A run of missing seqs; `missing` counts those still missing within it (small holes merged into one report). */
export type Hole = Readonly<{ scope: string; fromSeq: number; toSeq: number; missing: number }>;

export type SequencerOptions = Readonly<{
  /** 'lost': a hole is waited for (refill); 'normal': a hole is noted and passed. */
  holes: 'lost' | 'normal';
  reorderWindow?: number;
  graceMs?: number;
  refillWaitMs?: number;
  /** The protocol's first seq in a scope (relavium 0, shannon 1); undefined: the first seen. */
  firstSeq?: number;
  /** How many identities to remember for order-less dedupe. */
  identityMemory?: number;
}>;

export type SequencerOutput<T> = {
  released: T[];
  duplicates: number;
  /** Lost holes just declared: the refill should start. */
  opened: Hole[];
  /** Lost holes the refill closed. */
  filled: Hole[];
  /** Lost holes given up on: what followed them was released. */
  unfilled: Hole[];
  /** Normal holes passed (noted, nothing to fetch). */
  skipped: Hole[];
};

export const emptyOutput = <T>(): SequencerOutput<T> => ({ released: [], duplicates: 0, opened: [], filled: [], unfilled: [], skipped: [] });

export class Sequencer<T> {
  private readonly tuning: ScopeTuning;
  private readonly identityMemory: number;
  private readonly scopes = new Map<string, ScopeOrder<T>>();
  private readonly identities = new Set<string>();
  /**
   * The remembered identities in arrival order, a ring: the oldest is let go in O(1). (Taking
   * a Set's first value after many deletes walks the deleted slots first — quadratic-ish over a
   * long order-less stream.)
   */
  private readonly identityRing: (string | undefined)[] = [];
  private identityNext = 0;
  /** Order-less frames that arrived while ordered ones were held: released after them. */
  private behind: T[] = [];

  constructor(private readonly options: SequencerOptions) {
    this.tuning = { holes: options.holes, reorderWindow: options.reorderWindow ?? 5, graceMs: options.graceMs ?? 750, refillWaitMs: options.refillWaitMs ?? 3_000 };
    this.identityMemory = options.identityMemory ?? 8192;
  }

  /** Admits frames in arrival order; returns what can be read now, in protocol order. */
  admit(batch: readonly Sequenced<T>[], nowMs: number, out: SequencerOutput<T> = emptyOutput<T>()): SequencerOutput<T> {
    for (const { order, identity, item } of batch) this.route(order, identity, item, nowMs, out);
    return this.releaseBehind(out);
  }

  /**
   * One frame, as `admit([{order, identity, item}])` does. Why a method of its own: ingest
   * calls it once per frame, and the one-element batch and its wrapper would be garbage.
   */
  admitOne(order: FrameOrder | undefined, identity: string | undefined, item: T, nowMs: number, out: SequencerOutput<T>): SequencerOutput<T> {
    this.route(order, identity, item, nowMs, out);
    return this.releaseBehind(out);
  }

  /** Declares holes whose grace (or refill wait) has run out by `nowMs`. */
  expire(nowMs: number, out: SequencerOutput<T> = emptyOutput<T>()): SequencerOutput<T> {
    for (const scope of this.scopes.values()) scope.expire(out, nowMs);
    return this.releaseBehind(out);
  }

  /**
   * Nothing more comes on this connection (an end marker): a hole only suspected so far
   * (frames held within the reorder grace) is declared now, so its refill starts at once.
   */
  declareHeld(nowMs: number, out: SequencerOutput<T> = emptyOutput<T>()): SequencerOutput<T> {
    for (const scope of this.scopes.values()) scope.declareHeld(out, nowMs);
    return this.releaseBehind(out);
  }

  /** When `expire` next has something to do (undefined: nothing is held). */
  nextDeadlineMs(): number | undefined {
    let next: number | undefined;
    for (const scope of this.scopes.values()) {
      const due = scope.dueMs();
      if (due !== undefined) next = Math.min(next ?? Infinity, due);
    }
    return next;
  }

  /**
   * A snapshot covered everything up to `seq`: the order moves past it. What it skipped
   * stays a remembered hole, held frames it covered included (they are dropped here): a
   * snapshot restores state, not every event, so a resumed stream may still deliver each
   * of them, once. Held frames after it are released in order.
   */
  advanceTo(scope: string, seq: number, out: SequencerOutput<T> = emptyOutput<T>()): SequencerOutput<T> {
    if (!Number.isSafeInteger(seq)) return out;
    this.scopeFor(scope, seq + 1).advanceTo(seq, out);
    return this.releaseBehind(out);
  }

  /**
   * A new connection resumes from the cursor, so everything after it comes again (in
   * myagent's case renumbered for the new connection, where a held copy could never be
   * recognised as a repeat): held frames are let go. A hole being waited for stays
   * waited for: the resumed stream is what fills it.
   */
  discardHeld(): void {
    for (const scope of this.scopes.values()) scope.discardHeld();
    this.behind = [];
  }

  /** True when an order-less frame without identity would be released at once: nothing is held or waits behind. */
  passesAtOnce(): boolean {
    return this.behind.length === 0 && !this.anyHeld();
  }

  /** True while a lost hole is being waited for in some scope. */
  isWaiting(): boolean {
    for (const scope of this.scopes.values()) if (scope.isWaiting) return true;
    return false;
  }

  private scopeFor(scope: string, seq: number): ScopeOrder<T> {
    let order = this.scopes.get(scope);
    if (!order) {
      order = new ScopeOrder<T>(scope, this.options.firstSeq ?? seq, this.tuning);
      this.scopes.set(scope, order);
    }
    return order;
  }

  private rememberIdentity(identity: string): boolean {
    if (this.identities.has(identity)) return false;
    this.identities.add(identity);
    const slot = this.identityNext++ % this.identityMemory;
    const oldest = this.identityRing[slot];
    if (oldest !== undefined) this.identities.delete(oldest);
    this.identityRing[slot] = identity;
    return true;
  }

  private route(order: FrameOrder | undefined, identity: string | undefined, item: T, nowMs: number, out: SequencerOutput<T>): void {
    // A seq that is not a safe integer (NaN, Infinity, 1.5) cannot be ordered: the frame passes unordered.
    if (order && Number.isSafeInteger(order.seq)) this.scopeFor(order.scope, order.seq).sortIn(order.seq, item, out, nowMs);
    else if (identity !== undefined && !this.rememberIdentity(identity)) out.duplicates += 1;
    else if (this.behind.length > 0 || this.anyHeld()) this.behind.push(item);
    else out.released.push(item);
  }

  private anyHeld(): boolean {
    for (const scope of this.scopes.values()) if (scope.holding) return true;
    return false;
  }

  /** Order-less frames waiting behind held ones go once nothing is held any more. */
  private releaseBehind(out: SequencerOutput<T>): SequencerOutput<T> {
    if (this.behind.length > 0 && !this.anyHeld()) {
      out.released.push(...this.behind);
      this.behind = [];
    }
    return out;
  }
}

export function createSequencer<T>(options: SequencerOptions): Sequencer<T> {
  return new Sequencer<T>(options);
}
