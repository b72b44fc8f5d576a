/**
 * What benchmark 10's scrub is made of in Chromium: opens a recording by URL in a build,
 * then profiles the 30 scrubber seeks (the benchmark's own) and prints the heaviest
 * functions by self and total time. For names, build unminified first:
 *
 *   npx vite build --minify false --outDir bench/out/dist-profile
 *   npx tsx bench/replay-scrub-profile.ts [--dir=bench/out/dist-profile] [--plain] [--trace]
 *
 * `--trace` takes a performance trace instead of a CPU profile: the main thread's CPU per
 * seek by kind of work (script by function, style, layout, paint, GC), which the CPU
 * profile lumps together as "(program)".
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadavg } from 'node:os';

import { profileDuring, topByTotal } from './browser/cpu-profile';
import { launchBenchBrowser } from './browser/launch';
import { atEnd, scrub } from './browser/replay-open';
import { traceTotals } from './browser/trace-long-tasks';
import { benchRecording, keyframedTwin } from './lib/replay-recordings';
import { percentile } from './lib/report';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const dir = arg('dir') ?? 'bench/out/dist-profile';
const seeks = Number(arg('seeks') ?? 30);
const plain = benchRecording('diverse', Number(arg('frames') ?? 100_000));
const recording = process.argv.includes('--plain') ? plain : await keyframedTwin(plain);
mkdirSync(join(dir, 'bench-recordings'), { recursive: true });
const served = `bench-recordings/${basename(recording.path)}`;
copyFileSync(recording.path, join(dir, served));
const head = (times: number[]) =>
  `${basename(recording.path)} (load ${loadavg().map((l) => l.toFixed(1)).join(' ')}): scrub p50 ${percentile(times, 50).toFixed(0)} p95 ${percentile(times, 95).toFixed(0)} ms`;

process.env.BENCH_STATIC_DIR = dir;
const browser = await launchBenchBrowser();
try {
  const page = await browser.newPage();
  // The context's first, blank page has a renderer of its own, which the trace would read as the main thread.
  for (const other of browser.context.pages()) if (other !== page) await other.close();
  await page.goto(`${browser.sim.url}/?replay=${encodeURIComponent(`/${served}`)}`);
  await page.waitForFunction(atEnd, plain.frames, { timeout: 600_000, polling: 200 });
  let times: number[] = [];
  if (process.argv.includes('--trace')) {
    const { tasksMs, parts } = await traceTotals(page, async () => void (times = await scrub(page, plain.frames, seeks)));
    console.log(`${head(times)}; main thread ${(tasksMs / seeks).toFixed(1)} ms of CPU per seek`);
    for (const [kind, t] of parts.slice(0, Number(process.env.TOP ?? 30))) console.log(`  ${(t / seeks).toFixed(1).padStart(6)} ms/seek  ${kind}`);
  } else {
    const { hot } = await profileDuring(page, async () => void (times = await scrub(page, plain.frames, seeks)));
    // By the renderer's own CPU (run with SAMPLES=count): wall time on a loaded machine mostly says how long it waited for a core.
    const busy = hot.filter((f) => f.name !== '(idle)').reduce((sum, f) => sum + f.selfMs, 0);
    console.log(`${head(times)}; main thread busy ${(busy / times.length).toFixed(1)} ms per seek`);
    for (const f of topByTotal(hot, Number(process.env.TOP ?? 30))) console.log(`  ${f.totalMs.toFixed(0).padStart(6)} total ${f.selfMs.toFixed(0).padStart(6)} self  ${f.name}`);
    console.log('  -- by self time');
    for (const f of hot.slice(0, 25)) console.log(`  ${f.selfMs.toFixed(0).padStart(6)} self  ${f.name}`);
  }
} finally {
  await browser.close();
}
