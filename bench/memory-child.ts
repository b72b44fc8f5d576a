/**
 * Benchmark 6's worker, run as `node --expose-gc --import tsx bench/memory-child.ts <events> <samples>`
 * so that heap figures are taken after a real GC. Streams `events` relavium frames through
 * the real pipeline in chunks (the generator's frames are dropped after each chunk, so
 * only what Runboard keeps stays on the heap) and prints one JSON line: the heap the
 * pipeline holds at each sample point, the final row count and what the bounds dropped.
 */
import { createPipeline, feed } from './lib/session';
import { buildSteps, createFrameEncoder, finishSteps } from './lib/stream';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const events = Number(process.argv[2] ?? 1_000_000);
const samples = Number(process.argv[3] ?? 10);
const CHUNK = 10_000;

function heap(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

const steps = finishSteps(buildSteps(events));
const encode = createFrameEncoder('relavium', 'storm~memory');
const baseline = heap();
const pipeline = createPipeline('relavium', 'storm~memory');
const every = Math.ceil(steps.length / samples / CHUNK) * CHUNK;
const series: { events: number; heapBytes: number }[] = [];
let frames = 0;
for (let at = 0; at < steps.length; at += CHUNK) {
  const chunk = encode(steps.slice(at, at + CHUNK)).frames;
  feed(pipeline, chunk, 64);
  frames += chunk.length;
  if ((at + CHUNK) % every === 0 || at + CHUNK >= steps.length) series.push({ events: frames, heapBytes: heap() - baseline });
}
const state = pipeline.run.getState();
process.stdout.write(
  `${JSON.stringify({ frames, series, logRows: state.logLength, frameLogDropped: pipeline.frames.dropped, eventLogDropped: state.droppedRows })}\n`,
);
