/**
 * `npm run bench` — the benchmarks of issues 8, 15, 16 and 23, one table at the end: figure,
 * budget, peer or limit, met. `npm run bench -- --quick` runs reduced sizes (iteration
 * only; its figures are not the published ones). `--only=1,3` runs a subset; `--dialects=tolky,agui`
 * limits benchmark 1 to some dialects (iteration only).
 * Benchmarks are not tests: nothing here runs in `npm test`, and nothing asserts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { DIALECTS } from '@/protocol/dialects';

import { benchBigGraph } from './browser/big-graph';
import { BENCH_DIST } from './browser/launch';
import { benchLiveRender } from './browser/live-render';
import { benchOverviewCandidates } from './browser/overview-candidates';
import { benchReplayBrowser } from './browser/replay-open';
import { benchBundle } from './bundle';
import { benchCompare } from './compare';
import { benchDurations } from './durations';
import { benchIngest } from './ingest';
import { nodeBundle } from './lib/node-bundle';
import { printTable, type BenchOptions, type BenchRow } from './lib/report';
import { benchMemory } from './memory';
import { benchPeer } from './peer';
import { benchReplay } from './replay';

const quick = process.argv.includes('--quick');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const log = (line: string) => process.stdout.write(`${line}\n`);
const dialectArg = process.argv.find((a) => a.startsWith('--dialects='));
const mixed = process.argv.includes('--mixed');
const options: BenchOptions = { quick, log, mixed, ...(dialectArg ? { dialects: dialectArg.slice(11).split(',') } : {}) };

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the app into bench/out/dist when missing or older than src/ (never touches dist/). */
function ensureBuild() {
  const index = join(BENCH_DIST, 'index.html');
  // The manifest is benchmark 7's chunk graph (bench/bundle.ts).
  const manifest = join(BENCH_DIST, '.vite', 'manifest.json');
  if (existsSync(index) && existsSync(manifest) && statSync(index).mtimeMs >= Math.max(newestMtime('src'), statSync('index.html').mtimeMs)) return;
  log('building the app into bench/out/dist …');
  execFileSync('npx', ['vite', 'build', '--outDir', BENCH_DIST, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
}

const BENCHES: readonly (readonly [string, (o: BenchOptions) => BenchRow[] | Promise<BenchRow[]>])[] = [
  ['1', benchIngest],
  ['2', benchPeer],
  ['3', benchLiveRender],
  ['4', benchBigGraph],
  ['5', benchReplay],
  ['6', benchMemory],
  ['7', benchBundle],
  ['8', benchOverviewCandidates],
  ['9', benchDurations],
  ['10', benchReplayBrowser],
  ['11', benchCompare],
];

const child = process.argv.find((a) => a.startsWith('--child='))?.slice(8);
/** This script bundled (bench/lib/node-bundle.ts says why); each benchmark runs from it. */
let bundle = '';
const ROWS_MARK = 'BENCH_ROWS ';

if (child) {
  // One benchmark in this process: its rows go back to the parent on one marked line.
  const bench = BENCHES.find(([id]) => id === child)?.[1];
  const rows = bench ? await bench(options) : [];
  process.stdout.write(`${ROWS_MARK}${JSON.stringify(rows)}\n`);
} else {
  ensureBuild();
  bundle = nodeBundle('bench/run-all.ts');
  const rows: BenchRow[] = [];
  for (const [id] of BENCHES) {
    if (only && !only.includes(id)) continue;
    const started = Date.now();
    for (const dialects of childDialects(id)) rows.push(...runIsolated(id, dialects));
    log(`-- benchmark ${id} took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  log('');
  printTable(rows, log);
}

/**
 * Benchmark 1 runs each dialect in a process of its own: in one process after the other five,
 * Shannon measured 0.10–0.20× JSON.parse where alone it measures ~0.5× (the JIT's view of the
 * shared zod and ingest code, and the heap, are what the earlier dialects left behind), so
 * the figure would be the order's, not the dialect's. Then one more process runs the chosen
 * dialects together (`--mixed`): a tab watching several protocols is that case, and it has
 * rows of its own. Other benchmarks: one process each.
 */
function childDialects(id: string): string[][] {
  if (id !== '1') return [dialectArg ? [dialectArg] : []];
  const alone = dialectArg ? dialectArg.slice(11).split(',') : Object.keys(DIALECTS);
  const together = alone.length > 1 ? [[...(dialectArg ? [dialectArg] : []), '--mixed']] : [];
  return [...alone.map((dialect) => [`--dialects=${dialect}`]), ...together];
}

/**
 * Each benchmark runs in its own Node process with a large heap, so one benchmark running out
 * of memory does not cost the table the other six, from the bundle of this script.
 */
function runIsolated(id: string, extra: readonly string[]): BenchRow[] {
  const args = [bundle, `--child=${id}`, ...(quick ? ['--quick'] : []), ...extra];
  const result = spawnSync(process.execPath, args, {
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim() },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let rows: BenchRow[] | undefined;
  for (const line of (result.stdout ?? '').split('\n')) {
    if (line.startsWith(ROWS_MARK)) rows = JSON.parse(line.slice(ROWS_MARK.length)) as BenchRow[];
    else if (line) log(line);
  }
  if (rows) return rows;
  const why = result.signal ? `killed by ${result.signal}` : `exited with ${result.status}`;
  return [{ bench: `${id} (failed to run)`, figure: why, budget: '', met: false }];
}
