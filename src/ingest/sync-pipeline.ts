/**
 * The whole ingest path, synchronous, for Node tools (benchmarks, fuzzing, tests): frames
 * are recorded and read by the same pipeline as live (create-ingest.ts), and `flush()`
 * applies what was read to real stores (apply-batch.ts), when the caller says — as an
 * animation frame would. No timers: the caller moves the clock and calls `ingest.tick()`.
 */
import type { Dialect } from '@/protocol/dialect';
import { EventLog, LIVE_LOG_MAX_ROWS } from '@/stores/event-log';
import { createNodeStatusStore } from '@/stores/node-status-store';
import { createRunStore } from '@/stores/run-store';

import { applyBatch, type BatchTarget } from '@/ingest/apply-batch';
import { createIngest, type IngestAction, type IngestOptions } from '@/ingest/create-ingest';
import { FrameLog } from '@/ingest/frame-log';

export type SyncPipelineOptions = Readonly<{
  now?: () => number;
  /** Recording bound (FrameLog); the live default when absent. */
  maxEntries?: number;
  onAction?: (action: IngestAction) => void;
}> &
  Partial<Pick<IngestOptions, 'reorderWindow' | 'graceMs' | 'refillWaitMs'>>;

export function createSyncPipeline(dialect: Dialect, runId: string, options: SyncPipelineOptions = {}) {
  const now = options.now ?? (() => 0);
  const target: BatchTarget = {
    // Bounded like a live session's log (create-live-session.ts).
    log: new EventLog(LIVE_LOG_MAX_ROWS),
    run: createRunStore({ runId, dialect: dialect.id, source: 'pipeline' }),
    nodeStatus: createNodeStatusStore(),
  };
  const frames = new FrameLog({ runboard: 1, dialect: dialect.id, transport: dialect.wire, source: 'pipeline', startedAt: new Date(now()).toISOString(), runId }, now(), options.maxEntries);
  const { now: _now, maxEntries: _max, ...tuning } = options;
  const ingest = createIngest({ dialect, runId, now, ...tuning });
  return {
    ...target,
    ingest,
    frames,
    receive(frame: unknown, textLength?: number, frameText?: string): void {
      ingest.feed(frame, frames.addFrame(frame, now(), textLength, frameText));
    },
    flush(): void {
      const batch = ingest.take();
      if (batch) applyBatch(target, batch);
    },
  };
}

export type SyncPipeline = ReturnType<typeof createSyncPipeline>;
