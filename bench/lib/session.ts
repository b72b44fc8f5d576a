/**
 * A bare ingest pipeline for Node benchmarks: the real dialect, sequencer, interpreter,
 * stores and frame log, with no transport (src/ingest/sync-pipeline.ts). Flushes are driven
 * by the caller (`flushEvery` frames mimics one flush per animation frame; 1 flushes per frame).
 */
import type { DialectId } from '@/protocol/dialect';
import { DIALECTS } from '@/protocol/dialects';
import { createSyncPipeline, type SyncPipeline } from '@/ingest/sync-pipeline';

export type BenchPipeline = SyncPipeline;

export function createPipeline(dialect: DialectId, runId: string, maxEntries?: number): BenchPipeline {
  return createSyncPipeline(DIALECTS[dialect], runId, maxEntries !== undefined ? { maxEntries } : {});
}

/** Feeds every frame, flushing every `flushEvery` frames and at the end. */
export function feed(pipeline: BenchPipeline, frames: readonly unknown[], flushEvery: number): void {
  let sinceFlush = 0;
  for (const frame of frames) {
    pipeline.accept(frame);
    if (++sinceFlush >= flushEvery) {
      pipeline.flush();
      sinceFlush = 0;
    }
  }
  pipeline.flush();
}
