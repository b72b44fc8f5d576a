/**
 * The order of ONE scope (a run's seq counter, a tolky intent, a myagent connection): the
 * next expected seq, the frames held ahead of it, the holes passed (a late frame for one is
 * released once), and the hole a refill is waited for. The rules are the sequencer's
 * (sequencer.ts lists them); this class only keeps them for one counter. Pure: the caller
 * passes the clock.
 */
import type { Hole, SequencerOutput } from '@/ingest/sequencer';

/** How many seqs of passed holes are remembered for late fills (guarded by sequencer-fuzz.test.ts). */
const MAX_REMEMBERED_HOLES = 10_000;

export type ScopeTuning = Readonly<{ holes: 'lost' | 'normal'; reorderWindow: number; graceMs: number; refillWaitMs: number }>;

type Held<T> = { item: T; sinceMs: number };

export class ScopeOrder<T> {
  private readonly held = new Map<number, Held<T>>();
  /** Holes released past, not filled yet: a late frame for one is released once. */
  private readonly missing = new Set<number>();
  /** 'lost': the declared hole that what is held waits for. */
  private waiting: { hole: Hole; sinceMs: number } | undefined;

  constructor(
    private readonly scope: string,
    private next: number,
    private readonly tuning: ScopeTuning,
  ) {}

  get holding(): boolean {
    return this.held.size > 0;
  }

  get isWaiting(): boolean {
    return this.waiting !== undefined;
  }

  /** Sorts one seq in: released when it is the next (with what it frees), held when ahead, dropped when a repeat. */
  sortIn(seq: number, item: T, out: SequencerOutput<T>, nowMs: number): void {
    if (seq < this.next) {
      // Behind the cursor: a late frame for a remembered hole, or a repeat.
      if (this.missing.delete(seq)) out.released.push(item);
      else out.duplicates += 1;
    } else if (seq === this.next) {
      out.released.push(item);
      this.next += 1;
      this.drain(out);
    } else if (this.held.has(seq)) {
      out.duplicates += 1;
    } else {
      this.held.set(seq, { item, sinceMs: nowMs });
      if (this.held.size > this.tuning.reorderWindow) this.declare(out, nowMs, true);
    }
  }

  /** When the hole before the lowest held frame is due: that frame has waited its grace (or the refill its wait). */
  dueMs(): number | undefined {
    if (this.held.size === 0) return undefined;
    if (this.waiting) return this.waiting.sinceMs + this.tuning.refillWaitMs;
    return (this.held.get(this.lowestHeld()) as Held<T>).sinceMs + this.tuning.graceMs;
  }

  expire(out: SequencerOutput<T>, nowMs: number): void {
    const due = this.dueMs();
    if (due !== undefined && nowMs >= due) this.declare(out, nowMs, false);
  }

  /** Nothing more comes on this connection: a lost hole only suspected so far is declared now. */
  declareHeld(out: SequencerOutput<T>, nowMs: number): void {
    if (this.tuning.holes === 'lost' && this.held.size > 0 && !this.waiting) this.declare(out, nowMs, false);
  }

  /** A snapshot covered everything up to `seq` (see Sequencer.advanceTo). */
  advanceTo(seq: number, out: SequencerOutput<T>): void {
    if (this.next <= seq) {
      this.remember(this.next, seq + 1);
      for (const heldSeq of [...this.held.keys()]) if (heldSeq <= seq) this.held.delete(heldSeq);
      this.next = seq + 1;
    }
    this.drain(out);
  }

  discardHeld(): void {
    this.held.clear();
  }

  /** Releases held frames that are next in line; reports a waited-for hole once it is passed. */
  private drain(out: SequencerOutput<T>): void {
    for (let entry = this.held.get(this.next); entry; entry = this.held.get(this.next)) {
      this.held.delete(this.next);
      out.released.push(entry.item);
      this.next += 1;
    }
    if (this.waiting && this.next > this.waiting.hole.toSeq) {
      out.filled.push(this.waiting.hole);
      this.waiting = undefined;
    }
  }

  private lowestHeld(): number {
    let lowest = Infinity;
    for (const seq of this.held.keys()) if (seq < lowest) lowest = seq;
    return lowest;
  }

  /** The window overflowed or the grace ran out: declare the hole before the lowest held seq. */
  private declare(out: SequencerOutput<T>, nowMs: number, overflow: boolean): void {
    if (this.tuning.holes === 'normal') return overflow ? this.passLowestHole(out) : this.passWaited(out, nowMs);
    if (!this.waiting) {
      const lowest = this.lowestHeld();
      this.waiting = { hole: { scope: this.scope, fromSeq: this.next, toSeq: lowest - 1, missing: lowest - this.next }, sinceMs: nowMs };
      out.opened.push(this.waiting.hole);
      return;
    }
    // Bounded in time and in memory: then the hole is given up and the rest goes on.
    if (nowMs - this.waiting.sinceMs < this.tuning.refillWaitMs && this.held.size <= MAX_REMEMBERED_HOLES) return;
    const from = this.waiting.hole.fromSeq;
    this.waiting = undefined;
    this.passHeld(out, from, out.unfilled, () => true);
  }

  /**
   * Normal holes, window full: only the lowest hole is passed. A frame further on may merely
   * be late (myagent sends a coalesced partial answer after frames stamped after it), and it
   * still has the grace to come; only when the grace runs out is more passed.
   */
  private passLowestHole(out: SequencerOutput<T>): void {
    const lowest = this.lowestHeld();
    out.skipped.push({ scope: this.scope, fromSeq: this.next, toSeq: lowest - 1, missing: lowest - this.next });
    this.remember(this.next, lowest);
    this.next = lowest;
    this.drain(out);
  }

  /**
   * Normal holes, grace run out: held frames are released in order, passing the hole before
   * each one that has waited its grace; the first that has not stops it (the frame before it
   * may still come: it was sent later than the one after it, not lost).
   */
  private passWaited(out: SequencerOutput<T>, nowMs: number): void {
    this.passHeld(out, this.next, out.skipped, (entry) => nowMs - entry.sinceMs >= this.tuning.graceMs);
    this.drain(out);
  }

  /**
   * Releases held frames in seq order, passing the hole before each one `mayPass` allows and
   * stopping at the first it does not; the seqs passed become one report (and remembered holes).
   */
  private passHeld(out: SequencerOutput<T>, fromSeq: number, reports: Hole[], mayPass: (entry: Held<T>) => boolean): void {
    let missing = 0;
    let toSeq = fromSeq - 1;
    for (const seq of [...this.held.keys()].sort((a, b) => a - b)) {
      const entry = this.held.get(seq) as Held<T>;
      if (seq > this.next) {
        if (!mayPass(entry)) break;
        missing += seq - this.next;
        toSeq = seq - 1;
        this.remember(this.next, seq);
      }
      this.held.delete(seq);
      out.released.push(entry.item);
      this.next = seq + 1;
    }
    if (missing > 0) reports.push({ scope: this.scope, fromSeq, toSeq, missing });
  }

  /** Remembers seqs [from, to) as holes a late frame may still fill (bounded: a hostile jump to 2^53 must not fill memory). */
  private remember(from: number, to: number): void {
    const upTo = Math.min(to, from + MAX_REMEMBERED_HOLES - this.missing.size);
    for (let seq = from; seq < upTo; seq++) this.missing.add(seq);
  }
}
