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

/**
 * Feeds every frame, flushing every `flushEvery` frames and at the end. `textLengths`: each
 * frame's text length, handed on as every transport does (`textLengthsFor`).
 */
export function feed(
  pipeline: BenchPipeline,
  frames: readonly unknown[],
  flushEvery: number,
  textLengths?: readonly number[],
  frameTexts?: readonly string[],
): void {
  let sinceFlush = 0;
  for (let i = 0; i < frames.length; i++) {
    pipeline.receive(frames[i], textLengths?.[i], frameTexts?.[i]);
    if (++sinceFlush >= flushEvery) {
      pipeline.flush();
      sinceFlush = 0;
    }
  }
  pipeline.flush();
}

/**
 * The text lengths a dialect's transport hands on with its frames. Socket.IO's is its packet
 * text (`2/ns,["event",{…}]`), a few characters off the frame's own JSON: only the recording's
 * byte bound reads it, so the frame's text stands in for it.
 */
export function textLengthsFor(_dialect: DialectId, texts: readonly string[]): number[] {
  return texts.map((text) => text.length);
}

/**
 * The frames' own texts, as a dialect's transport hands them on: SSE and WebSocket have each
 * frame's JSON text (the recording keeps it instead of the frame); Socket.IO's packet text is
 * not the frame's, so it hands none.
 */
export function frameTextsFor(dialect: DialectId, texts: readonly string[]): readonly string[] | undefined {
  return DIALECTS[dialect].wire === 'socket.io' ? undefined : texts;
}
