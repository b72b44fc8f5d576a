/**
 * Benchmark 3's growing run (and, with `--steady`, its steady run) against two builds of
 * the app in the same session, alternating, so a loaded machine weighs on both alike:
 * `npx tsx bench/live-ab.ts --a=bench/out/dist-base --b=bench/out/dist [--rounds=2] [--quick] [--steady | --flood]`
 * (`--flood`: 10,000 events/s into 2,000 nodes).
 * Build each first (`npx vite build --outDir <dir>`). Per run: the page's long tasks (the
 * Long Tasks API, wall time) and, from a trace, main-thread tasks by the renderer's own CPU
 * time, which descheduling on a loaded machine does not inflate (`--parts`: what each task over
 * 30 ms of CPU was made of). Evidence, not a figure.
 */
import type { Page } from 'playwright-core';

import { launchBenchBrowser } from './browser/launch';
import { FLOOD, growingRun, steadyRun } from './browser/live-render';
import { traceTasks } from './browser/trace-long-tasks';
import { ms, percentile } from './lib/report';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const variants = { A: arg('a', 'bench/out/dist-base'), B: arg('b', 'bench/out/dist') };
const rounds = Number(arg('rounds', '2'));
const quick = process.argv.includes('--quick');
const flood = process.argv.includes('--flood');
const steady = flood || process.argv.includes('--steady');
const log = (line: string) => process.stdout.write(`${line}\n`);

type Traced = Awaited<ReturnType<typeof traceTasks>>;
const showParts = process.argv.includes('--parts');

async function once(dir: string): Promise<string> {
  process.env.BENCH_STATIC_DIR = dir;
  const browser = await launchBenchBrowser();
  let traced: Traced = { tasks: [], heavy: [] };
  const around = async (page: Page, storm: () => Promise<void>) => {
    traced = await traceTasks(page, storm);
  };
  try {
    const probe = steady ? (await steadyRun(browser, quick ? 8 : 20, around, flood ? FLOOD : undefined)).result : await growingRun(browser, quick, log, around);
    const cpu = traced.tasks.map((t) => t.cpuMs).sort((a, b) => b - a);
    if (showParts) for (const task of traced.heavy) log(`    at ${(task.atMs / 1000).toFixed(1)} s, ${task.ms.toFixed(0)} ms CPU: ${task.parts.map(([name, t]) => `${name} ${t.toFixed(0)}`).join(' · ')}`);
    const total = cpu.reduce((a, b) => a + b, 0);
    return [
      `long tasks ${probe.longTasks.length} (max ${ms(Math.max(0, ...probe.longTasks))})`,
      `frame p95 ${ms(percentile(probe.frames, 95))}`,
      `CPU > 50 ms: ${cpu.filter((c) => c > 50).length}, > 30 ms: ${cpu.filter((c) => c > 30).length}, top ${cpu.slice(0, 5).map((c) => c.toFixed(0)).join(' ')}`,
      `traced wall > 50 ms (wall/CPU): ${traced.tasks.filter((t) => t.wallMs > 50).map((t) => `${t.wallMs.toFixed(0)}/${t.cpuMs.toFixed(0)}`).join(' ')}`,
      `main-thread CPU ${(total / 1000).toFixed(2)} s`,
    ].join(' · ');
  } finally {
    await browser.close();
  }
}

for (let round = 1; round <= rounds; round++) {
  for (const [name, dir] of Object.entries(variants)) log(`round ${round} ${name} (${dir}): ${await once(dir)}`);
}
