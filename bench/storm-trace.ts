/**
 * Where benchmark 4's 10,000-node status storm spends the main thread, by kind of work
 * of CPU (script, style, layout, paint, GC: a trace sees what the CPU profile calls "(program)"),
 * for a baseline build and this one in turns. Build the baseline as big-graph-ratio.ts says, then
 * `npx tsx bench/storm-trace.ts --base=<dir> [--nodes=10000] [--rounds=1] [--parts=14] [--no-build]`.
 * Evidence for where time goes, not a benchmark figure (only each task's ten biggest parts count).
 */
import { execFileSync } from 'node:child_process';

import { interactiveMs, statusStorm } from './browser/big-graph';
import { launchBenchBrowser, liveUrl, PROBE_SCRIPT, BENCH_DIST } from './browser/launch';
import { traceTotals } from './browser/trace-long-tasks';
import { ms, percentile } from './lib/report';
import { startBigGraphRun } from '../tests/support/big-graph-run';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const base = arg('base');
if (!process.argv.includes('--no-build')) execFileSync('npx', ['vite', 'build', '--outDir', BENCH_DIST, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
const nodes = Number(arg('nodes') ?? 10_000);
const rounds = Number(arg('rounds') ?? 1);
const log = (line: string): void => void process.stdout.write(`${line}\n`);

async function once(dir: string, label: string): Promise<void> {
  process.env.BENCH_STATIC_DIR = dir;
  const browser = await launchBenchBrowser();
  try {
    const run = startBigGraphRun(browser.sim, `storm~graph${nodes}-${Date.now()}`, nodes);
    const page = await browser.newPage();
    await page.addInitScript(PROBE_SCRIPT);
    await interactiveMs(page, liveUrl(browser.sim, 'shannon', run.runId));
    let frames: number[] = [];
    const { tasksMs, parts } = await traceTotals(page, async () => void ({ frames } = await statusStorm(page, run, nodes)));
    log(`${label}: storm p95 ${ms(percentile(frames, 95))}, p90 ${ms(percentile(frames, 90))}, ${frames.length} frames; main thread ${tasksMs.toFixed(0)} ms of CPU`);
    for (const [kind, t] of parts.slice(0, Number(arg('parts') ?? 14))) log(`  ${t.toFixed(0).padStart(6)} ms  ${kind}`);
  } finally {
    await browser.close();
  }
}

for (let round = 0; round < rounds; round++) {
  if (base) await once(base, `baseline (round ${round + 1})`);
  await once(BENCH_DIST, `this build (round ${round + 1})`);
}
