/**
 * The one writer of a session's stores: applies a batch from ingest (create-ingest.ts) to
 * the session's event log, run store and node-status store. Live sessions call it once
 * per animation frame; replay calls it for the frames between two positions. One `set` per
 * store per batch: a batch that changes nothing notifies no one.
 */
import type { EventLog } from '@/stores/event-log';
import type { NodeStatusStore } from '@/stores/node-status-store';
import type { RunStore } from '@/stores/run-store';

import type { Batch } from '@/ingest/batch';

export type BatchTarget = Readonly<{ log: EventLog; run: RunStore; nodeStatus: NodeStatusStore }>;

export function applyBatch({ log, run, nodeStatus }: BatchTarget, batch: Batch): void {
  // Read before the run store takes the batch: the batch's own end is the reducer's to see, in order.
  const { endedAtMs } = run.getState();
  const rows = log.appendAll(batch.events, run.getState().chapters.length - 1);
  run.getState().actions.applyBatch({
    events: batch.events,
    rows,
    log: { length: log.length, firstRow: log.firstRow, revision: log.revision },
    issues: batch.issues,
    stats: batch.stats,
    atMs: batch.atMs,
  });
  if (batch.events.length > 0) nodeStatus.getState().actions.applyEvents(batch.events, endedAtMs === undefined ? undefined : { atMs: endedAtMs });
}
