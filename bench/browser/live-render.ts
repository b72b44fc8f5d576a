/**
 * Benchmark 3 — live render: the relavium backend streams 2,000 events/s (tokens spread
 * over 20 running nodes of a 200-node run) for 30 s into the built app in headless
 * Chromium. In the page: requestAnimationFrame deltas, long tasks (PerformanceObserver)
 * and event-to-screen latency: every 50 ms the probe node's token carries its send time
 * (`@<epoch ms>`), read back from the node's text in the next animation frame (browser
 * and simulator share one clock on this machine).
 */
import { createRelaviumEncoder, type RelaviumWire } from '@/simulator/backends/relavium-encoder';
import type { SimStep } from '@/simulator/engine/scenario';

import { ms, percentile, type BenchOptions, type BenchRow } from '../lib/report';
import { StormRun } from '../lib/storm-run';
import { launchBenchBrowser, liveUrl, PROBE_SCRIPT, startRecording, stopRecording } from './launch';

const NODES = 200;
const RUNNING = 20;
const RATE = 2_000;
const TICK_MS = 10;

const id = (i: number) => `n${String(i).padStart(3, '0')}`;

function prelude(): SimStep[] {
  const steps: SimStep[] = [{ op: 'run.start', title: 'Live render storm' }];
  steps.push({ op: 'plan', nodes: Array.from({ length: NODES }, (_, i) => ({ id: id(i), label: `Step ${i}`, kind: 'agent' })), edges: [] });
  for (let i = 0; i < NODES; i++) steps.push({ op: 'node.start', node: id(i) });
  for (let i = 0; i < NODES - RUNNING; i++) steps.push({ op: 'node.done', node: id(i), output: { ok: true } });
  return steps;
}

export async function benchLiveRender({ quick, log }: BenchOptions): Promise<BenchRow[]> {
  const seconds = quick ? 8 : 30;
  const browser = await launchBenchBrowser();
  try {
    const run = new StormRun<RelaviumWire>('storm~live', createRelaviumEncoder()).register(browser.sim, 'relavium');
    run.emit(prelude());
    const page = await browser.newPage();
    await page.addInitScript(PROBE_SCRIPT);
    await page.goto(liveUrl(browser.sim, 'relavium', run.runId));
    await page.locator('.react-flow__node').first().waitFor({ timeout: 20_000 });
    const probe = id(NODES - RUNNING);
    await startRecording(page, `.react-flow__node[data-id="${probe}"]`);
    let sent = 0;
    let tick = 0;
    const perTick = (RATE * TICK_MS) / 1000;
    const started = Date.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        // Catch up with the wall clock so timer jitter does not lower the rate.
        const due = Math.floor(((Date.now() - started) / 1000) * RATE) - sent;
        const steps: SimStep[] = [];
        for (let i = 0; i < Math.max(due, perTick); i++) {
          const node = id(NODES - RUNNING + (i % RUNNING));
          const text = i === 0 && tick % 5 === 0 ? `@${Date.now()} ` : 'word ';
          steps.push({ op: 'tokens', node: i === 0 ? probe : node, text });
        }
        tick += 1;
        sent += run.emit(steps);
        if (Date.now() - started >= seconds * 1000) {
          clearInterval(timer);
          resolve();
        }
      }, TICK_MS);
    });
    await page.waitForTimeout(300);
    const result = await stopRecording(page);
    const actualRate = sent / ((Date.now() - started - 300) / 1000);
    const p95 = percentile(result.frames, 95);
    const longest = Math.max(0, ...result.longTasks);
    const latency = percentile(result.latencies, 95);
    log(`live: ${sent} events in ${seconds} s (${actualRate.toFixed(0)}/s), ${result.frames.length} frames, p50 ${ms(percentile(result.frames, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...result.frames))}; long tasks ${result.longTasks.length} (max ${ms(longest)}); latency samples ${result.latencies.length}, p50 ${ms(percentile(result.latencies, 50))}, p95 ${ms(latency)}`);
    return [
      { bench: `3 live ${RATE}/s × ${seconds} s, frame p95`, figure: `${ms(p95)} (p50 ${ms(percentile(result.frames, 50))}, ${result.frames.length} frames)`, budget: '≤ 16.7 ms', met: p95 <= 16.7 },
      { bench: '3 live longest task', figure: `${ms(longest)} (${result.longTasks.length} long tasks > 50 ms)`, budget: '≤ 100 ms', met: longest <= 100 },
      {
        bench: '3 live event-to-screen p95',
        figure: result.latencies.length > 0 ? `${ms(latency)} (p50 ${ms(percentile(result.latencies, 50))}, ${result.latencies.length} samples)` : 'not measured (probe node not drawn)',
        budget: '≤ 100 ms',
        met: result.latencies.length > 0 ? latency <= 100 : false,
      },
    ];
  } finally {
    await browser.close();
  }
}
