/**
 * The one writer of a session's stores: applies a batch from ingest (create-ingest.ts) to
 * the session's event log, run store and node-status store. Live sessions call it once
 * per animation frame; replay calls it for the frames between two positions. One `set` per
 * store per batch: a batch that changes nothing notifies no one.
 */
import type { RunEvent } from '@/protocol/run-event';
import type { EventLog } from '@/stores/event-log';
import type { NodeStatusStore } from '@/stores/node-status-store';
import type { RunStore } from '@/stores/run-store';

import type { Batch } from '@/ingest/batch';

export type BatchTarget = Readonly<{ log: EventLog; run: RunStore; nodeStatus: NodeStatusStore }>;

export function applyBatch({ log, run, nodeStatus }: BatchTarget, batch: Batch): void {
  const rows = appendRows(log, batch.events, run.getState().chapters.length - 1);
  run.getState().actions.applyBatch({
    events: batch.events,
    rows,
    log: { length: log.length, firstRow: log.firstRow, revision: log.revision },
    issues: batch.issues,
    stats: batch.stats,
    atMs: batch.atMs,
  });
  if (batch.events.length > 0) nodeStatus.getState().actions.applyEvents(batch.events);
}

/** Appends each event to the log under the chapter open at that point; the row of each. */
function appendRows(log: EventLog, events: readonly RunEvent[], chapter: number): number[] {
  const rows: number[] = new Array<number>(events.length);
  let open = chapter;
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as RunEvent;
    rows[i] = log.append(event, open);
    // The chapter.started row itself still belongs to the chapter before it; the rows after it to the new one.
    if (event.type === 'chapter.started') open += 1;
  }
  return rows;
}
