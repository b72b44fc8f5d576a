/**
 * What benchmark 10's scrub is made of in Chromium: opens a recording by URL in a build,
 * then profiles the 30 scrubber seeks (the benchmark's own) and prints the heaviest
 * functions by self and total time. For names, build unminified first:
 *
 *   npx vite build --minify false --outDir bench/out/dist-profile
 *   npx tsx bench/replay-scrub-profile.ts [--dir=bench/out/dist-profile] [--plain]
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';

import { profileDuring, topByTotal } from './browser/cpu-profile';
import { launchBenchBrowser } from './browser/launch';
import { atEnd, scrub } from './browser/replay-open';
import { benchRecording, keyframedTwin } from './lib/replay-recordings';
import { percentile } from './lib/report';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const dir = arg('dir') ?? 'bench/out/dist-profile';
const plain = benchRecording('diverse', Number(arg('frames') ?? 100_000));
const recording = process.argv.includes('--plain') ? plain : await keyframedTwin(plain);
mkdirSync(join(dir, 'bench-recordings'), { recursive: true });
const served = `bench-recordings/${basename(recording.path)}`;
copyFileSync(recording.path, join(dir, served));

process.env.BENCH_STATIC_DIR = dir;
const browser = await launchBenchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(`${browser.sim.url}/?replay=${encodeURIComponent(`/${served}`)}`);
  await page.waitForFunction(atEnd, plain.frames, { timeout: 600_000, polling: 200 });
  let times: number[] = [];
  const { hot } = await profileDuring(page, async () => {
    times = await scrub(page, plain.frames, 30);
  });
  // By the renderer's own CPU (run with SAMPLES=count): wall time on a loaded machine mostly says how long it waited for a core.
  const busy = hot.filter((f) => f.name !== '(idle)').reduce((sum, f) => sum + f.selfMs, 0);
  console.log(`${basename(recording.path)}: scrub p50 ${percentile(times, 50).toFixed(0)} p95 ${percentile(times, 95).toFixed(0)} ms; main thread busy ${(busy / times.length).toFixed(1)} ms per seek`);
  for (const f of topByTotal(hot, Number(process.env.TOP ?? 30))) console.log(`  ${f.totalMs.toFixed(0).padStart(6)} total ${f.selfMs.toFixed(0).padStart(6)} self  ${f.name}`);
  console.log('  -- by self time');
  for (const f of hot.slice(0, 25)) console.log(`  ${f.selfMs.toFixed(0).padStart(6)} self  ${f.name}`);
} finally {
  await browser.close();
}
