/**
 * What benchmark 10's scrub is made of in Chromium: opens a recording by URL in a build,
 * then profiles the 30 scrubber seeks (the benchmark's own) and prints the heaviest
 * functions by self and total time. For names, build unminified first:
 *
 *   npx vite build --minify false --outDir bench/out/dist-profile
 *   npx tsx bench/replay-scrub-profile.ts [--dir=bench/out/dist-profile] [--plain] [--trace]
 *     [--base=<dir of a baseline build> --rounds=3] [--tab=State]
 *
 * `--trace` takes a performance trace instead of a CPU profile: the main thread's CPU per
 * seek by kind of work (script by function, style, layout, paint, GC), which the CPU
 * profile lumps together as "(program)". With `--base`, the baseline build and this one
 * are traced in turns (alternating which goes first), each in a browser of its own, and
 * each round prints both and their ratio of CPU per seek: on a shared machine the CPU
 * time of the renderer's main thread moves less than wall time, and only the ratio of
 * builds measured in the same minutes means much.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadavg } from 'node:os';

import type { Page } from 'playwright-core';

import { profileDuring, topByTotal } from './browser/cpu-profile';
import { launchBenchBrowser } from './browser/launch';
import { atEnd, scrub } from './browser/replay-open';
import { traceTotals } from './browser/trace-long-tasks';
import { benchRecording, keyframedTwin } from './lib/replay-recordings';
import { percentile } from './lib/report';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const dir = arg('dir') ?? 'bench/out/dist-profile';
const base = arg('base');
const seeks = Number(arg('seeks') ?? 30);
/** `--tab=<name>`: the side panel's tab shown while scrubbing (the run view opens on Cost). */
const tab = arg('tab');
const plain = benchRecording('diverse', Number(arg('frames') ?? 100_000));
const recording = process.argv.includes('--plain') ? plain : await keyframedTwin(plain);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const wall = (times: number[]) => `scrub p50 ${percentile(times, 50).toFixed(0)} p95 ${percentile(times, 95).toFixed(0)} ms`;

type Traced = Readonly<{ times: number[]; cpuPerSeek: number; parts: [string, number][] }>;

/** Opens the recording in the build at `from` and runs `during` on the page once it shows the end. */
async function withOpenPage<T>(from: string, during: (page: Page) => Promise<T>): Promise<T> {
  mkdirSync(join(from, 'bench-recordings'), { recursive: true });
  const served = `bench-recordings/${basename(recording.path)}`;
  copyFileSync(recording.path, join(from, served));
  process.env.BENCH_STATIC_DIR = from;
  const browser = await launchBenchBrowser();
  try {
    const page = await browser.newPage();
    // The context's first, blank page has a renderer of its own, which the trace would read as the main thread.
    for (const other of browser.context.pages()) if (other !== page) await other.close();
    await page.goto(`${browser.sim.url}/?replay=${encodeURIComponent(`/${served}`)}`);
    await page.waitForFunction(atEnd, plain.frames, { timeout: 600_000, polling: 200 });
    if (tab !== undefined) await page.getByRole('tab', { name: tab }).click();
    return await during(page);
  } finally {
    await browser.close();
  }
}

const traced = (from: string): Promise<Traced> =>
  withOpenPage(from, async (page) => {
    let times: number[] = [];
    const { tasksMs, parts } = await traceTotals(page, async () => void (times = await scrub(page, plain.frames, seeks)));
    return { times, cpuPerSeek: tasksMs / seeks, parts };
  });

function printParts(t: Traced): void {
  for (const [kind, ms] of t.parts.slice(0, Number(process.env.TOP ?? 30))) console.log(`  ${(ms / seeks).toFixed(1).padStart(6)} ms/seek  ${kind}`);
}

if (base !== undefined) {
  for (let round = 0; round < Number(arg('rounds') ?? 3); round++) {
    const order = round % 2 === 0 ? [base, dir] : [dir, base];
    const [first, second] = [await traced(order[0] ?? base), await traced(order[1] ?? dir)];
    const [before, after] = order[0] === base ? [first, second] : [second, first];
    console.log(`round ${round + 1} (load ${load()}): baseline ${before.cpuPerSeek.toFixed(1)} ms CPU/seek, ${wall(before.times)}`);
    console.log(`  this build ${after.cpuPerSeek.toFixed(1)} ms CPU/seek, ${wall(after.times)} | CPU ${(after.cpuPerSeek / before.cpuPerSeek).toFixed(2)}x the baseline's`);
    if (process.env.TOP) printParts(after);
  }
} else if (process.argv.includes('--trace')) {
  const t = await traced(dir);
  console.log(`${basename(recording.path)} (load ${load()}): ${wall(t.times)}; main thread ${t.cpuPerSeek.toFixed(1)} ms of CPU per seek`);
  printParts(t);
} else {
  await withOpenPage(dir, async (page) => {
    let times: number[] = [];
    const { hot } = await profileDuring(page, async () => void (times = await scrub(page, plain.frames, seeks)));
    // By the renderer's own CPU (run with SAMPLES=count): wall time on a loaded machine mostly says how long it waited for a core.
    const busy = hot.filter((f) => f.name !== '(idle)').reduce((sum, f) => sum + f.selfMs, 0);
    console.log(`${basename(recording.path)} (load ${load()}): ${wall(times)}; main thread busy ${(busy / times.length).toFixed(1)} ms per seek`);
    for (const f of topByTotal(hot, Number(process.env.TOP ?? 30))) console.log(`  ${f.totalMs.toFixed(0).padStart(6)} total ${f.selfMs.toFixed(0).padStart(6)} self  ${f.name}`);
    console.log('  -- by self time');
    for (const f of hot.slice(0, 25)) console.log(`  ${f.selfMs.toFixed(0).padStart(6)} self  ${f.name}`);
  });
}
