/**
 * The sequencer: puts decoded frames in the protocol's order before they reach a store.
 *
 * Rules (guarded by sequencer.test.ts):
 * - a frame whose (scope, seq) was already released is dropped as a duplicate;
 * - a frame ahead of the next expected seq is held, up to `reorderWindow` frames or
 *   `graceMs`, waiting for the missing ones to arrive out of order;
 * - when the window overflows or the grace period ends, the hole is declared a gap: the
 *   held frames are released, the missing range is remembered and `onGap` asks the
 *   dialect to resync; a late frame that fills a remembered hole is released then, once;
 * - frames without an order are deduped by identity (bounded memory) and pass at once;
 * - `releaseOnGap: false` (protocols whose seq restarts per connection, myagent): a gap
 *   releases nothing; the scope is closed (later frames of it are dropped) and the session
 *   refills it through a new connection's replay, so nothing after the hole applies twice;
 * - `holdOnGapMs` (dialects decoded in order, whose decoder state must see frames in seq order):
 *   a declared gap is reported once but nothing past the hole is released while the resync
 *   fetches it, for up to that long; then what is held is released and the hole remembered;
 * - a snapshot (`advanceTo`) moves the cursor but keeps the frames it skipped as holes: it
 *   restores state, not content, so a resumed stream may still deliver each of them, once.
 *
 * Pure apart from the injected clock: no timers here, ingest calls `expire(now)`.
 */
import type { FrameOrder } from '@/protocol/dialect';

export type Sequenced<T> = Readonly<{ order?: FrameOrder; identity?: string; item: T }>;

export type GapReport = Readonly<{ scope: string; fromSeq: number; toSeq: number }>;

export type SequencerOptions = Readonly<{
  reorderWindow?: number;
  graceMs?: number;
  /** The protocol's first seq in a scope (relavium 0, shannon 1); undefined: the first seen. */
  firstSeq?: number;
  /** How many identities to remember for order-less dedupe. */
  identityMemory?: number;
  /** False: a gap closes its scope instead of releasing what follows the hole. Default true. */
  releaseOnGap?: boolean;
  /** Set: a declared gap holds what follows the hole this long for the resync to fill it. */
  holdOnGapMs?: number;
}>;

export type SequencerOutput<T> = Readonly<{ released: T[]; duplicates: number; gaps: GapReport[] }>;

type ScopeState<T> = {
  next: number;
  held: Map<number, { item: T; sinceMs: number }>;
  /** Holes declared as gaps, not filled yet: seq → true. Bounded by what gaps declared. */
  missing: Set<number>;
  /** releaseOnGap false: a gap was declared; the scope takes nothing more. */
  closed: boolean;
  /** holdOnGapMs: when the gap now being held for was declared. */
  holdingSinceMs?: number;
};

/** How many seqs of one declared hole are remembered for late fills (guarded by sequencer-fuzz.test.ts). */
const MAX_REMEMBERED_HOLES = 10_000;

export function createSequencer<T>(options: SequencerOptions = {}) {
  const reorderWindow = options.reorderWindow ?? 5;
  const graceMs = options.graceMs ?? 750;
  const identityMemory = options.identityMemory ?? 8192;
  const scopes = new Map<string, ScopeState<T>>();
  const identities = new Set<string>();

  function scopeFor(scope: string, seq: number): ScopeState<T> {
    let state = scopes.get(scope);
    if (!state) {
      state = { next: options.firstSeq ?? seq, held: new Map(), missing: new Set(), closed: false };
      scopes.set(scope, state);
    }
    return state;
  }

  function drain(state: ScopeState<T>, out: T[]) {
    for (let entry = state.held.get(state.next); entry; entry = state.held.get(state.next)) {
      state.held.delete(state.next);
      out.push(entry.item);
      state.next += 1;
    }
  }

  /** Declares the hole before the lowest held seq a gap and releases what was held. */
  function declareGap(scope: string, state: ScopeState<T>, out: T[], gaps: GapReport[], nowMs: number) {
    const lowest = Math.min(...state.held.keys());
    if (options.holdOnGapMs !== undefined) {
      if (state.holdingSinceMs === undefined) {
        // Reported once; what follows the hole waits for the resync (see holdOnGapMs).
        gaps.push({ scope, fromSeq: state.next, toSeq: lowest - 1 });
        state.holdingSinceMs = nowMs;
        return;
      }
      // Bounded in time and in memory: then the hole is remembered and the rest goes on.
      if (nowMs - state.holdingSinceMs < options.holdOnGapMs && state.held.size <= MAX_REMEMBERED_HOLES) return;
      state.holdingSinceMs = undefined;
      releasePastHole(state, lowest, out);
      return;
    }
    if (options.releaseOnGap === false) {
      // Nothing past the hole may apply: the refill (a new connection's replay) resends it.
      gaps.push({ scope, fromSeq: state.next, toSeq: lowest - 1 });
      state.held.clear();
      state.closed = true;
      return;
    }
    gaps.push({ scope, fromSeq: state.next, toSeq: lowest - 1 });
    releasePastHole(state, lowest, out);
  }

  function releasePastHole(state: ScopeState<T>, lowest: number, out: T[]) {
    // Bounded: a hostile seq jump (0 → 2^53) would otherwise fill the set until memory runs out.
    const rememberUpTo = Math.min(lowest, state.next + MAX_REMEMBERED_HOLES);
    for (let seq = state.next; seq < rememberUpTo; seq++) state.missing.add(seq);
    state.next = lowest;
    drain(state, out);
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

  return {
    /** Accepts frames in arrival order; returns what can be applied now, in protocol order. */
    accept(batch: readonly Sequenced<T>[], nowMs: number): SequencerOutput<T> {
      const released: T[] = [];
      const gaps: GapReport[] = [];
      let duplicates = 0;
      for (const { order: claimed, identity, item } of batch) {
        // A seq that is not a safe integer (NaN, Infinity, 1.5) cannot be ordered: the frame passes unordered.
        const order = claimed && Number.isSafeInteger(claimed.seq) ? claimed : undefined;
        if (!order) {
          if (identity === undefined || rememberIdentity(identity)) released.push(item);
          else duplicates += 1;
          continue;
        }
        const state = scopeFor(order.scope, order.seq);
        if (state.closed) {
          duplicates += 1;
        } else if (order.seq < state.next) {
          // Behind the cursor: a late fill of a declared gap, or a repeat.
          if (state.missing.delete(order.seq)) released.push(item);
          else duplicates += 1;
        } else if (order.seq === state.next) {
          released.push(item);
          state.next += 1;
          drain(state, released);
          // The hole held for is filled; a further one is declared (and held for) afresh.
          state.holdingSinceMs = undefined;
        } else if (state.held.has(order.seq)) {
          duplicates += 1;
        } else {
          state.held.set(order.seq, { item, sinceMs: nowMs });
          if (state.held.size > reorderWindow) declareGap(order.scope, state, released, gaps, nowMs);
        }
      }
      return { released, duplicates, gaps };
    },

    /** Declares gaps whose grace period has run out. */
    expire(nowMs: number): SequencerOutput<T> {
      const released: T[] = [];
      const gaps: GapReport[] = [];
      for (const [scope, state] of scopes) {
        if (state.held.size === 0) continue;
        let oldest = Infinity;
        for (const { sinceMs } of state.held.values()) oldest = Math.min(oldest, sinceMs);
        if (nowMs - oldest >= graceMs) declareGap(scope, state, released, gaps, nowMs);
      }
      return { released, duplicates: 0, gaps };
    },

    /** True while frames wait for a hole to fill (ingest schedules `expire`). */
    isHolding(): boolean {
      for (const state of scopes.values()) if (state.held.size > 0) return true;
      return false;
    },

    /**
     * After a snapshot: its state covers everything up to `seq`, so the cursor moves past it.
     * The frames it skipped stay holes: a snapshot restores state, not every token, so a
     * resumed stream may still fill them (released once; the reducers are order-tolerant
     * and idempotent). Held frames it covered are dropped: the resumed stream resends them.
     */
    advanceTo(scope: string, seq: number): void {
      if (!Number.isSafeInteger(seq)) return;
      const state = scopeFor(scope, seq + 1);
      // What the snapshot skipped was never applied: holes, so a resumed stream still delivers it (bounded).
      const rememberUpTo = Math.min(seq, state.next + MAX_REMEMBERED_HOLES - 1);
      // Held frames it covers are dropped below, so they are holes too: their resend must apply.
      for (let missingSeq = state.next; missingSeq <= rememberUpTo; missingSeq++) state.missing.add(missingSeq);
      for (const heldSeq of [...state.held.keys()]) if (heldSeq <= seq) state.held.delete(heldSeq);
      if (state.next <= seq) state.next = seq + 1;
    },

    /** Next expected seq in a scope (the resume cursor after the last applied frame). */
    nextSeq(scope: string): number | undefined {
      return scopes.get(scope)?.next;
    },

    /**
     * A new connection resends everything after the resume cursor: frames held for a hole
     * would arrive again, so they are let go (only for scopes a reconnect renumbers, or all).
     */
    discardHeld(): void {
      for (const state of scopes.values()) {
        state.held.clear();
        state.holdingSinceMs = undefined;
      }
    },

    /** Forgets closed scopes (their holes are refilled by a new connection, not by late frames). */
    dropClosedScopes(): void {
      for (const [scope, state] of scopes) if (state.closed) scopes.delete(scope);
    },

    /** How many holes are still open across scopes (a hole held for counts as one). */
    openHoles(): number {
      let count = 0;
      for (const state of scopes.values()) count += state.missing.size + (state.holdingSinceMs !== undefined ? 1 : 0);
      return count;
    },
  };
}

export type Sequencer<T> = ReturnType<typeof createSequencer<T>>;
