/**
 * Benchmark 4's big graphs, a baseline build against this one in the same run (the
 * machine is shared: only the ratio means much). Build the baseline first from the code to
 * compare with, e.g. `git stash; npx vite build --outDir /tmp/base; git stash pop`, then
 * `npx tsx bench/big-graph-ratio.ts --base=/tmp/base [--nodes=10000,50000] [--rounds=2] [--storm] [--no-build] [--warm]
 * [--base-cache=off|on] [--cache=on|off] [--harness=in-page|polled]`.
 * Each round measures the baseline, then this build, each in a browser of its own. `--warm`
 * loads a small run first in each browser, as benchmark 4 does (the figures it reports);
 * without it each load is a cold browser's. The baseline is served as main's simulator
 * served it (no cache headers) unless `--base-cache=on`; this build with them unless
 * `--cache=off`. `--harness=polled`: interactive timed with Playwright's waitForFunction, as
 * before (its injected script runs on the page's main thread during the load).
 */
import { execFileSync } from 'node:child_process';

import { ms, percentile } from './lib/report';
import { measure, warmUp } from './browser/big-graph';
import { launchBenchBrowser, BENCH_DIST } from './browser/launch';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const has = (name: string) => process.argv.includes(`--${name}`);
const base = arg('base');
if (!base) throw new Error('--base=<dir of the baseline build> is required');
if (!has('no-build')) execFileSync('npx', ['vite', 'build', '--outDir', BENCH_DIST, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
const sizes = (arg('nodes') ?? '10000,50000').split(',').map(Number);
const rounds = Number(arg('rounds') ?? 2);
const log = (line: string): void => void process.stdout.write(`${line}\n`);
const harness = arg('harness') === 'polled' ? 'polled' : 'in-page';
log(`baseline ${base}${arg('base-cache') === 'on' ? ' (cached)' : ''}, this build${arg('cache') === 'off' ? '' : ' (cached)'}; ${has('warm') ? 'warm' : 'cold'} browsers; ${harness} harness`);

async function once(dir: string, nodes: number, cacheAssets: boolean) {
  process.env.BENCH_STATIC_DIR = dir;
  const browser = await launchBenchBrowser({ cacheAssets });
  try {
    if (has('warm')) await warmUp(browser, () => {});
    return await measure(browser, nodes, () => {}, has('storm'), harness);
  } finally {
    await browser.close();
  }
}

const describe = (r: Awaited<ReturnType<typeof once>>) =>
  `interactive ${ms(r.interactive)}, pan/zoom p95 ${ms(r.p95)}` +
  (r.changes ? `, storm p95 ${ms(percentile(r.changes.frames, 95))}, shown ${ms(r.changes.visibleAfter)} after the last` : '');

for (const nodes of sizes) {
  for (let round = 0; round < rounds; round++) {
    const before = await once(base, nodes, arg('base-cache') === 'on');
    const after = await once(BENCH_DIST, nodes, arg('cache') !== 'off');
    log(`${nodes} round ${round + 1}: baseline ${describe(before)} | new ${describe(after)} | interactive ratio ${(after.interactive / before.interactive).toFixed(2)}`);
  }
}
