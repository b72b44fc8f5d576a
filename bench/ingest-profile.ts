/**
 * One dialect's benchmark-1 stream fed `runs` times (best CPU time printed), profiled from
 * inside so the profile holds the feeding only, not the stream's encoding. Bundle it as
 * bench/ingest-ratio.ts says, then:
 *
 *   node bench/out/node/ingest-profile.mjs <events> <runs> <dialect> <out.cpuprofile>
 *   HEAP=1 …      a sampling heap profile of what the runs allocate (garbage included)
 *   RETAIN=1 node --expose-gc …   also what one run keeps (alive after a full GC), to
 *                 /tmp/<dialect>-retained.heapprofile
 *   GC=1 …        each run's time and the collector's pauses in it
 */
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import type { DialectId } from '@/protocol/dialect';
import { createPipeline, feed, frameTextsFor, textLengthsFor } from './lib/session';
import { buildSteps, encodeFrames, finishSteps } from './lib/stream';
import { cpuTime } from './lib/report';

const events = Number(process.argv[2] ?? 50_000);
const runs = Number(process.argv[3] ?? 5);
const dialect = process.argv[4] as DialectId;
const out = process.argv[5];
const { frames, texts } = encodeFrames(dialect, 'storm~bench', finishSteps(buildSteps(events)));
const lengths = textLengthsFor(dialect, texts);
const frameTexts = frameTextsFor(dialect, texts);
feed(createPipeline(dialect, 'storm~bench'), frames, 64, lengths, frameTexts);
const session = new Session();
const heap = process.env.HEAP === '1';
if (out) {
  session.connect();
  if (heap) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  } else {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
}
let best = Infinity;
const gcMs: number[] = [];
let gcNow = 0;
let gcCount = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcNow += entry.duration;
    gcCount += 1;
  }
});
observer.observe({ entryTypes: ['gc'] });
const times: number[] = [];
for (let run = 0; run < runs; run++) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  gcNow = 0;
  gcCount = 0;
  const ms = cpuTime(() => feed(createPipeline(dialect, 'storm~bench'), frames, 64, lengths, frameTexts)).cpuMs;
  await new Promise((resolve) => setTimeout(resolve, 0));
  times.push(ms);
  gcMs.push(gcNow);
  best = Math.min(best, ms);
  if (process.env.GC === '1') process.stdout.write(`run ${run}: ${ms.toFixed(0)} ms, gc ${gcNow.toFixed(1)} ms in ${gcCount}\n`);
}
if (out) {
  const { profile } = heap ? await session.post('HeapProfiler.stopSampling') : await session.post('Profiler.stop');
  writeFileSync(out, JSON.stringify(profile));
}
if (process.env.RETAIN === '1') {
  // What one run keeps: objects allocated while feeding that are alive at its end (after a full GC).
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 128 });
  const kept = createPipeline(dialect, 'storm~bench');
  feed(kept, frames, 64, lengths, frameTexts);
  (globalThis as { gc?: () => void }).gc?.();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  writeFileSync(`/tmp/${dialect}-retained.heapprofile`, JSON.stringify(profile));
  process.stdout.write(`kept ${kept.log.length} rows\n`);
}
process.stdout.write(`${dialect}: best ${best.toFixed(0)} ms\n`);
