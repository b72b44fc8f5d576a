/**
 * What ingest handed the stores for each frame of a replay, kept compactly: the events of
 * every frame in one flat array with an end offset per frame, the (rare) issues the same
 * way, each frame's stream counters as an index into the few distinct deltas seen, and
 * each frame's clock and recorded time in typed arrays.
 *
 * Why not one Batch object per frame: at a million frames the per-frame wrappers (batch,
 * events array, issues array, stats record) cost ~170 MB of heap on their own. Here a
 * frame costs a few bytes beyond its events. `batchOf(from, to)` gives the frames between
 * two positions as the one merged batch the cursor applies (the reducers are folds).
 * Written by build-replay.ts, read by replay-cursor.ts.
 */
import type { RunEvent } from '@/protocol/run-event';
import type { DecodeIssue, StreamStats } from '@/stores/run-types';

import { NO_STATS, STAT_KEYS, type Batch, type StatsDelta } from '@/ingest/batch';
/** Stat ids are 16-bit; a delta past the table (never seen in practice) is kept aside by frame. */
const MAX_STAT_KINDS = 0xffff;

export class ReplayFrames {
  private readonly events: RunEvent[] = [];
  private readonly issues: DecodeIssue[] = [];
  private eventEnds: Uint32Array;
  private issueEnds: Uint32Array;
  private statIds: Uint16Array;
  private readonly statKinds: StatsDelta[] = [NO_STATS];
  private readonly statIndex = new Map<string, number>([[statKey(NO_STATS), 0]]);
  private readonly statOverflow = new Map<number, StatsDelta>();
  private clocks: Float64Array;
  private recorded: Float64Array;
  private count = 0;

  constructor(capacity: number) {
    this.eventEnds = new Uint32Array(capacity);
    this.issueEnds = new Uint32Array(capacity);
    this.statIds = new Uint16Array(capacity);
    this.clocks = new Float64Array(capacity);
    this.recorded = new Float64Array(capacity);
  }

  get length(): number {
    return this.count;
  }

  /** Recorded arrival time of each frame (ms since the recording started). */
  get times(): Float64Array {
    return this.recorded.subarray(0, this.count);
  }

  /** Adds the next frame: what ingest gave for it (undefined: nothing), at `atMs` on the replay clock. */
  push(batch: Batch | undefined, atMs: number, t: number): void {
    if (this.count === this.eventEnds.length) this.grow();
    const i = this.count++;
    if (batch) {
      for (const event of batch.events) this.events.push(event);
      for (const issue of batch.issues) this.issues.push(issue);
    }
    this.eventEnds[i] = this.events.length;
    this.issueEnds[i] = this.issues.length;
    this.setStats(i, batch?.stats ?? NO_STATS);
    this.clocks[i] = batch?.atMs ?? atMs;
    this.recorded[i] = t;
  }

  /** Adds to the last frame what came after it (the stream settling once the recording ended). */
  amendLast(batch: Batch): void {
    const i = this.count - 1;
    if (i < 0) return;
    for (const event of batch.events) this.events.push(event);
    for (const issue of batch.issues) this.issues.push(issue);
    this.eventEnds[i] = this.events.length;
    this.issueEnds[i] = this.issues.length;
    this.setStats(i, addStats(this.statsAt(i), batch.stats));
    this.clocks[i] = batch.atMs;
  }

  /** The events of frames from..to-1 (positions count frames applied, so frame i moves position i to i + 1). */
  eventsOf(from: number, to: number): RunEvent[] {
    return this.events.slice(this.startOf(this.eventEnds, from), this.startOf(this.eventEnds, to));
  }

  /** Frames from..to-1 as one batch (undefined when the range is empty). */
  batchOf(from: number, to: number): Batch | undefined {
    if (to <= from || from < 0 || to > this.count) return undefined;
    const stats: Record<keyof StreamStats, number> = { ...NO_STATS };
    for (let i = from; i < to; i++) if (this.statIds[i] !== 0) addInto(stats, this.statsAt(i));
    return {
      events: this.eventsOf(from, to),
      issues: this.issues.slice(this.startOf(this.issueEnds, from), this.startOf(this.issueEnds, to)),
      stats,
      atMs: this.clocks[to - 1] ?? 0,
    };
  }

  private startOf(ends: Uint32Array, position: number): number {
    return position <= 0 ? 0 : (ends[position - 1] ?? 0);
  }

  private statsAt(i: number): StatsDelta {
    const id = this.statIds[i] ?? 0;
    return id === MAX_STAT_KINDS ? (this.statOverflow.get(i) ?? NO_STATS) : (this.statKinds[id] ?? NO_STATS);
  }

  /** Keeps a copy of what it keeps: build-replay.ts hands over each frame's batch transient (batch.ts). */
  private setStats(i: number, stats: StatsDelta): void {
    // Most frames count the same as the frame before: no key to build for them.
    const previous = i > 0 ? this.statIds[i - 1] : undefined;
    if (previous !== undefined && previous !== MAX_STAT_KINDS && sameStats(this.statKinds[previous] ?? NO_STATS, stats)) {
      this.statIds[i] = previous;
      return;
    }
    const key = statKey(stats);
    let id = this.statIndex.get(key);
    if (id === undefined && this.statKinds.length < MAX_STAT_KINDS) {
      id = this.statKinds.length;
      this.statKinds.push({ ...stats });
      this.statIndex.set(key, id);
    }
    if (id === undefined) this.statOverflow.set(i, { ...stats });
    this.statIds[i] = id ?? MAX_STAT_KINDS;
  }

  private grow(): void {
    const size = Math.max(16, this.eventEnds.length * 2);
    this.eventEnds = grown(this.eventEnds, new Uint32Array(size));
    this.issueEnds = grown(this.issueEnds, new Uint32Array(size));
    this.statIds = grown(this.statIds, new Uint16Array(size));
    this.clocks = grown(this.clocks, new Float64Array(size));
    this.recorded = grown(this.recorded, new Float64Array(size));
  }
}

function grown<T extends Uint32Array | Uint16Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

function statKey(stats: StatsDelta): string {
  return STAT_KEYS.map((key) => stats[key]).join(',');
}

function sameStats(a: StatsDelta, b: StatsDelta): boolean {
  for (const key of STAT_KEYS) if (a[key] !== b[key]) return false;
  return true;
}

function addInto(sum: Record<keyof StreamStats, number>, delta: StatsDelta): void {
  for (const key of STAT_KEYS) sum[key] += delta[key];
}

function addStats(a: StatsDelta, b: StatsDelta): StatsDelta {
  const sum = { ...a };
  addInto(sum, b);
  return sum;
}
