/**
 * The overview's nodes are a cached bitmap (marks-layer.ts): only changed marks are drawn
 * again. Read from the canvas' own pixels in real Chromium: a step's mark takes its new
 * status's colour after the event, a neighbour's patch leaves it alone, the copy moved by a
 * pan is patched where the mark now is, and no trace of a finished step's larger "running"
 * mark is left behind.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { STATUS_INK } from '@/features/canvas/status-style';

import { startBigGraphRun } from '../support/big-graph-run';
import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';
import { unhover } from './graph-pointer';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

type Rgb = readonly [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
const INK = STATUS_INK.light;

/** The overview canvas' pixel (r, g, b, a) under a flow-coordinate point, through the viewport's transform. */
const inkAt = (page: Page, x: number, y: number) =>
  page.evaluate(([fx, fy]) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="graph-overview"]')!;
    const [, tx, ty, zoom] = /translate\(([-\d.]+)px, ?([-\d.]+)px\) scale\(([-\d.]+)\)/
      .exec(document.querySelector<HTMLElement>('.react-flow__viewport')!.style.transform)!
      .map(Number);
    const dpr = canvas.width / canvas.getBoundingClientRect().width;
    const px = Math.floor((fx! * zoom! + tx!) * dpr);
    const py = Math.floor((fy! * zoom! + ty!) * dpr);
    return [...canvas.getContext('2d')!.getImageData(px, py, 1, 1).data];
  }, [x, y] as const);

/** How many of the canvas' pixels are (about) `color`, anti-aliased rims included. */
const countInk = (page: Page, color: Rgb) =>
  page.evaluate(([r, g, b]) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="graph-overview"]')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 40 && Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) < 60) n++;
    return n;
  }, color);

const near = (pixel: readonly number[], color: Rgb) => pixel[3] === 255 && color.every((c, i) => Math.abs((pixel[i] ?? 0) - c) <= 8);

/** Waits (frame by frame) until the pixel at the flow point is `color`; returns whether it became so. */
async function becomes(page: Page, x: number, y: number, color: Rgb): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if (near(await inkAt(page, x, y), color)) return true;
    await page.waitForTimeout(25);
  }
  return false;
}


/** t0 is the DAG's root: layer 0, first row, its box 240 × 120 at the layout's origin. */
const T0 = [120, 60] as const;

describe('the overview draws a changed status into its cached marks', () => {
  test('a mark takes its new colour, neighbours keep theirs, a panned copy is patched in place', async () => {
    const page = await harness.newPage();
    const run = startBigGraphRun(harness.sim, `storm~e2e-marks-${Date.now()}`, 2_000);
    await page.goto(liveUrl(harness.sim, 'shannon', run.runId));
    await page.getByRole('region', { name: 'Graph legend' }).getByText('2,000 steps').waitFor({ timeout: 60_000 });
    await unhover(page);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="graph-overview"]')?.dataset.edges === 'exact', undefined, { timeout: 20_000 });

    // t0..t9 run: t0's mark is the running dot.
    expect(near(await inkAt(page, ...T0), rgb(INK.running))).toBe(true);
    expect(await countInk(page, rgb(INK.running))).toBeGreaterThan(0);

    run.emit([{ op: 'node.done', node: 't0', output: {} }]);
    expect(await becomes(page, ...T0, rgb(INK.succeeded))).toBe(true);

    // A neighbour's change redraws only around it: t0 keeps its colour, t1 shows its failure.
    run.emit([{ op: 'node.fail', node: 't1', error: 'boom', willRetry: false }]);
    await page.waitForFunction(() => document.querySelector('[data-testid="overview-legend"] [data-status="failed"]')?.textContent?.includes('1'), undefined, { timeout: 10_000 });
    for (let i = 0; i < 200 && (await countInk(page, rgb(INK.failed))) === 0; i++) await page.waitForTimeout(25);
    expect(await countInk(page, rgb(INK.failed))).toBeGreaterThan(0);
    expect(near(await inkAt(page, ...T0), rgb(INK.succeeded))).toBe(true);

    // A pan moves the cached copy; what changes after it is drawn where the marks now are.
    const box = (await page.locator('.react-flow__pane').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2 + 60, { steps: 5 });
    await page.mouse.up();
    await unhover(page);
    expect(await becomes(page, ...T0, rgb(INK.succeeded))).toBe(true);
    run.emit(['t2', 't3', 't4', 't5', 't6', 't7', 't8', 't9'].map((node) => ({ op: 'node.done' as const, node, output: {} })));
    // Every running mark (drawn larger than a finished one) is gone, rims and all.
    for (let i = 0; i < 200 && (await countInk(page, rgb(INK.running))) > 0; i++) await page.waitForTimeout(25);
    expect(await countInk(page, rgb(INK.running))).toBe(0);

    // And while zoomed (a scaled copy until the view rests), a step that starts shows.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -100);
    await unhover(page);
    run.emit([{ op: 'node.start', node: 't10' }]);
    for (let i = 0; i < 200 && (await countInk(page, rgb(INK.running))) === 0; i++) await page.waitForTimeout(25);
    expect(await countInk(page, rgb(INK.running))).toBeGreaterThan(0);
    await page.close();
  });
});
