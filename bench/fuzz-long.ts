/**
 * The long fuzz: a million hostile frames per dialect (tests/fuzz/hostile-frames.ts)
 * through the whole ingest pipeline into real stores, checking the store invariants
 * (tests/fuzz/pipeline-invariants.ts) after every batch. Prints frames/s, rejected and
 * skipped counts, and crashes (an exception out of the pipeline or a broken invariant),
 * which must be 0; exits 1 otherwise.
 *
 *   npm run fuzz:long                      # 1,000,000 frames per dialect
 *   npx tsx bench/fuzz-long.ts 50000 agui  # fewer frames, one dialect
 */
import fc from 'fast-check';

import type { DialectId } from '@/protocol/dialect';
import { DIALECTS } from '@/protocol/dialects';

import { hostileFrame, loadSeeds } from '../tests/fuzz/hostile-frames';
import { brokenInvariants, createPipeline } from '../tests/fuzz/pipeline-invariants';

const FRAMES = Number(process.argv[2] ?? 1_000_000);
const ONLY = process.argv[3];
/** A fresh session every batch: one run of a million junk frames would measure the event log, not the fuzz. */
const BATCH = 2_000;

let totalCrashes = 0;
for (const dialect of Object.values(DIALECTS)) {
  if (ONLY && dialect.id !== ONLY) continue;
  const arb = hostileFrame(loadSeeds(dialect.id as DialectId));
  let rejected = 0;
  let crashes = 0;
  let sent = 0;
  let decodeMs = 0;
  const firstCrashes: string[] = [];
  for (let batch = 0; sent < FRAMES; batch++) {
    const frames = fc.sample(arb, { numRuns: Math.min(BATCH, FRAMES - sent), seed: 9_000 + batch });
    const p = createPipeline(dialect);
    const startedAt = performance.now();
    try {
      for (const frame of frames) p.receive(frame);
      p.flush();
    } catch (error) {
      crashes += 1;
      if (firstCrashes.length < 3) firstCrashes.push(`batch ${batch}: ${String(error)}`);
    }
    decodeMs += performance.now() - startedAt;
    const broken = brokenInvariants(p);
    if (broken.length > 0) {
      crashes += 1;
      if (firstCrashes.length < 3) firstCrashes.push(`batch ${batch}: ${broken.join('; ')}`);
    }
    rejected += p.run.getState().stats.rejected;
    sent += frames.length;
  }
  totalCrashes += crashes;
  const perSecond = Math.round(sent / (decodeMs / 1000));
  console.log(`${dialect.id.padEnd(9)} ${sent.toLocaleString('en')} frames  ${perSecond.toLocaleString('en')} frames/s through the pipeline  rejected ${rejected.toLocaleString('en')}  crashes ${crashes}`);
  for (const line of firstCrashes) console.log(`  ${line}`);
}
console.log(totalCrashes === 0 ? 'crashes: 0' : `crashes: ${totalCrashes}`);
process.exit(totalCrashes === 0 ? 0 : 1);
