/**
 * What ingest hands the stores: one batch of canonical events in protocol order, the
 * frames quarantined since the last batch, and stream counters. Built by ingest, applied by
 * apply-batch.ts — the same batch for live and for replay, so a replay shows what live did.
 */
import type { RunEvent } from '@/protocol/run-event';
import type { DecodeIssue, StreamStats } from '@/stores/run-types';

export type StatsDelta = Readonly<Record<keyof StreamStats, number>>;

export type Batch = Readonly<{
  events: readonly RunEvent[];
  issues: readonly DecodeIssue[];
  stats: StatsDelta;
  /** The clock when the batch was taken (stream activity). */
  atMs: number;
}>;

export const NO_STATS: StatsDelta = { frames: 0, duplicates: 0, rejected: 0, unknown: 0, gaps: 0, holes: 0 };
export const STAT_KEYS = Object.keys(NO_STATS) as (keyof StreamStats)[];

/** Accumulates one batch; `take` hands it over and starts the next. */
export function createPendingBatch() {
  let events: RunEvent[] = [];
  let issues: DecodeIssue[] = [];
  let stats: Record<keyof StreamStats, number> = { ...NO_STATS };
  let dirty = false;
  /** takeTransient's batch: the arrays and counters it handed out last, the current ones' spares. */
  let lent: { events: RunEvent[]; issues: DecodeIssue[]; stats: Record<keyof StreamStats, number>; atMs: number } | undefined;

  return {
    events(list: readonly RunEvent[]): void {
      for (const event of list) events.push(event);
      dirty = true;
    },
    issue(issue: DecodeIssue): void {
      issues.push(issue);
      dirty = true;
    },
    count(stat: keyof StreamStats, by = 1): void {
      stats[stat] += by;
      dirty = true;
    },
    get isEmpty(): boolean {
      return !dirty;
    },
    take(atMs: number): Batch | undefined {
      if (!dirty) return undefined;
      const batch: Batch = { events, issues, stats, atMs };
      events = [];
      issues = [];
      stats = { ...NO_STATS };
      dirty = false;
      return batch;
    },
    /**
     * The same batch, in an object and arrays this one keeps: good until anything is added
     * again. For a reader that copies it at once (replay takes a batch per frame): a new
     * batch per frame was about a fourteenth of what opening a recording allocated.
     */
    takeTransient(atMs: number): Batch | undefined {
      if (!dirty) return undefined;
      lent ??= { events: [], issues: [], stats: { ...NO_STATS }, atMs };
      const spare = lent;
      const spareEvents = spare.events;
      const spareIssues = spare.issues;
      const spareStats = spare.stats;
      spare.events = events;
      spare.issues = issues;
      spare.stats = stats;
      spare.atMs = atMs;
      events = spareEvents;
      events.length = 0;
      issues = spareIssues;
      issues.length = 0;
      stats = spareStats;
      for (const key of STAT_KEYS) stats[key] = 0;
      dirty = false;
      return spare;
    },
  };
}

export type PendingBatch = ReturnType<typeof createPendingBatch>;

/** Several batches as one (replay applies the frames between two positions at once; the reducers are folds). */
export function mergeBatches(batches: readonly Batch[], atMs: number): Batch {
  if (batches.length === 1 && batches[0]) return batches[0];
  const events: RunEvent[] = [];
  const issues: DecodeIssue[] = [];
  const stats: Record<keyof StreamStats, number> = { ...NO_STATS };
  let last = atMs;
  for (const batch of batches) {
    for (const event of batch.events) events.push(event);
    for (const issue of batch.issues) issues.push(issue);
    for (const key of Object.keys(stats) as (keyof StreamStats)[]) stats[key] += batch.stats[key];
    last = batch.atMs;
  }
  return { events, issues, stats, atMs: last };
}
