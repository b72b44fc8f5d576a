/**
 * The canvas as a person sees it, in real Chromium against the built app: a 10,000-node
 * graph zoomed out is the overview (status marks and a legend, no React Flow node in the
 * page), a click on a mark opens that step's details, zooming in gives React Flow's own
 * nodes; a relavium fan-out (no edges in the stream) says so once and lays the six
 * researchers out side by side in one column.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

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

const overviewDrawn = () => Number(document.querySelector<HTMLElement>('[data-testid="graph-overview"]')?.dataset.drawn ?? 0);

describe('a 10,000-node graph', () => {
  test('zoomed out shows every step as a status mark with a legend; a click opens its details; zooming in gives the steps', async () => {
    const page = await harness.newPage();
    // Counts every React Flow node ever put in the page: zoomed out, the overview draws them all.
    await page.addInitScript(() => {
      const w = window as unknown as { flowNodesMounted: number };
      w.flowNodesMounted = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) w.flowNodesMounted += Number(n.matches('.react-flow__node')) + n.querySelectorAll('.react-flow__node').length;
      }).observe(document, { childList: true, subtree: true });
    });
    const run = startBigGraphRun(harness.sim, `storm~e2e-big-${Date.now()}`, 10_000);
    await page.goto(liveUrl(harness.sim, 'shannon', run.runId));
    await page.waitForFunction(overviewDrawn, undefined, { timeout: 60_000 });
    expect(await page.evaluate(overviewDrawn)).toBe(10_000);
    // Not even for the frame before the first fit, when the view is still at zoom 1.
    expect(await page.evaluate(() => (window as unknown as { flowNodesMounted: number }).flowNodesMounted)).toBe(0);

    // Status changes show in the legend (shape and words per status, with counts).
    run.emit([{ op: 'node.done', node: 't0', output: {} }, { op: 'node.fail', node: 't1', error: 'boom', willRetry: false }]);
    const legend = page.getByRole('region', { name: 'Graph legend' });
    await legend.getByText('10,000 steps').waitFor();
    await legend.locator('[data-status="failed"]').getByText('1').waitFor({ timeout: 10_000 });
    await expect(legend.locator('[data-status="succeeded"]').textContent()).resolves.toContain('succeeded');

    // A zoom that stays zoomed out: edges are a scaled copy while it moves, then drawn sharp
    // (off the main thread), and then nothing more is drawn while nothing changes. The
    // pointer leaves the graph first: a hover is a change (a new mark under it after the zoom).
    const pane = page.locator('.react-flow__pane');
    const box = (await pane.boundingBox())!;
    const viewport = () => document.querySelector<HTMLElement>('.react-flow__viewport')?.style.transform;
    const before = await page.evaluate(viewport);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -100);
    await page.waitForFunction((old) => document.querySelector<HTMLElement>('.react-flow__viewport')?.style.transform !== old, before, { timeout: 10_000 });
    await unhover(page);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="graph-overview"]')?.dataset.edges === 'exact', undefined, { timeout: 10_000 });
    // From here each draw is recorded with the canvas size and view it was drawn at: one at
    // the view and size it rests at is a draw with nothing changed.
    await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="graph-overview"]')!;
      const view = () => `${canvas.width}×${canvas.height} ${document.querySelector<HTMLElement>('.react-flow__viewport')?.style.transform}`;
      const w = window as unknown as { resting: string; draws: string[] };
      w.resting = view();
      w.draws = [];
      new MutationObserver((records) => w.draws.push(...records.map(view))).observe(canvas, { attributes: true, attributeFilter: ['data-drawn'] });
    });
    // A step's progress changes no mark: the canvas already shows what is true.
    run.emit([{ op: 'node.progress', node: 't3', progress: 0.5, message: 'half of the sources read' }]);
    await page.getByText('half of the sources read').first().waitFor();
    await page.waitForTimeout(1_000);
    const drawsAtRest = await page.evaluate(() => {
      const w = window as unknown as { resting: string; draws: string[] };
      return w.draws.filter((drawn) => drawn === w.resting);
    });
    expect(drawsAtRest).toEqual([]);
    expect(await page.evaluate(overviewDrawn)).toBeGreaterThan(0);
    await page.screenshot({ path: 'tests/e2e/screenshots/overview-10k-at-rest.png' });

    // The first step's mark sits at its layout position: find it through the page's own scene.
    const mark = await page.evaluate(() => {
      const transform = document.querySelector<HTMLElement>('.react-flow__viewport')!.style.transform;
      const [, tx, ty, zoom] = /translate\(([-\d.]+)px, ?([-\d.]+)px\) scale\(([-\d.]+)\)/.exec(transform)!.map(Number);
      return { tx: tx!, ty: ty!, zoom: zoom! };
    });
    // t0 is the DAG's root: layer 0, first row, at the layout's origin (0, 0); its box is 240 × 120.
    const x = box.x + (0 + 120) * mark.zoom + mark.tx;
    const y = box.y + (0 + 60) * mark.zoom + mark.ty;
    await page.mouse.move(x, y);
    await page.getByRole('tooltip').getByText('Task 0').waitFor();
    await page.mouse.click(x, y);
    const details = page.getByRole('tabpanel', { name: 'Node details' });
    await details.getByText('Task 0').first().waitFor();

    // Zooming in hands the steps to React Flow: real nodes with their status as text.
    await page.mouse.move(x, y);
    for (let i = 0; i < 40 && (await page.locator('.react-flow__node').count()) === 0; i++) await page.mouse.wheel(0, -300);
    await page.locator('.react-flow__node[data-id="t0"]').waitFor({ timeout: 10_000 });
    await expect(page.locator('.react-flow__node[data-id="t0"]').getAttribute('aria-label')).resolves.toBe('Task 0: succeeded');
    expect(await page.locator('.react-flow__node').count()).toBeLessThan(300);
    expect(await page.evaluate(overviewDrawn)).toBe(0);
    await page.close();
  });
});

describe('a relavium fan-out', () => {
  test('says once that the stream names no dependencies, and shows the researchers side by side', async () => {
    const page = await harness.newPage();
    await page.goto(liveUrl(harness.sim, 'relavium', `fanout~e2e-waves-${Date.now()}`));
    await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
    await expect(page.getByRole('note').filter({ hasText: /no dependencies/i }).count()).resolves.toBe(1);
    await expect(page.getByText(/no known dependencies/).count()).resolves.toBe(0);
    const xOf = async (id: string) => (await page.locator(`.react-flow__node[data-id="${id}"]`).boundingBox())!.x;
    const researchers = await Promise.all(['r1', 'r2', 'r3', 'r4', 'r5', 'r6'].map(xOf));
    expect(new Set(researchers.map(Math.round)).size).toBe(1);
    expect(await xOf('plan')).toBeLessThan(researchers[0]!);
    expect(await xOf('write')).toBeGreaterThan(researchers[0]!);
    await page.close();
  });
});
