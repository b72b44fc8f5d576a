/**
 * Benchmark 4's big-graph load as a timeline of main-thread tasks over `--over` ms (default
 * 8), each with when it began (from the trace's first task) and its biggest parts: what
 * fills the gaps bench/big-graph-phases.ts shows between resources and phases.
 * `npx tsx bench/load-trace.ts [--nodes=10000] [--dir=bench/out/dist] [--over=8]` (build first).
 * `--cpu=<dir>,<dir>[,rounds]`: instead, the load's main-thread CPU time in all (every task's
 * thread time, which a loaded machine does not inflate), two builds alternated.
 * `--layouts=<dir>,<dir>[,rounds]`: instead, the load's layouts (CPU time, all and those script
 * forced, with what forced the biggest), two builds alternated.
 */
import { launchBenchBrowser, liveUrl } from './browser/launch';
import { interactiveMs } from './browser/big-graph';
import { traceLayouts } from './browser/forced-layouts';
import { traceLongTasks, traceTasks } from './browser/trace-long-tasks';
import { startBigGraphRun } from '../tests/support/big-graph-run';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
process.env.BENCH_STATIC_DIR = arg('dir') ?? 'bench/out/dist';
const nodes = Number(arg('nodes') ?? 10_000);

const cpu = arg('cpu')?.split(',');
const layouts = arg('layouts')?.split(',');
if (cpu) await compareCpu(cpu[0] ?? '', cpu[1] ?? '', Number(cpu[2] ?? 3));
else if (layouts) await compareLayouts(layouts[0] ?? '', layouts[1] ?? '', Number(layouts[2] ?? 3));
else await timeline();

async function compareLayouts(a: string, b: string, rounds: number): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (const dir of [a, b]) {
      process.env.BENCH_STATIC_DIR = dir;
      const browser = await launchBenchBrowser();
      try {
        const run = startBigGraphRun(browser.sim, `storm~layouts${nodes}-${Date.now()}`, nodes);
        const page = await browser.newPage();
        await page.goto('about:blank');
        const summary = await traceLayouts(page, async () => void (await interactiveMs(page, liveUrl(browser.sim, 'shannon', run.runId))));
        const forcedMs = summary.forced.reduce((sum, f) => sum + f.cpuMs, 0);
        const biggest = summary.forced.slice(0, 3).map((f) => `${f.cpuMs.toFixed(1)} ms CPU, ${f.wallMs.toFixed(1)} wall, by ${f.by}`).join('; ');
        process.stdout.write(`round ${round + 1} ${dir}: ${summary.layouts} layouts ${summary.layoutCpuMs.toFixed(0)} ms CPU; forced ${summary.forced.length}, ${forcedMs.toFixed(1)} ms (${biggest})\n`);
      } finally {
        await browser.close();
      }
    }
  }
}

async function compareCpu(a: string, b: string, rounds: number): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (const dir of [a, b]) {
      process.env.BENCH_STATIC_DIR = dir;
      const browser = await launchBenchBrowser();
      try {
        const run = startBigGraphRun(browser.sim, `storm~cpu${nodes}-${Date.now()}`, nodes);
        const page = await browser.newPage();
        await page.goto('about:blank');
        let interactive = 0;
        const { tasks } = await traceTasks(page, async () => void (interactive = await interactiveMs(page, liveUrl(browser.sim, 'shannon', run.runId))));
        const cpuMs = tasks.reduce((sum, task) => sum + task.cpuMs, 0);
        process.stdout.write(`round ${round + 1} ${dir}: interactive ${interactive} ms, main thread ${cpuMs.toFixed(0)} ms of CPU\n`);
      } finally {
        await browser.close();
      }
    }
  }
}

async function timeline(): Promise<void> {
const browser = await launchBenchBrowser();
try {
  const run = startBigGraphRun(browser.sim, `storm~trace${nodes}-${Date.now()}`, nodes);
  const page = await browser.newPage();
  await page.goto('about:blank');
  let interactive = 0;
  const tasks = await traceLongTasks(page, async () => void (interactive = await interactiveMs(page, liveUrl(browser.sim, 'shannon', run.runId))), Number(arg('over') ?? 8));
  process.stdout.write(`interactive ${interactive} ms (under the tracer)\n`);
  for (const task of tasks) {
    const parts = task.parts.slice(0, 4).map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`).join(', ');
    process.stdout.write(`  at ${task.atMs.toFixed(0).padStart(5)}  ${task.ms.toFixed(0).padStart(4)} ms  ${parts}\n`);
  }
} finally {
  await browser.close();
}
}
