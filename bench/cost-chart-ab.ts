/**
 * The cost tab's waterfall (recharts chart and its table) alone in Chromium, a baseline
 * commit's code against the working tree's, in one page: each build in a React root of its
 * own, both driven through the same random seeks (the first k of a 1,000-node run's cost
 * points) in alternating blocks, and the main thread's CPU time summed per block from a
 * performance trace. Without the rest of the run view a seek's chart work is not lost in
 * the noise of a loaded machine, and the two builds share every minute of it.
 *
 *   npx tsx bench/cost-chart-ab.ts [--base=main] [--seeks=200] [--block=10] [--nodes=1000] [--profile]
 *
 * `--profile` instead CPU-profiles the working tree's chart alone through the seeks (an
 * unminified bundle, for names) and prints its heaviest functions.
 *
 * Each build's own files are used: src/features/cost/{waterfall-chart,waterfall-table,
 * derive-waterfall}.tsx and which bars its cost panel draws (the base's from `git show`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';

import { build } from 'esbuild';
import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS } from '../tests/e2e/browser';
import { profileDuring, topByTotal } from './browser/cpu-profile';
import { traceDuring, type TraceEvent } from './browser/trace-long-tasks';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const baseRef = arg('base') ?? 'main';
const seeks = Number(arg('seeks') ?? 200);
const blockSize = Number(arg('block') ?? 10);
const nodes = Number(arg('nodes') ?? 1000);
const profile = process.argv.includes('--profile');
const OUT = join('bench', 'out', 'cost-ab');
const FILES = ['waterfall-chart.tsx', 'waterfall-table.tsx', 'derive-waterfall.ts', 'waterfall-marks.tsx'];

/** A file of the baseline commit, or '' where it had none (waterfall-marks.tsx is younger than some baselines). */
function baseFile(file: string): string {
  try {
    return execFileSync('git', ['show', `${baseRef}:${file}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return '';
  }
}

/** One build's files under OUT/<name>, their imports of each other made relative, and its block module. */
function writeBuild(name: string, read: (file: string) => string): void {
  const dir = join(OUT, name);
  mkdirSync(dir, { recursive: true });
  for (const file of FILES) {
    const text = read(`src/features/cost/${file}`);
    if (text !== '') writeFileSync(join(dir, file), text.replaceAll("'@/features/cost/", "'./"));
  }
  // What the build's cost panel draws: barsToDraw where it has one, else its MAX_BARS groups.
  const maxBars = /const MAX_BARS = (\d+)/.exec(read('src/features/cost/cost-panel.tsx'))?.[1];
  const drawn = read('src/features/cost/derive-waterfall.ts').includes('export function barsToDraw') ? 'barsToDraw(bars)' : `groupWaterfall(bars, ${maxBars ?? 60})`;
  writeFileSync(
    join(dir, 'cost-chart-block.tsx'),
    `import type { CostPoint } from '@/stores/run-types';
import * as derive from './derive-waterfall';
import { WaterfallChart } from './waterfall-chart';
import { WaterfallTable } from './waterfall-table';
export function render(points: readonly CostPoint[]) {
  const bars = derive.deriveWaterfall(points);
  const shown = derive.${drawn};
  return <figure><WaterfallChart bars={shown} currency="USD" /><WaterfallTable bars={shown} currency="USD" /></figure>;
}
`,
  );
}

writeBuild('base', baseFile);
writeBuild('next', (file) => readFileSync(file, 'utf8'));
writeFileSync(
  join(OUT, 'entry.tsx'),
  `import * as base from './base/cost-chart-block';
import * as next from './next/cost-chart-block';
import { mountCostAb } from '../../browser/cost-chart-page';
mountCostAb(base, next, ${nodes});
`,
);
const bundle = await build({
  entryPoints: [join(OUT, 'entry.tsx')],
  bundle: true,
  write: false,
  format: 'esm',
  minify: !profile,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: { '@': './src' },
  logLevel: 'warning',
});
const script = bundle.outputFiles[0]?.text ?? '';

const SR_ONLY = '.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}';
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 960, height: 300 }, deviceScaleFactor: Number(arg('scale') ?? 1) });
  await page.setContent(`<!doctype html><style>${SR_ONLY} body{display:flex;gap:8px;font:12px sans-serif} body>div{width:470px}</style><div id="base"></div><div id="next"></div>`);
  await page.addScriptTag({ content: script, type: 'module' });
  await page.waitForFunction(() => 'costAb' in window);
  const total = (await page.evaluate('window.costAb.total')) as number;
  for (const variant of ['base', 'next']) await page.evaluate(`window.costAb.seek('${variant}', ${total})`);
  // `--shot=<file.png>`: both builds' charts side by side at the run's end (base left), to look at.
  const shot = arg('shot');
  if (shot !== undefined) await page.screenshot({ path: shot });
  let seed = 11;
  const positions = Array.from({ length: seeks }, () => 1 + ((seed = (seed * 48271) % 2147483647) % total));
  if (profile) {
    const { hot } = await profileDuring(page, () => page.evaluate(`(async () => { for (const at of ${JSON.stringify(positions)}) await window.costAb.seek('next', at); })()`));
    for (const f of topByTotal(hot, Number(process.env.TOP ?? 40))) console.log(`  ${(f.totalMs / seeks).toFixed(2).padStart(6)} total ${(f.selfMs / seeks).toFixed(2).padStart(6)} self ms/seek  ${f.name}`);
    console.log('  -- by self time');
    for (const f of hot.slice(0, 30)) console.log(`  ${(f.selfMs / seeks).toFixed(2).padStart(6)} self ms/seek  ${f.name}`);
    process.exit(0);
  }
  const events = await traceDuring(page, async () => {
    for (let from = 0, block = 0; from < seeks; from += blockSize, block++) {
      // Both builds seek through the same positions, the one that goes first alternating.
      for (const variant of block % 2 === 0 ? ['base', 'next'] : ['next', 'base']) {
        // Marks in tasks of their own: a task that began before its start mark is not counted.
        await page.evaluate(`performance.mark('${variant}-start')`);
        await page.evaluate(`(async () => { for (const at of ${JSON.stringify(positions.slice(from, from + blockSize))}) await window.costAb.seek('${variant}', at); })()`);
        await page.evaluate(`performance.mark('${variant}-end')`);
      }
    }
  });
  const cpu = cpuByVariant(events);
  const per = (variant: string) => (cpu.get(variant) ?? 0) / seeks;
  console.log(`cost chart alone, ${seeks} seeks each, ${nodes} nodes (load ${loadavg().map((l) => l.toFixed(1)).join(' ')}):`);
  console.log(`  base (${baseRef}) ${per('base').toFixed(2)} ms CPU/seek, this tree ${per('next').toFixed(2)} ms | ${(per('next') / per('base')).toFixed(2)}x`);
} finally {
  await browser.close();
}

/** Main-thread CPU (the tasks' thread time) between each variant's start and end marks, summed per variant. */
function cpuByVariant(events: readonly TraceEvent[]): Map<string, number> {
  const main = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain');
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (!main || (e.pid === main.pid && e.tid === main.tid)));
  const marks = events.filter((e) => /^(base|next)-(start|end)$/.test(e.name)).sort((a, b) => a.ts - b.ts);
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < marks.length; i += 2) {
    const [start, end] = [marks[i], marks[i + 1]];
    if (!start || !end) continue;
    const variant = start.name.split('-')[0] ?? '';
    const inside = tasks.filter((t) => t.ts >= start.ts && t.ts < end.ts);
    out.set(variant, (out.get(variant) ?? 0) + inside.reduce((sum, t) => sum + (t.tdur ?? t.dur ?? 0) / 1000, 0));
  }
  return out;
}
