/**
 * A quick look at benchmark 1's ratio (ingest rate over bare JSON.parse of the same texts),
 * for iterating on the ingest path and profiling it: `node <bundle> <events> <runs> <dialects…>`
 * (bundle with bench/lib/node-bundle.ts; `--cpu-prof` on node gives the profile). All the
 * dialects named run in this one process, in turn, each measured after the ones before it.
 */
import type { DialectId } from '@/protocol/dialect';

import { createPipeline, feed, textLengthsFor } from './lib/session';
import { buildSteps, encodeFrames, finishSteps } from './lib/stream';
import { cpuTime } from './lib/report';

const events = Number(process.argv[2] ?? 50_000);
const runs = Number(process.argv[3] ?? 5);
const dialects = process.argv.slice(4) as DialectId[];

for (const dialect of dialects) {
  const { frames, texts } = encodeFrames(dialect, 'storm~bench', finishSteps(buildSteps(events)));
  const lengths = textLengthsFor(dialect, texts);
  let parse = Infinity;
  let ingest = Infinity;
  for (let run = 0; run < runs; run++) {
    parse = Math.min(parse, cpuTime(() => texts.forEach((text) => JSON.parse(text) as unknown)).cpuMs);
    ingest = Math.min(ingest, cpuTime(() => feed(createPipeline(dialect, 'storm~bench'), frames, 64, lengths)).cpuMs);
  }
  process.stdout.write(`${dialect}: ${frames.length} frames, ingest ${ingest.toFixed(0)} ms, parse ${parse.toFixed(0)} ms, ratio ${(parse / ingest).toFixed(2)}\n`);
}
