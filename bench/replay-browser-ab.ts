/**
 * Benchmark 10's open, a baseline build against this one in the same run (the machine is
 * shared: only the ratio means much). Build the baseline first from the code to compare
 * with (e.g. `git archive main | tar -x -C /tmp/base-src`, link node_modules, then
 * `npx vite build --outDir /tmp/base` there), then
 *
 *   npx tsx bench/replay-browser-ab.ts --base=/tmp/base [--kind=diverse] [--frames=100000]
 *     [--rounds=2] [--plain] [--no-build] [--profile]
 *
 * Run it with tsx (not a bundle). `--profile` then opens once more in this build under a CPU
 * profile (for names, build it with `--minify false` and pass --no-build).
 *
 * Each round opens the keyframed recording in the baseline, then in this build (each in a
 * browser of its own), and prints both and their ratio; `--plain` opens the plain
 * recording in this build too; `--profile` prints the heaviest functions of this build's open.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadavg } from 'node:os';

import { profileDuring, topByTotal } from './browser/cpu-profile';
import { launchBenchBrowser, BENCH_DIST } from './browser/launch';
import { atEnd, describeBrowserFigures, openInBrowser, type BrowserReplayFigures } from './browser/replay-open';
import { benchRecording, keyframedTwin, type RecordingKind } from './lib/replay-recordings';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const has = (name: string) => process.argv.includes(`--${name}`);
const base = arg('base') ?? '';
if (base === '') throw new Error('--base=<dir of the baseline build> is required');
if (!has('no-build')) execFileSync('npx', ['vite', 'build', '--outDir', BENCH_DIST, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
const kind = (arg('kind') ?? 'diverse') as RecordingKind;
const frames = Number(arg('frames') ?? 100_000);
const rounds = Number(arg('rounds') ?? 2);
const seeks = Number(arg('seeks') ?? 30);
let recordingFrames = frames;
const log = (line: string): void => void process.stdout.write(`${line}\n`);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** Copies a recording into a build, so the app fetches it from its own origin; its path there. */
function serve(dir: string, path: string): string {
  mkdirSync(join(dir, 'bench-recordings'), { recursive: true });
  const served = `bench-recordings/${basename(path)}`;
  copyFileSync(path, join(dir, served));
  return `/${served}`;
}

async function once(dir: string, path: string, profile: boolean): Promise<BrowserReplayFigures> {
  process.env.BENCH_STATIC_DIR = dir;
  const browser = await launchBenchBrowser();
  try {
    if (!profile) return await openInBrowser(browser, serve(dir, path), recordingFrames, seeks);
    const page = await browser.newPage();
    const started = Date.now();
    const { hot } = await profileDuring(page, async () => {
      await page.goto(`${browser.sim.url}/?replay=${encodeURIComponent(serve(dir, path))}`);
      await page.waitForFunction(atEnd, recordingFrames, { timeout: 600_000, polling: 200 });
    });
    const figures: BrowserReplayFigures = { interactiveMs: Date.now() - started, longTasks: [], seeks: [], heapBytes: 0 };
    const fetched = (await page.evaluate(`performance.getEntriesByType('resource').filter((e) => e.name.includes('bench-recordings')).map((e) => [e.fetchStart, e.responseEnd])`)) as number[][];
    if (has('resources')) log(String(await page.evaluate(`performance.getEntriesByType('resource').map((e) => e.name.split('/').pop().slice(0, 40) + ' ' + e.fetchStart.toFixed(0) + '-' + e.responseEnd.toFixed(0)).join('\\n')`)));
    log(`  recording fetched from ${fetched[0]?.map((t) => t.toFixed(0)).join(' to ') ?? '?'} ms after navigation; whole at ${figures.interactiveMs} ms`);
    for (const f of topByTotal(hot, 40)) log(`  ${f.totalMs.toFixed(0).padStart(6)} total ${f.selfMs.toFixed(0).padStart(6)} self  ${f.name}`);
    log('  -- by self time');
    for (const f of hot.slice(0, 25)) log(`  ${f.selfMs.toFixed(0).padStart(6)} self  ${f.name}`);
    return figures;
  } finally {
    await browser.close();
  }
}

const plain = benchRecording(kind, frames);
recordingFrames = plain.frames;
const keyed = await keyframedTwin(plain);
log(`${kind} ${plain.frames} frames: plain ${(plain.bytes / 1e6).toFixed(0)} MB, keyframed ${(keyed.bytes / 1e6).toFixed(0)} MB`);
for (let round = 0; round < rounds; round++) {
  // Alternate which build goes first, so neither always meets the other's leftovers.
  const first = round % 2 === 0 ? base : BENCH_DIST;
  const a = await once(first, keyed.path, false);
  const b = await once(first === base ? BENCH_DIST : base, keyed.path, false);
  const [before, after] = first === base ? [a, b] : [b, a];
  const ratio = (before.interactiveMs / after.interactiveMs).toFixed(2);
  log(`round ${round + 1} (load ${load()}): baseline ${describeBrowserFigures(before)}`);
  log(`  new ${describeBrowserFigures(after)} | ${ratio}x the baseline's speed`);
  if (has('plain')) log(`  new, plain recording: ${describeBrowserFigures(await once(BENCH_DIST, plain.path, false))}`);
}
if (has('profile')) await once(BENCH_DIST, keyed.path, true);
