/**
 * What the long tasks of benchmark 3's growing run are made of (issue 15): builds the app
 * unminified into bench/out/dist-profile (readable function names), runs the growing
 * graph storm under a Chromium CPU profile, and prints every busy stretch over 50 ms with
 * its heaviest functions (inclusive time). `npx tsx bench/profile-long-tasks.ts [--quick]`.
 * Evidence for where time goes, not a benchmark figure.
 */
import { execFileSync } from 'node:child_process';

import { profileDuring, type LongTask } from './browser/cpu-profile';
import { launchBenchBrowser } from './browser/launch';
import { growingRun } from './browser/live-render';

const DIST = 'bench/out/dist-profile';
execFileSync('npx', ['vite', 'build', '--minify', 'false', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
process.env.BENCH_STATIC_DIR = DIST;

const log = (line: string) => process.stdout.write(`${line}\n`);
const browser = await launchBenchBrowser();
let tasks: LongTask[] = [];
try {
  await growingRun(browser, process.argv.includes('--quick'), log, async (page, storm) => {
    tasks = (await profileDuring(page, storm)).longTasks;
  });
} finally {
  await browser.close();
}
log(`${tasks.length} busy stretches over 50 ms in the profile`);
for (const task of tasks) {
  log(`— ${task.ms.toFixed(0)} ms:`);
  for (const f of task.top) log(`    ${f.totalMs.toFixed(0).padStart(5)} ms  ${f.name}`);
}
