/**
 * Diagnosis, not a benchmark: feeds `events` events of one dialect through the bench pipeline
 * (as bench/memory-child.ts does) and writes a V8 heap snapshot at each of the given points,
 * so two can be compared (bench/heap-summary.ts). Run it bundled, as the benchmarks run: under
 * tsx every module's source map stays on the heap as a string (~50 MB that is not Runboard's).
 *   node --import tsx -e "import('./bench/lib/node-bundle.ts').then((m) => m.nodeBundle('bench/heap-snapshot.ts'))"
 *   node --expose-gc bench/out/node/heap-snapshot.mjs <dialect> <out-dir> <events,events,…>
 * A snapshot is written when the frames fed reach each point, and at the end if one was not reached.
 */
import { writeHeapSnapshot } from 'node:v8';

import type { DialectId } from '@/protocol/dialect';

import { createPipeline, feed } from './lib/session';
import { chunksOf, createFrameEncoder, generateSteps } from './lib/stream';

const dialect = (process.argv[2] ?? 'myagent') as DialectId;
const outDir = process.argv[3] ?? '.';
const points = (process.argv[4] ?? '100000,300000').split(',').map(Number);
const gc = (globalThis as { gc?: () => void }).gc;

const pipeline = createPipeline(dialect, 'storm~memory');
const encode = createFrameEncoder(dialect, 'storm~memory');
let frames = 0;
let next = 0;
for (const chunk of chunksOf(generateSteps(points.at(-1) ?? 0), 10_000)) {
  const encoded = encode(chunk).frames;
  feed(pipeline, encoded, 64);
  frames += encoded.length;
  const point = points[next];
  if (point !== undefined && frames >= point) {
    gc?.();
    const file = writeHeapSnapshot(`${outDir}/${dialect}-${point}.heapsnapshot`);
    process.stdout.write(`${frames} frames: ${file}, heap ${(process.memoryUsage().heapUsed / 1048576).toFixed(1)} MB\n`);
    next += 1;
  }
}
if (next < points.length) {
  gc?.();
  process.stdout.write(`${frames} frames (end): ${writeHeapSnapshot(`${outDir}/${dialect}-end.heapsnapshot`)}, heap ${(process.memoryUsage().heapUsed / 1048576).toFixed(1)} MB\n`);
}
const state = pipeline.run.getState();
process.stdout.write(`log rows ${state.logLength}, dropped ${state.droppedRows}; frame log dropped ${pipeline.frames.dropped}\n`);
