/**
 * Benchmark 9 — the duration view with thousands of attempts.
 * Node: the attempt projection reading a 10,000-attempt run's log whole (a replay opening, a
 * tab switch) and the work of one live refresh (the projection reads 200 new rows, the model
 * is rebuilt: what happens at most four times a second). Browser: a relavium run with
 * 5,000 attempts (50 nodes retried 100 times) served into the built app; time from pressing
 * "Durations" to its rows on screen, how many rows the DOM holds (virtualised), and rAF
 * deltas while scrolling.
 */
import type { Page } from 'playwright-core';

import { createRelaviumEncoder, type RelaviumWire } from '@/simulator/backends/relavium-encoder';
import type { SimStep } from '@/simulator/engine/scenario';
import type { RunEvent } from '@/protocol/run-event';
import { EventLog } from '@/stores/event-log';
import { AttemptProjection, readAttempts } from '@/stores';

import { buildDurationModel } from '@/features/durations/duration-model';

import { launchBenchBrowser, liveUrl, PROBE_SCRIPT, startRecording, stopRecording } from './browser/launch';
import { ms, percentile, bestCpuMs, withinFrameBudget, type BenchOptions, type BenchRow } from './lib/report';
import { StormRun } from './lib/storm-run';

/** `nodes` nodes in a chain of layers, every third one retried once: ~1.33 attempts per node. */
function attemptEvents(nodes: number): RunEvent[] {
  const events: RunEvent[] = [{ type: 'run.started', atMs: 0 }];
  const graph = { type: 'graph.defined' as const, nodes: Array.from({ length: nodes }, (_, i) => ({ id: `n${i}`, label: `Step ${i}` })), edges: Array.from({ length: nodes - 1 }, (_, i) => ({ source: `n${Math.floor(i / 4)}`, target: `n${i + 1}` })), atMs: 0 };
  events.push(graph);
  let t = 1;
  for (let i = 0; i < nodes; i++) {
    const nodeId = `n${i}`;
    events.push({ type: 'node.started', nodeId, attempt: 1, atMs: t });
    if (i % 3 === 0) {
      events.push({ type: 'node.retrying', nodeId, attempt: 1, atMs: (t += 5) });
      events.push({ type: 'node.started', nodeId, attempt: 2, atMs: (t += 3) });
    }
    events.push({ type: 'node.completed', nodeId, atMs: (t += 7) });
  }
  return events;
}

function nodeFigures(attempts: number) {
  const nodes = Math.round(attempts / (4 / 3));
  const events = attemptEvents(nodes);
  const log = new EventLog();
  for (const event of events) log.append(event, -1);
  const graph = { nodes: Object.fromEntries(Array.from({ length: nodes }, (_, i) => [`n${i}`, { label: `Step ${i}` }])), edges: (events[1] as Extract<RunEvent, { type: 'graph.defined' }>).edges };
  let count = 0;
  const whole = bestCpuMs(() => {
    const projection = new AttemptProjection();
    projection.advance(log);
    count = buildDurationModel(readAttempts(projection, [], {}), graph, 1e9).rows.length;
  }, 5);
  // One live refresh: the projection has read all but the last 200 rows; time reading them and rebuilding the model.
  const tail = 200;
  let refresh = Infinity;
  for (let run = 0; run < 5; run++) {
    const partial = new EventLog();
    for (const event of events.slice(0, events.length - tail)) partial.append(event, -1);
    const projection = new AttemptProjection();
    projection.advance(partial);
    for (const event of events.slice(-tail)) partial.append(event, -1);
    const start = performance.now();
    projection.advance(partial);
    buildDurationModel(readAttempts(projection, [], {}), graph, 1e9);
    refresh = Math.min(refresh, performance.now() - start);
  }
  return { whole, refresh, count };
}

/**
 * `nodes` nodes of `attempts` attempts each (every attempt but the last fails and is
 * retried). Few nodes on purpose: with thousands of nodes the DAG canvas, not this view,
 * sets the page's frame time (benchmark 4 measures it).
 */
function runSteps(nodes: number, attempts: number): SimStep[] {
  const ids = Array.from({ length: nodes }, (_, i) => `s${i}`);
  const steps: SimStep[] = [
    { op: 'run.start', title: `Durations ${nodes * attempts}` },
    { op: 'plan', nodes: ids.map((id, i) => ({ id, label: `Step ${i}` })), edges: ids.slice(1).map((id, i) => ({ source: ids[i] ?? 's0', target: id })) },
  ];
  for (const node of ids) {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      steps.push({ op: 'node.start', node, attempt });
      steps.push(attempt < attempts ? { op: 'node.fail', node, error: 'flaky', willRetry: true, attempt } : { op: 'node.done', node, output: {} });
    }
  }
  steps.push({ op: 'run.done', output: {} });
  return steps;
}

async function browserFigures(nodes: number, attempts: number, log: (line: string) => void) {
  const browser = await launchBenchBrowser();
  try {
    const run = new StormRun<RelaviumWire>(`storm~durations${nodes}`, createRelaviumEncoder()).register(browser.sim, 'relavium');
    run.emit(runSteps(nodes, attempts));
    const page: Page = await browser.newPage();
    await page.addInitScript(PROBE_SCRIPT);
    await page.goto(liveUrl(browser.sim, 'relavium', run.runId));
    await page.getByText('Run succeeded').first().waitFor({ timeout: 120_000 });
    const started = Date.now();
    await page.getByRole('tab', { name: 'Durations' }).click();
    const list = page.getByRole('listbox', { name: 'Node attempts on a time axis' });
    await list.getByRole('option').first().waitFor({ timeout: 60_000 });
    const open = Date.now() - started;
    const inDom = await list.getByRole('option').count();
    const total = Number((await page.getByText(/attempts · took/).textContent())?.match(/^(\d+)/)?.[1] ?? 0);
    await list.hover();
    await startRecording(page);
    for (let i = 0; i < 60; i++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(16);
    }
    const { frames } = await stopRecording(page);
    log(`durations ${total} attempts: open ${open} ms, ${inDom} rows in the DOM, scroll ${frames.length} frames p95 ${ms(percentile(frames, 95))}`);
    return { open, inDom, total, p95: percentile(frames, 95) };
  } finally {
    await browser.close();
  }
}

export async function benchDurations({ quick, log }: BenchOptions): Promise<BenchRow[]> {
  const attempts = quick ? 2_000 : 10_000;
  const node = nodeFigures(attempts);
  log(`durations model: ${node.count} attempts whole ${ms(node.whole)}, one live refresh (200 rows) ${ms(node.refresh)}`);
  const browser = await browserFigures(50, quick ? 20 : 100, log);
  return [
    { bench: `9 durations: read ${node.count} attempts whole`, figure: ms(node.whole), budget: '≤ 100 ms (a replay seek / tab switch)', met: node.whole <= 100 },
    { bench: '9 durations: one live refresh (200 new rows)', figure: ms(node.refresh), budget: '≤ 16 ms (≤ 4 refreshes/s)', met: node.refresh <= 16 },
    { bench: `9 durations view, ${browser.total} attempts: open the tab`, figure: `${ms(browser.open)} (${browser.inDom} rows in the DOM)`, budget: '≤ 500 ms, rows virtualised', met: browser.open <= 500 && browser.inDom < 100 },
    { bench: '9 durations view: scroll frame p95', figure: ms(browser.p95), budget: '≤ 33 ms', met: withinFrameBudget(browser.p95, 33.3) },
  ];
}
