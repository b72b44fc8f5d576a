/**
 * Screenshots of the canvas as a person meets it (issues 14 and 15), from the built app
 * (`npx vite build` first) against an in-process simulator:
 *   `npx tsx scripts/screenshot-canvas.ts [out-dir] [shot...]`
 * Shots: big-out (the 10,000-node graph zoomed out), big-mid (zoomed until the overview draws
 * boxes, short of React Flow's nodes), big-in (zoomed in on it), relavium
 * (a relavium fan-out: no edges in the stream), expanded (a tolky fan-out after "Expand"),
 * each at 1024×700 and 1920×1080, light and dark. Default: all of them into bench/out/shots.
 * SHOT_NODES=50000 draws the big graph with that many steps (statuses scaled along).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { startBrowserHarness, type BrowserHarness } from '../tests/e2e/browser';
import { startBigGraphRun } from '../tests/support/big-graph-run';

const ALL_SIZES = { 1024: { width: 1024, height: 700 }, 1920: { width: 1920, height: 1080 } } as const;
// SHOT_SIZE=1920 takes one size only.
const SIZES = process.env.SHOT_SIZE ? { [process.env.SHOT_SIZE]: ALL_SIZES[Number(process.env.SHOT_SIZE) as keyof typeof ALL_SIZES] } : ALL_SIZES;
const THEMES = ['light', 'dark'] as const;
const SHOTS = ['big-out', 'big-mid', 'big-in', 'relavium', 'expanded'] as const;
type Shot = (typeof SHOTS)[number];

const [outDir = 'bench/out/shots', ...wanted] = process.argv.slice(2);
const BIG = Number(process.env.SHOT_NODES ?? 10_000);
const scale = BIG / 10_000;
const shots = (wanted.length > 0 ? wanted : SHOTS) as readonly Shot[];
mkdirSync(outDir, { recursive: true });

async function open(harness: BrowserHarness, page: Page, shot: Shot): Promise<void> {
  const url = harness.sim.url;
  if (shot.startsWith('big-')) {
    const run = startBigGraphRun(harness.sim, `shot~big-${Date.now()}`, BIG);
    await page.goto(`${url}/?${new URLSearchParams({ dialect: 'shannon', url, run: run.runId }).toString()}`);
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-testid="graph-overview"]')?.dataset.drawn ?? 0) > 0, undefined, { timeout: 60_000 });
    // Statuses after the page is live: Shannon's backend keeps only its last ~256 events for a late joiner.
    run.emit(Array.from({ length: 3_000 * scale }, (_, i) => ({ op: 'node.done' as const, node: `t${i}`, output: {} })));
    run.emit(Array.from({ length: 40 }, (_, i) => ({ op: 'node.fail' as const, node: `t${Math.round((3_000 + i * 97) * scale)}`, error: 'rate limited', willRetry: false })));
    run.emit(Array.from({ length: 40 }, (_, i) => ({ op: 'node.skip' as const, node: `t${Math.round((3_050 + i * 89) * scale)}`, reason: 'not needed' })));
    await page.getByTestId('overview-legend').getByText('failed').waitFor({ timeout: 20_000 });
    if (shot === 'big-in') await zoomIn(page);
    if (shot === 'big-mid') await zoomToBoxes(page);
    return;
  }
  const dialect = shot === 'relavium' ? 'relavium' : 'tolky';
  await page.goto(`${url}/?${new URLSearchParams({ dialect, url, run: `fanout~shot-${Date.now()}` }).toString()}`);
  await page.getByText('Run succeeded').first().waitFor({ timeout: 30_000 });
  if (shot === 'expanded') await page.getByRole('button', { name: /^Expand / }).first().click();
}

/** Wheel-zooms into the graph's middle until React Flow draws the steps themselves. */
async function zoomIn(page: Page): Promise<void> {
  const box = await page.locator('.react-flow__pane').boundingBox();
  if (!box) return;
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.6);
  for (let i = 0; i < 40 && (await page.locator('.react-flow__node').count()) === 0; i++) {
    await page.mouse.wheel(0, -200);
    await page.waitForTimeout(60);
  }
  await page.mouse.wheel(0, -200);
  await page.locator('.react-flow__node').first().waitFor({ timeout: 10_000 });
}

/** Wheel-zooms in until the overview draws boxes (a node 12 px high or more), before React Flow takes over. */
async function zoomToBoxes(page: Page): Promise<void> {
  const box = await page.locator('.react-flow__pane').boundingBox();
  if (!box) return;
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.6);
  const zoom = () => page.evaluate(() => Number(/scale\(([-\d.]+)\)/.exec(document.querySelector<HTMLElement>('.react-flow__viewport')?.style.transform ?? '')?.[1] ?? 0));
  for (let i = 0; i < 60 && (await zoom()) < 0.15; i++) {
    await page.mouse.wheel(0, -100);
    await page.waitForTimeout(60);
  }
}

const harness = await startBrowserHarness({ timeScale: 0.2 });
try {
  for (const shot of shots) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const theme of THEMES) {
        const page = await harness.newPage({ colorScheme: theme });
        await page.setViewportSize(viewport);
        await open(harness, page, shot);
        await page.waitForTimeout(800);
        const file = join(outDir, `canvas-${shot}-${size}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(file);
        await page.close();
      }
    }
  }
} finally {
  await harness.close();
}
