/**
 * Benchmark 4's big-graph load on one clock, from a Chromium trace: every request (sent,
 * answered, finished), the page's phase marks (browser/phase-watch.ts) and each task of
 * the main thread and of the workers over `--min` ms with its biggest parts — so a gap
 * between the chunks, the stream and the first marks can be told apart (waiting on the
 * network, or busy). Evidence, not a figure; the tracer slows the page.
 * `npx tsx bench/load-waterfall.ts [--nodes=10000] [--dir=bench/out/dist] [--warm] [--min=4]`
 * (build first; `--minify false` for readable function names). `--replay[=frames]`: a keyframed
 * diverse recording opened by `?replay=` (benchmark 10's open) instead of the big graph;
 * add `--plain` for the plain recording.
 */
import { interactiveMs, warmUp } from './browser/big-graph';
import type { Page } from 'playwright-core';

import { launchBenchBrowser, liveUrl, type BenchBrowser } from './browser/launch';
import { PHASE_WATCH } from './browser/phase-watch';
import { atEnd, serve } from './browser/replay-open';
import { traceDuring, type TraceEvent } from './browser/trace-long-tasks';
import { benchRecording, keyframedTwin } from './lib/replay-recordings';
import { startBigGraphRun } from '../tests/support/big-graph-run';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
process.env.BENCH_STATIC_DIR = arg('dir') ?? 'bench/out/dist';
const nodes = Number(arg('nodes') ?? 10_000);
const replayArg = process.argv.find((a) => a === '--replay' || a.startsWith('--replay='));
const replayFrames = replayArg === undefined ? undefined : Number(replayArg.split('=')[1] ?? 100_000);
const minMs = Number(arg('min') ?? 4);
const log = (line: string): void => void process.stdout.write(`${line}\n`);

type Data = { url?: string; requestId?: string; functionName?: string; fromCache?: boolean; encodedDataLength?: number; name?: string };
const dataOf = (e: TraceEvent) => (e.args as { data?: Data } | undefined)?.data ?? {};
// Declared before the top-level await below runs the load.
const PARTS = new Set(['FunctionCall', 'EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'TimerFire', 'FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'Paint', 'MajorGC', 'MinorGC', 'ParseHTML', 'v8.compile', 'v8.parseOnBackground', 'RunMicrotasks', 'EventDispatch', 'v8.run', 'ParseAuthorStyleSheet']);
const short = (url = '') => url.split('/').pop()?.split('?')[0]?.slice(0, 48) ?? '';

const browser = await launchBenchBrowser();
try {
  if (process.argv.includes('--warm')) await warmUp(browser, log);
  const page = await browser.newPage();
  await page.addInitScript(PHASE_WATCH);
  await page.goto('about:blank');
  let interactive = 0;
  const open = replayFrames === undefined ? bigGraphOpen(browser) : await replayOpen(browser, replayFrames);
  const events = await traceDuring(page, async () => void (interactive = await open.interactive(page)));
  log(`interactive ${interactive} ms (under the tracer)`);
  for (const line of timeline(events, open.navigation)) log(line);
} finally {
  await browser.close();
}

type Open = Readonly<{ navigation: RegExp; interactive: (page: Page) => Promise<number> }>;

function bigGraphOpen(browser: BenchBrowser): Open {
  const run = startBigGraphRun(browser.sim, `storm~waterfall${nodes}-${Date.now()}`, nodes);
  return { navigation: /[?&]run=storm/, interactive: (page) => interactiveMs(page, liveUrl(browser.sim, 'shannon', run.runId)) };
}

async function replayOpen(browser: BenchBrowser, frames: number): Promise<Open> {
  const plain = benchRecording('diverse', frames);
  const served = serve(process.argv.includes('--plain') ? plain : await keyframedTwin(plain), process.env.BENCH_STATIC_DIR);
  const interactive = async (page: Page) => {
    const started = Date.now();
    await page.goto(`${browser.sim.url}/?replay=${encodeURIComponent(served)}`);
    await page.waitForFunction(atEnd, plain.frames, { timeout: 120_000, polling: 50 }).catch(async (error: unknown) => {
      throw new Error(`not at the end: ${(await page.innerText('body')).slice(0, 400)}`, { cause: error });
    });
    return Date.now() - started;
  };
  return { navigation: /[?&]replay=/, interactive };
}

function timeline(events: readonly TraceEvent[], navigation: RegExp): string[] {
  const threads = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, (e.args as { name?: string } | undefined)?.name ?? '');
  const nav = events.find((e) => e.name === 'ResourceSendRequest' && navigation.test(dataOf(e).url ?? ''));
  const origin = nav?.ts ?? 0;
  const rows: [number, string][] = [];
  const at = (ts: number) => ((ts - origin) / 1000).toFixed(0).padStart(5);
  const urls = new Map<string, string>();
  for (const e of events) {
    const d = dataOf(e);
    if (e.name === 'ResourceSendRequest') {
      urls.set(d.requestId ?? '', short(d.url));
      rows.push([e.ts, `${at(e.ts)}  → ${short(d.url)}`]);
    } else if (e.name === 'ResourceReceiveResponse') rows.push([e.ts, `${at(e.ts)}    ← ${urls.get(d.requestId ?? '') ?? '?'}${d.fromCache ? ' (cache)' : ''}`]);
    else if (e.name === 'ResourceFinish') rows.push([e.ts, `${at(e.ts)}    ✓ ${urls.get(d.requestId ?? '') ?? '?'} ${d.encodedDataLength ?? ''}`]);
    else if (e.name.startsWith('phase ')) rows.push([e.ts, `${at(e.ts)}  ★ ${e.name.slice(6)}`]);
  }
  for (const task of events.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) / 1000 >= minMs)) {
    const thread = threads.get(`${task.pid}:${task.tid}`) ?? '';
    if (thread !== 'CrRendererMain' && !/Worker/i.test(thread)) continue;
    const who = thread === 'CrRendererMain' ? 'main' : 'worker';
    rows.push([task.ts, `${at(task.ts)}  ${who} ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${partsOf(events, task).join(', ')}`]);
  }
  return rows.filter(([ts]) => ts >= origin).sort((a, b) => a[0] - b[0]).map(([, line]) => line);
}

function partsOf(events: readonly TraceEvent[], task: TraceEvent): string[] {
  const end = task.ts + (task.dur ?? 0);
  const parts = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== task.pid || e.tid !== task.tid || e.ts < task.ts || e.ts >= end || !PARTS.has(e.name)) continue;
    const d = dataOf(e);
    const key = e.name === 'FunctionCall' ? `${d.functionName || '(anon)'} ${short(d.url)}` : e.name.startsWith('v8.') || e.name === 'EvaluateScript' ? `${e.name} ${short(d.url ?? (e.args as { fileName?: string } | undefined)?.fileName)}` : e.name;
    parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([key, ms]) => `${key} ${ms.toFixed(0)}`);
}
