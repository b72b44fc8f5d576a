/**
 * The sequencer: puts placed frames in the protocol's order before anything reads them.
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

type Waiting = { hole: Hole; sinceMs: number };

type ScopeState<T> = {
  next: number;
  held: Map<number, { item: T; sinceMs: number }>;
  /** Holes released past, not filled yet: a late frame for one is released once. */
  missing: Set<number>;
  /** 'lost': the declared hole that what is held waits for. */
  waiting?: Waiting;
};

/** How many seqs of released-past holes are remembered for late fills (guarded by sequencer-fuzz.test.ts). */
const MAX_REMEMBERED_HOLES = 10_000;

export const emptyOutput = <T>(): SequencerOutput<T> => ({ released: [], duplicates: 0, opened: [], filled: [], unfilled: [], skipped: [] });

export function createSequencer<T>(options: SequencerOptions) {
  const reorderWindow = options.reorderWindow ?? 5;
  const graceMs = options.graceMs ?? 750;
  const refillWaitMs = options.refillWaitMs ?? 3_000;
  const identityMemory = options.identityMemory ?? 8192;
  const scopes = new Map<string, ScopeState<T>>();
  const identities = new Set<string>();
  /** Order-less frames that arrived while ordered ones were held: released after them. */
  let behind: T[] = [];

  function scopeFor(scope: string, seq: number): ScopeState<T> {
    let state = scopes.get(scope);
    if (!state) {
      state = { next: options.firstSeq ?? seq, held: new Map(), missing: new Set() };
      scopes.set(scope, state);
    }
    return state;
  }

  /** Releases held frames that are next in line; reports a waited-for hole once it is passed. */
  function drain(state: ScopeState<T>, out: SequencerOutput<T>) {
    for (let entry = state.held.get(state.next); entry; entry = state.held.get(state.next)) {
      state.held.delete(state.next);
      out.released.push(entry.item);
      state.next += 1;
    }
    if (state.waiting && state.next > state.waiting.hole.toSeq) {
      out.filled.push(state.waiting.hole);
      state.waiting = undefined;
    }
  }

  function lowestHeld(state: ScopeState<T>): number {
    let lowest = Infinity;
    for (const seq of state.held.keys()) if (seq < lowest) lowest = seq;
    return lowest;
  }

  /** The window overflowed or the grace ran out: declare the hole before the lowest held seq. */
  function declare(scope: string, state: ScopeState<T>, out: SequencerOutput<T>, nowMs: number, overflow: boolean) {
    if (options.holes === 'normal') return overflow ? passLowestHole(scope, state, out) : passWaited(scope, state, out, nowMs);
    if (!state.waiting) {
      const lowest = lowestHeld(state);
      state.waiting = { hole: { scope, fromSeq: state.next, toSeq: lowest - 1, missing: lowest - state.next }, sinceMs: nowMs };
      out.opened.push(state.waiting.hole);
      return;
    }
    // Bounded in time and in memory: then the hole is given up and the rest goes on.
    if (nowMs - state.waiting.sinceMs < refillWaitMs && state.held.size <= MAX_REMEMBERED_HOLES) return;
    const from = state.waiting.hole.fromSeq;
    state.waiting = undefined;
    passAll(scope, state, from, out.unfilled, out);
  }

  /**
   * Normal holes, window full: only the lowest hole is passed. A frame further on may merely
   * be late (myagent sends a coalesced partial answer after frames stamped after it), and it
   * still has the grace to come; only when the grace runs out is everything held passed.
   */
  function passLowestHole(scope: string, state: ScopeState<T>, out: SequencerOutput<T>) {
    const lowest = lowestHeld(state);
    out.skipped.push({ scope, fromSeq: state.next, toSeq: lowest - 1, missing: lowest - state.next });
    remember(state, state.next, lowest);
    state.next = lowest;
    drain(state, out);
  }

  /**
   * Normal holes, grace run out: held frames are released in order, passing the hole before
   * each one that has waited its grace; the first that has not stops it (the frame before it
   * may still come: it was sent later than the one after it, not lost).
   */
  function passWaited(scope: string, state: ScopeState<T>, out: SequencerOutput<T>, nowMs: number) {
    const fromSeq = state.next;
    let missing = 0;
    let toSeq = fromSeq - 1;
    for (const seq of [...state.held.keys()].sort((a, b) => a - b)) {
      const entry = state.held.get(seq) as { item: T; sinceMs: number };
      if (seq > state.next) {
        if (nowMs - entry.sinceMs < graceMs) break;
        missing += seq - state.next;
        toSeq = seq - 1;
        remember(state, state.next, seq);
      }
      state.held.delete(seq);
      out.released.push(entry.item);
      state.next = seq + 1;
    }
    if (missing > 0) out.skipped.push({ scope, fromSeq, toSeq, missing });
    drain(state, out);
  }

  /** Releases every held frame in order; the seqs missing between them become one report (and remembered holes). */
  function passAll(scope: string, state: ScopeState<T>, fromSeq: number, reports: Hole[], out: SequencerOutput<T>) {
    let missing = 0;
    let toSeq = fromSeq - 1;
    for (const seq of [...state.held.keys()].sort((a, b) => a - b)) {
      if (seq > state.next) {
        missing += seq - state.next;
        toSeq = seq - 1;
        remember(state, state.next, seq);
      }
      out.released.push((state.held.get(seq) as { item: T }).item);
      state.next = seq + 1;
    }
    state.held.clear();
    if (missing > 0) reports.push({ scope, fromSeq, toSeq, missing });
  }

  /** Remembers seqs [from, to) as holes a late frame may still fill (bounded: a hostile jump to 2^53 must not fill memory). */
  function remember(state: ScopeState<T>, from: number, to: number) {
    const upTo = Math.min(to, from + MAX_REMEMBERED_HOLES - state.missing.size);
    for (let seq = from; seq < upTo; seq++) state.missing.add(seq);
  }

  function rememberIdentity(identity: string): boolean {
    if (identities.has(identity)) return false;
    identities.add(identity);
    if (identities.size > identityMemory) {
      const oldest = identities.values().next().value;
      if (oldest !== undefined) identities.delete(oldest);
    }
    return true;
  }

  function acceptOrdered(order: FrameOrder, item: T, out: SequencerOutput<T>, nowMs: number) {
    const state = scopeFor(order.scope, order.seq);
    if (order.seq < state.next) {
      // Behind the cursor: a late frame for a remembered hole, or a repeat.
      if (state.missing.delete(order.seq)) out.released.push(item);
      else out.duplicates += 1;
    } else if (order.seq === state.next) {
      out.released.push(item);
      state.next += 1;
      drain(state, out);
    } else if (state.held.has(order.seq)) {
      out.duplicates += 1;
    } else {
      state.held.set(order.seq, { item, sinceMs: nowMs });
      if (state.held.size > reorderWindow) declare(order.scope, state, out, nowMs, true);
    }
  }

  function place(order: FrameOrder | undefined, identity: string | undefined, item: T, nowMs: number, out: SequencerOutput<T>) {
    // A seq that is not a safe integer (NaN, Infinity, 1.5) cannot be ordered: the frame passes unordered.
    if (order && Number.isSafeInteger(order.seq)) acceptOrdered(order, item, out, nowMs);
    else if (identity !== undefined && !rememberIdentity(identity)) out.duplicates += 1;
    else if (behind.length > 0 || anyHeld()) behind.push(item);
    else out.released.push(item);
  }

  function anyHeld(): boolean {
    for (const state of scopes.values()) if (state.held.size > 0) return true;
    return false;
  }

  /** Order-less frames waiting behind held ones go once nothing is held any more. */
  function releaseBehind(out: SequencerOutput<T>): SequencerOutput<T> {
    if (behind.length > 0 && !anyHeld()) {
      out.released.push(...behind);
      behind = [];
    }
    return out;
  }

  /** When the hole before the lowest held frame is due: that frame has waited its grace (or the refill its wait). */
  function dueMs(state: ScopeState<T>): number {
    if (state.waiting) return state.waiting.sinceMs + refillWaitMs;
    return (state.held.get(lowestHeld(state)) as { sinceMs: number }).sinceMs + graceMs;
  }

  return {
    /** Accepts frames in arrival order; returns what can be read now, in protocol order. */
    accept(batch: readonly Sequenced<T>[], nowMs: number, out: SequencerOutput<T> = emptyOutput<T>()): SequencerOutput<T> {
      for (const { order, identity, item } of batch) place(order, identity, item, nowMs, out);
      return releaseBehind(out);
    },

    /**
     * One frame, as `accept([{order, identity, item}])` does. Why a method of its own: ingest
     * calls it once per frame, and the one-element batch and its wrapper would be garbage.
     */
    acceptOne(order: FrameOrder | undefined, identity: string | undefined, item: T, nowMs: number, out: SequencerOutput<T>): SequencerOutput<T> {
      place(order, identity, item, nowMs, out);
      return releaseBehind(out);
    },

    /** Declares holes whose grace (or refill wait) has run out by `nowMs`. */
    expire(nowMs: number, out: SequencerOutput<T> = emptyOutput<T>()): SequencerOutput<T> {
      for (const [scope, state] of scopes) if (state.held.size > 0 && nowMs >= dueMs(state)) declare(scope, state, out, nowMs, false);
      return releaseBehind(out);
    },

    /** When `expire` next has something to do (undefined: nothing is held). */
    nextDeadlineMs(): number | undefined {
      let next: number | undefined;
      for (const state of scopes.values()) if (state.held.size > 0) next = Math.min(next ?? Infinity, dueMs(state));
      return next;
    },

    /**
     * A snapshot covered everything up to `seq`: the order moves past it. What it skipped
     * stays a remembered hole, held frames it covered included (they are dropped here): a
     * snapshot restores state, not every event, so a resumed stream may still deliver each
     * of them, once. Held frames after it are released in order.
     */
    advanceTo(scope: string, seq: number, out: SequencerOutput<T> = emptyOutput<T>()): SequencerOutput<T> {
      if (!Number.isSafeInteger(seq)) return out;
      const state = scopeFor(scope, seq + 1);
      if (state.next <= seq) {
        remember(state, state.next, seq + 1);
        for (const heldSeq of [...state.held.keys()]) if (heldSeq <= seq) state.held.delete(heldSeq);
        state.next = seq + 1;
      }
      drain(state, out);
      return releaseBehind(out);
    },

    /**
     * A new connection resumes from the cursor, so everything after it comes again (in
     * myagent's case renumbered for the new connection, where a held copy could never be
     * recognised as a repeat): held frames are let go. A hole being waited for stays
     * waited for: the resumed stream is what fills it.
     */
    discardHeld(): void {
      for (const state of scopes.values()) state.held.clear();
      behind = [];
    },

    /** True while a lost hole is being waited for in some scope. */
    isWaiting(): boolean {
      for (const state of scopes.values()) if (state.waiting) return true;
      return false;
    },
  };
}


export type Sequencer<T> = ReturnType<typeof createSequencer<T>>;
