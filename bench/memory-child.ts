/**
 * One long run in a process of its own, for the linearity of benchmark 1 and the memory of
 * benchmark 6: `node --expose-gc <bundle of this file> <dialect> <events> <samples>` (memory.ts
 * bundles it; `node --expose-gc --import tsx bench/memory-child.ts …` runs it unbundled).
 *
 * Streams `events` frames of the dialect through the real pipeline in chunks: the steps are
 * generated and encoded a chunk at a time and dropped after it is fed, so only what Runboard
 * keeps stays on the heap (the bench never holds 1M frames). Only feeding is timed (CPU time,
 * bench/lib/report.ts), after a warm-up run on a throwaway pipeline, so the 100k and the 1M
 * runs compare steady states, not JIT warm-up. At `samples` points the heap is taken after a
 * full GC (not timed). Prints one JSON line (ChildResult).
 */
import type { DialectId } from '@/protocol/dialect';

import { createPipeline, feed, frameTextsFor, textLengthsFor } from './lib/session';
import { chunksOf, createFrameEncoder, generateSteps } from './lib/stream';
import { cpuTime } from './lib/report';

export type ChildSample = { events: number; heapBytes: number; cpuMs: number };
export type ChildResult = {
  dialect: DialectId;
  frames: number;
  cpuMs: number;
  wallMs: number;
  series: ChildSample[];
  logRows: number;
  frameLogDropped: number;
  eventLogDropped: number;
};

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const dialect = (process.argv[2] ?? 'relavium') as DialectId;
const events = Number(process.argv[3] ?? 1_000_000);
const samples = Number(process.argv[4] ?? 10);
const CHUNK = 10_000;
const WARM_UP = 20_000;
const RUN_ID = 'storm~memory';

function heap(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

/** Feeds `count` events through `pipeline`, calling `sample` after every chunk; returns frames, CPU and wall ms. */
function stream(pipeline: ReturnType<typeof createPipeline>, count: number, sample?: (frames: number, cpuMs: number) => void) {
  const encode = createFrameEncoder(dialect, RUN_ID);
  let frames = 0;
  let cpuMs = 0;
  let wallMs = 0;
  for (const chunk of chunksOf(generateSteps(count), CHUNK)) {
    const { frames: encoded, texts } = encode(chunk);
    const lengths = textLengthsFor(dialect, texts);
    const spent = cpuTime(() => feed(pipeline, encoded, 64, lengths, frameTextsFor(dialect, texts)));
    frames += encoded.length;
    cpuMs += spent.cpuMs;
    wallMs += spent.wallMs;
    sample?.(frames, cpuMs);
  }
  return { frames, cpuMs, wallMs };
}

/** In a function of its own: a temporary of top-level code can stay a GC root and count in the baseline. */
function warmUp(): void {
  stream(createPipeline(dialect, RUN_ID), WARM_UP);
}

function measure(): ChildResult {
  warmUp();
  const baseline = heap();
  const pipeline = createPipeline(dialect, RUN_ID);
  const every = Math.max(1, Math.ceil(events / samples / CHUNK)) * CHUNK;
  const series: ChildSample[] = [];
  let nextSample = every;
  const totals = stream(pipeline, events, (frames, cpuMs) => {
    if (frames < nextSample) return;
    nextSample += every;
    series.push({ events: frames, heapBytes: heap() - baseline, cpuMs });
  });
  const last = series.at(-1);
  if (!last || last.events !== totals.frames) series.push({ events: totals.frames, heapBytes: heap() - baseline, cpuMs: totals.cpuMs });
  const state = pipeline.run.getState();
  return { dialect, ...totals, series, logRows: state.logLength, frameLogDropped: pipeline.frames.dropped, eventLogDropped: state.droppedRows };
}

process.stdout.write(`${JSON.stringify(measure())}\n`);
