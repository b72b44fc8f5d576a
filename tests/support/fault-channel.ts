/**
 * The fault schedule of the test proxy: one seeded PRNG (mulberry32) decides, unit by unit
 * (an SSE event, a WebSocket message, a Socket.IO event packet), whether it is dropped,
 * duplicated, held back behind the next few units (bounded reorder), or sent after a short
 * pause. The same seed and the same units give the same decisions. Used by fault-proxy.ts.
 */

/** mulberry32: a tiny, well-known 32-bit PRNG; deterministic per seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type FaultRates = Readonly<{
  drop: number;
  duplicate: number;
  /** Chance a unit is held back behind the next 1..reorderWindow-1 units. */
  reorder: number;
  reorderWindow: number;
  /** Chance the channel pauses before a unit, for up to `delayMs`. */
  delay: number;
  delayMs: number;
}>;

export const ISSUE_RATES: FaultRates = { drop: 0.01, duplicate: 0.01, reorder: 0.03, reorderWindow: 5, delay: 0.02, delayMs: 60 };

export type FaultStats = { units: number; passed: number; dropped: number; duplicated: number; reordered: number; delayed: number; cuts: number };

export function emptyStats(): FaultStats {
  return { units: 0, passed: 0, dropped: 0, duplicated: 0, reordered: 0, delayed: 0, cuts: 0 };
}

/** Held units are let go after this long even when no later unit comes (end of a stream). */
const HELD_FLUSH_MS = 80;

/** One direction of one connection: units in, faulted units out (in `write` order). */
export class FaultChannel {
  private readonly held: { unit: string; after: number }[] = [];
  private lastAtMs = 0;
  private closed = false;
  private heldTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Units emitted but not yet written, in emit order, each with when it may go. One timer
   * (for the head) drains them: a timer per unit let a later unit overtake a paused one
   * when the event loop ran late (Node runs all due timers of one delay before another's).
   */
  private readonly outbox: { unit: string; at: number }[] = [];
  private outboxTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly rand: () => number,
    private readonly rates: FaultRates,
    private readonly stats: FaultStats,
    private readonly write: (unit: string) => void,
  ) {}

  /** A unit the schedule may fault (`faultable`), or one that must pass as is (handshake, ping). */
  push(unit: string, faultable: boolean): void {
    if (this.closed) return;
    if (!faultable) return this.emit(unit);
    this.stats.units += 1;
    const roll = this.rand();
    if (roll < this.rates.drop) {
      this.stats.dropped += 1;
      return;
    }
    const copies = roll < this.rates.drop + this.rates.duplicate ? 2 : 1;
    if (copies === 2) this.stats.duplicated += 1;
    if (this.rand() < this.rates.reorder) {
      this.stats.reordered += 1;
      const after = 1 + Math.floor(this.rand() * Math.max(1, this.rates.reorderWindow - 1));
      for (let i = 0; i < copies; i++) this.held.push({ unit, after });
      this.armHeldFlush();
      return;
    }
    for (let i = 0; i < copies; i++) this.emit(unit);
    this.tickHeld();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.heldTimer);
    clearTimeout(this.outboxTimer);
    this.outbox.length = 0;
  }

  private tickHeld() {
    for (const entry of [...this.held]) {
      entry.after -= 1;
      if (entry.after <= 0) {
        this.held.splice(this.held.indexOf(entry), 1);
        this.emit(entry.unit);
      }
    }
  }

  private armHeldFlush() {
    clearTimeout(this.heldTimer);
    this.heldTimer = setTimeout(() => {
      for (const entry of this.held.splice(0)) this.emit(entry.unit);
    }, HELD_FLUSH_MS);
  }

  /** Sends in order; a pause delays this unit and every later one (order kept). */
  private emit(unit: string) {
    const now = Date.now();
    let at = Math.max(now, this.lastAtMs);
    if (this.rand() < this.rates.delay) {
      this.stats.delayed += 1;
      at += Math.round(this.rand() * this.rates.delayMs);
    }
    this.lastAtMs = at;
    this.stats.passed += 1;
    if (at <= now && this.outbox.length === 0) return this.write(unit);
    this.outbox.push({ unit, at });
    if (this.outbox.length === 1) this.armOutbox();
  }

  /** Writes every unit whose time came, in order; waits for the next one's. */
  private drainOutbox() {
    this.outboxTimer = undefined;
    if (this.closed) return;
    while (this.outbox.length > 0 && (this.outbox[0]?.at ?? 0) <= Date.now()) this.write((this.outbox.shift() as { unit: string }).unit);
    if (this.outbox.length > 0) this.armOutbox();
  }

  private armOutbox() {
    this.outboxTimer = setTimeout(() => this.drainOutbox(), Math.max(0, (this.outbox[0]?.at ?? 0) - Date.now()));
  }
}
