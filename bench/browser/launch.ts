/**
 * Headless Chromium for the browser benchmarks, launched the way the browser tests do
 * (tests/e2e/browser.ts: Debian's /usr/bin/chromium through playwright-core), against the
 * simulator serving the app built into bench/out/dist (its own build, so a benchmark never
 * races a test run rebuilding dist/).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { chromium, type BrowserContext, type Page } from 'playwright-core';

import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { CHROMIUM_ARGS } from '../../tests/e2e/browser';

export const BENCH_DIST = 'bench/out/dist';

export type BenchBrowser = Readonly<{ sim: SimulatorHandle; context: BrowserContext; newPage: () => Promise<Page>; close: () => Promise<void> }>;

/**
 * `cacheAssets: false` (or BENCH_STATIC_CACHE=off) serves the app as the simulator did before
 * it let the browser keep hashed assets: a baseline for the big-graph A/B.
 */
export async function launchBenchBrowser(options: { cacheAssets?: boolean } = {}): Promise<BenchBrowser> {
  const cacheAssets = options.cacheAssets ?? process.env.BENCH_STATIC_CACHE !== 'off';
  const sim = await startSimulator({ timeScale: 0.1, staticDir: resolve(process.env.BENCH_STATIC_DIR ?? BENCH_DIST), cacheAssets });
  const profile = mkdtempSync(join(tmpdir(), 'runboard-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
  });
  return {
    sim,
    context,
    newPage: () => context.newPage(),
    async close() {
      await context.close();
      await sim.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export function liveUrl(sim: SimulatorHandle, dialect: string, run: string): string {
  return `${sim.url}/?${new URLSearchParams({ dialect, url: sim.url, run }).toString()}`;
}

/** Installs rAF-delta and long-task recorders in the page (read back with `readProbe`). */
export const PROBE_SCRIPT = `
  window.__bench = { frames: [], longTasks: [], latencies: [], seen: new Set(), recording: false };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (window.__bench.recording) window.__bench.longTasks.push(e.duration); })
    .observe({ type: 'longtask', buffered: false });
  let last = performance.now();
  const tick = (now) => {
    const b = window.__bench;
    if (b.recording) b.frames.push(now - last);
    last = now;
    if (b.recording && b.probeSelector) {
      const el = document.querySelector(b.probeSelector);
      const text = el ? el.textContent || '' : '';
      const wall = Date.now();
      for (const m of text.matchAll(/@(\\d{13})/g)) {
        if (b.seen.has(m[1])) continue;
        b.seen.add(m[1]);
        b.latencies.push(wall - Number(m[1]));
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

export type Probe = { frames: number[]; longTasks: number[]; latencies: number[] };

export async function startRecording(page: Page, probeSelector?: string): Promise<void> {
  await page.evaluate((selector) => {
    const b = (window as unknown as { __bench: { recording: boolean; probeSelector?: string; frames: number[]; longTasks: number[] } }).__bench;
    b.frames = [];
    b.longTasks = [];
    if (selector) b.probeSelector = selector;
    b.recording = true;
  }, probeSelector);
}

export async function stopRecording(page: Page): Promise<Probe> {
  return page.evaluate(() => {
    const b = (window as unknown as { __bench: Probe & { recording: boolean } }).__bench;
    b.recording = false;
    return { frames: b.frames, longTasks: b.longTasks, latencies: b.latencies };
  });
}

/** The viewport's zoom, read from React Flow's transform. */
export async function viewportZoom(page: Page): Promise<number> {
  return page.evaluate(() => Number(/scale\(([-\d.]+)\)/.exec(document.querySelector<HTMLElement>('.react-flow__viewport')?.style.transform ?? '')?.[1] ?? 1));
}

/**
 * Wheel-zooms in over a node until the view reaches `zoom`: streamed text shows on a node
 * only when it is drawn large enough to read (FAR_ZOOM), as a person watching it would.
 * While the node is only a mark on a big graph's overview, zooms over its mark: the node
 * must be the selected one (`&node=`), whose place the overview canvas states.
 */
export async function zoomToNode(page: Page, nodeId: string, zoom: number): Promise<void> {
  const node = page.locator(`.react-flow__node[data-id="${nodeId}"]`);
  for (let i = 0; i < 40 && ((await viewportZoom(page)) < zoom || (await node.count()) === 0); i++) {
    const at = (await node.count()) > 0 ? centreOf(await node.boundingBox()) : await selectedMark(page);
    if (!at) throw new Error(`node ${nodeId} is not drawn`);
    await page.mouse.move(at.x, at.y);
    await page.mouse.wheel(0, -150);
    await page.waitForTimeout(80);
  }
}

const centreOf = (box: { x: number; y: number; width: number; height: number } | null) => (box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : undefined);

async function selectedMark(page: Page): Promise<{ x: number; y: number } | undefined> {
  const canvas = page.getByTestId('graph-overview');
  const [box, at] = await Promise.all([canvas.boundingBox(), canvas.getAttribute('data-selected-at')]);
  const [x, y] = (at ?? '').split(',').map(Number);
  return box && x !== undefined && y !== undefined && at ? { x: box.x + x, y: box.y + y } : undefined;
}

/** The graph is drawn: React Flow nodes, or the overview canvas' marks. */
export const graphDrawn = () =>
  document.querySelector('.react-flow__node') !== null || Number(document.querySelector<HTMLElement>('[data-testid="graph-overview"]')?.dataset.drawn ?? 0) > 0;
