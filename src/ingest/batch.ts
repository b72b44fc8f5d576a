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

/** Accumulates one batch; `take` hands it over and starts the next. */
export function createPendingBatch() {
  let events: RunEvent[] = [];
  let issues: DecodeIssue[] = [];
  let stats: Record<keyof StreamStats, number> = { ...NO_STATS };
  let dirty = false;

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
