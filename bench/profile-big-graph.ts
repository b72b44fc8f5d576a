/**
 * Where benchmark 4's time goes (issue 15): builds the app unminified into
 * bench/out/dist-profile, opens the big-graph run under a Chromium CPU profile and prints
 * the heaviest functions (self and total time) from navigation until the graph is drawn
 * and the page calm; `--storm` profiles the 1,000 status changes/s instead, `--zoom` the
 * pan/zoom. `npx tsx bench/profile-big-graph.ts [--nodes=10000] [--storm|--zoom] [--no-build] [--warm]`
 * (`--warm`: a small run loaded first in the same browser, as benchmark 4 does).
 * Evidence for where time goes, not a benchmark figure.
 */
import { execFileSync } from 'node:child_process';

import { profileDuring, topByTotal, type HotFunction, type LongTask } from './browser/cpu-profile';
import { launchBenchBrowser, liveUrl, PROBE_SCRIPT } from './browser/launch';
import { interactiveMs, panZoom, statusStorm, warmUp } from './browser/big-graph';
import { startBigGraphRun } from '../tests/support/big-graph-run';

const DIST = 'bench/out/dist-profile';
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const has = (name: string) => process.argv.includes(`--${name}`);
if (!has('no-build')) execFileSync('npx', ['vite', 'build', '--minify', 'false', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
process.env.BENCH_STATIC_DIR = DIST;

const nodes = Number(arg('nodes') ?? 10_000);
const log = (line: string): void => void process.stdout.write(`${line}\n`);
const print = (title: string, hot: readonly HotFunction[]) => {
  log(title);
  for (const f of hot) log(`  ${f.selfMs.toFixed(0).padStart(6)} self ${f.totalMs.toFixed(0).padStart(6)} total  ${f.name}`);
};

const browser = await launchBenchBrowser();
try {
  if (has('warm')) await warmUp(browser, log);
  const run = startBigGraphRun(browser.sim, `storm~graph${nodes}-${Date.now()}`, nodes);
  const page = await browser.newPage();
  await page.addInitScript(PROBE_SCRIPT);
  const url = liveUrl(browser.sim, 'shannon', run.runId);
  let hot: HotFunction[] = [];
  let longTasks: LongTask[] = [];
  if (has('storm') || has('zoom')) {
    log(`interactive in ${await interactiveMs(page, url)} ms`);
    if (has('storm')) ({ hot, longTasks } = await profileDuring(page, async () => void (await statusStorm(page, run, nodes))));
    else ({ hot, longTasks } = await profileDuring(page, async () => void (await panZoom(page))));
  } else {
    await page.goto('about:blank');
    ({ hot, longTasks } = await profileDuring(page, async () => log(`interactive in ${await interactiveMs(page, url)} ms (under the profiler)`)));
  }
  print('by self time', hot.slice(0, 30));
  print('by total time', topByTotal(hot, 40));
  for (const task of [...longTasks].sort((a, b) => b.ms - a.ms).slice(0, 5)) print(`busy stretch of ${task.ms.toFixed(0)} ms`, task.top.slice(0, 8));
} finally {
  await browser.close();
}
