/**
 * Benchmark 4's 10,000-node load alone, a baseline build against this one, many rounds:
 * two browsers side by side (each warmed by a small run first, as benchmark 4's is), loads
 * alternated between them, and medians at the end. With each load's interactive time it
 * prints when the page asked for the stream and when the overview first drew its marks
 * (the page's own clock), which move less than the whole on a loaded machine.
 * `npx tsx bench/big-graph-ab.ts --base=<dir> [--dir=bench/out/dist] [--nodes=10000] [--rounds=10]
 * [--base-cache=off|on] [--cache=on|off] [--cold]` (build both first). The baseline is served
 * as main's simulator served it (no cache headers) unless `--base-cache=on`. `--cold`: every
 * load in a new browser, nothing kept from an earlier visit.
 */
import { interactiveMs, warmUp } from './browser/big-graph';
import { launchBenchBrowser, liveUrl, type BenchBrowser } from './browser/launch';
import { PHASE_WATCH } from './browser/phase-watch';
import { startBigGraphRun } from '../tests/support/big-graph-run';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const base = arg('base');
if (!base) throw new Error('--base=<dir of the baseline build> is required');
const dir = arg('dir') ?? 'bench/out/dist';
const nodes = Number(arg('nodes') ?? 10_000);
const rounds = Number(arg('rounds') ?? 10);
const cold = process.argv.includes('--cold');
const log = (line: string): void => void process.stdout.write(`${line}\n`);

type Side = Readonly<{ name: string; dir: string; cacheAssets: boolean }>;
type Load = Readonly<{ interactive: number; stream: number; marks: number }>;

const sides: Side[] = [
  { name: 'baseline', dir: base, cacheAssets: arg('base-cache') === 'on' },
  { name: 'new', dir, cacheAssets: arg('cache') !== 'off' },
];

async function open(side: Side): Promise<BenchBrowser> {
  process.env.BENCH_STATIC_DIR = side.dir;
  const browser = await launchBenchBrowser({ cacheAssets: side.cacheAssets });
  if (!cold) await warmUp(browser, () => {});
  return browser;
}

async function load(browser: BenchBrowser): Promise<Load> {
  const run = startBigGraphRun(browser.sim, `storm~ab${nodes}-${Date.now()}`, nodes);
  const page = await browser.newPage();
  await page.addInitScript(PHASE_WATCH);
  const interactive = await interactiveMs(page, liveUrl(browser.sim, 'shannon', run.runId));
  const phases = await page.evaluate(() => (window as unknown as { __phases: Record<string, number> }).__phases);
  await page.close();
  const stream = Object.entries(phases).find(([name]) => name.startsWith('fetch sse'))?.[1] ?? NaN;
  return { interactive, stream, marks: phases['marks drawn'] ?? NaN };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const fmt = (l: Load) => `${l.interactive} ms (stream ${l.stream.toFixed(0)}, marks ${l.marks.toFixed(0)})`;

log(`${nodes} nodes, ${cold ? 'cold' : 'warm'} browsers; ${sides.map((s) => `${s.name} ${s.dir}${s.cacheAssets ? ' cached' : ''}`).join(' against ')}`);
const browsers = cold ? [] : await Promise.all(sides.map(open));
const loads: Load[][] = [[], []];
try {
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always follows the other's load.
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const side = sides[i] as Side;
      const browser = browsers[i] ?? (await open(side));
      try {
        (loads[i] as Load[]).push(await load(browser));
      } finally {
        if (cold) await browser.close();
      }
    }
    const [a, b] = loads.map((l) => l[round] as Load) as [Load, Load];
    log(`round ${round + 1}: baseline ${fmt(a)} | new ${fmt(b)} | ratio ${(b.interactive / a.interactive).toFixed(2)}`);
  }
} finally {
  for (const browser of browsers) await browser.close();
}
const [a, b] = loads as [Load[], Load[]];
const ratios = a.map((l, i) => (b[i]?.interactive ?? NaN) / l.interactive);
log(`medians: baseline ${median(a.map((l) => l.interactive))} ms (stream ${median(a.map((l) => l.stream)).toFixed(0)}, marks ${median(a.map((l) => l.marks)).toFixed(0)}) | new ${median(b.map((l) => l.interactive))} ms (stream ${median(b.map((l) => l.stream)).toFixed(0)}, marks ${median(b.map((l) => l.marks)).toFixed(0)}) | ratio median ${median(ratios).toFixed(2)}, range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`);
