/**
 * A bare ingest pipeline for Node benchmarks: the real dialect, sequencer, stores and
 * frame log, with no transport. Flushes are driven by the caller (`flushEvery` frames
 * mimics one flush per animation frame; 1 flushes per frame).
 */
import { createIngest, type Ingest } from '@/ingest/create-ingest';
import { FrameLog } from '@/ingest/frame-log';
import type { DialectId } from '@/protocol/dialect';
import { DIALECTS } from '@/protocol/dialects';
import { createNodeStatusStore, type NodeStatusStore } from '@/stores/node-status-store';
import { LIVE_LOG_MAX_ROWS } from '@/stores/event-log';
import { createRunStore, type RunStore } from '@/stores/run-store';

export type BenchPipeline = Readonly<{ ingest: Ingest; run: RunStore; nodeStatus: NodeStatusStore; frames: FrameLog }>;

export function createPipeline(dialect: DialectId, runId: string, maxEntries?: number): BenchPipeline {
  // Bounded like a live session's log (create-live-session.ts).
  const run = createRunStore({ runId, dialect, source: 'bench' }, LIVE_LOG_MAX_ROWS);
  const nodeStatus = createNodeStatusStore();
  const frames = new FrameLog({ runboard: 1, dialect, transport: 'sse', source: 'bench', startedAt: new Date(0).toISOString(), runId }, 0, maxEntries);
  // The caller flushes (flushNow) on its own cadence, like rAF would.
  const ingest = createIngest({ dialect: DIALECTS[dialect], run, nodeStatus, frames, schedule: () => {}, runId, now: () => 0 });
  return { ingest, run, nodeStatus, frames };
}

/** Feeds every frame, flushing every `flushEvery` frames and at the end. */
export function feed(pipeline: BenchPipeline, frames: readonly unknown[], flushEvery: number): void {
  const { ingest } = pipeline;
  let sinceFlush = 0;
  for (const frame of frames) {
    ingest.acceptFrame(frame);
    if (++sinceFlush >= flushEvery) {
      ingest.flushNow();
      sinceFlush = 0;
    }
  }
  ingest.flushNow();
}
