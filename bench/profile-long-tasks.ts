/**
 * What the long tasks of benchmark 3's growing run are made of (issue 15): builds the app
 * unminified into bench/out/dist-profile (readable function names), runs the growing
 * graph storm under a Chromium performance trace, and prints every main-thread task over
 * 50 ms with where its time went (script, style, layout, paint, GC); `--cpu` takes a CPU
 * profile instead (functions by self time). `--steady` profiles the steady 200-node run instead of the growing one.
 * `npx tsx bench/profile-long-tasks.ts [--quick] [--cpu] [--steady]`.
 * Evidence for where time goes, not a benchmark figure.
 */
import { execFileSync } from 'node:child_process';

import type { Page } from 'playwright-core';

import { profileDuring, type LongTask } from './browser/cpu-profile';
import { traceLongTasks, type TracedTask } from './browser/trace-long-tasks';
import { launchBenchBrowser } from './browser/launch';
import { growingRun, steadyRun } from './browser/live-render';

const DIST = 'bench/out/dist-profile';
execFileSync('npx', ['vite', 'build', '--minify', 'false', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
process.env.BENCH_STATIC_DIR = DIST;

const log = (line: string) => process.stdout.write(`${line}\n`);
const browser = await launchBenchBrowser();
const useTrace = !process.argv.includes('--cpu');
let tasks: LongTask[] = [];
let traced: TracedTask[] = [];
try {
  const around = async (page: Page, storm: () => Promise<void>) => {
    if (useTrace) traced = await traceLongTasks(page, storm);
    else tasks = (await profileDuring(page, storm)).longTasks;
  };
  if (process.argv.includes('--steady')) await steadyRun(browser, process.argv.includes('--quick') ? 8 : 30, around);
  else await growingRun(browser, process.argv.includes('--quick'), log, around);
} finally {
  await browser.close();
}
if (useTrace) {
  log(`${traced.length} main-thread tasks over 50 ms in the trace`);
  for (const task of traced) log(`— ${task.ms.toFixed(0)} ms: ${task.parts.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(' · ')}`);
} else {
  log(`${tasks.length} busy stretches over 50 ms in the CPU profile`);
  for (const task of tasks) {
    log(`— ${task.ms.toFixed(0)} ms:`);
    for (const f of task.top) log(`    ${f.selfMs.toFixed(1).padStart(6)} ms self ${f.totalMs.toFixed(1).padStart(6)} ms total  ${f.name}`);
  }
}
