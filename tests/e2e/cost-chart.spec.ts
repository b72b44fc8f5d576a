/**
 * The cost waterfall in real Chromium, drawn as its marks layer draws it (recharts' axes,
 * grid and tooltip around our bars and running-total line): a bar for every costed node of
 * its table, a y axis in round steps above the total, and a tooltip that says what the
 * table says for the bar pointed at (by pointer or keyboard), gone on Escape. axe and a
 * screenshot in light and dark.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { seriousViolations } from './axe-scan';
import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

const money = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));

/** Moves the pointer over a bar, `down` px below its top (the marks take no pointer events: the chart under them does). */
async function pointAt(page: Page, bar: Locator, down: number): Promise<void> {
  const box = await bar.boundingBox();
  if (!box) throw new Error('the bar has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(down, box.height / 2));
}

test('a bar per costed node, round y steps above the total, and a tooltip that agrees with the table', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'fanout~cost-chart'));
  await page.getByText('Run succeeded').first().waitFor({ timeout: 30_000 });
  const figure = page.getByRole('figure', { name: /^Cost waterfall/ });
  await figure.waitFor();
  const rows = await page
    .getByRole('table', { name: 'Cost by node, in order of completion' })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
  expect(rows.length).toBeGreaterThan(2);

  const bars = figure.locator('g.waterfall-marks rect');
  const costed = rows.filter(([, cost]) => money(cost ?? '') !== 0).length;
  await expect(bars.count()).resolves.toBe(costed);
  const sizes = await bars.evaluateAll((rects) => rects.map((r) => [Number(r.getAttribute('width')), Number(r.getAttribute('height'))]));
  expect(sizes.every(([w, h]) => (w ?? 0) > 0 && (h ?? 0) > 0)).toBe(true);
  await expect(figure.locator('g.waterfall-marks path').getAttribute('d')).resolves.toMatch(/^M[\d.]+,[\d.]+H/);

  // The y axis' labels: even steps, the top one at or above the running total.
  const yLabels = await figure.locator('text[text-anchor="end"]').allTextContents();
  const steps = yLabels.map(money);
  const gaps = steps.slice(1).map((v, i) => Number((v - (steps[i] ?? 0)).toFixed(6)));
  expect(new Set(gaps).size, yLabels.join(' ')).toBe(1);
  expect(steps.at(-1)).toBeGreaterThanOrEqual(money(rows.at(-1)?.[2] ?? ''));

  const middle = Math.floor(rows.length / 2);
  await pointAt(page, bars.nth(middle), 100);
  const tooltip = figure.locator('.recharts-tooltip-wrapper');
  const [label, cost, running] = rows[middle] ?? [];
  await expect.poll(() => tooltip.textContent()).toBe(`${label}Node cost: ${cost}Running total: ${running}`);
  await page.screenshot({ path: 'tests/e2e/screenshots/cost-chart-light.png' });
  await page.keyboard.press('Escape');
  await expect.poll(() => tooltip.textContent()).toBe('');

  // Dismissed for that bar only: another bar brings it back (at the bar's top, where the line runs).
  for (const [colorScheme, bar] of [['light', middle - 1], ['dark', middle + 1]] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await pointAt(page, bars.nth(bar), 1);
    await expect.poll(() => tooltip.textContent()).toContain('Running total');
    await expect(seriousViolations(page, `cost chart ${colorScheme}`)).resolves.toEqual([]);
    if (colorScheme === 'dark') await page.screenshot({ path: 'tests/e2e/screenshots/cost-chart-dark.png' });
  }

  // By keyboard: the chart takes focus and the arrow keys walk its bars, the tooltip with them.
  await page.mouse.move(0, 0);
  await expect.poll(() => tooltip.textContent()).toBe('');
  await figure.locator('svg.recharts-surface').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => tooltip.textContent()).toMatch(/Node cost: .*Running total: /);
  await page.close();
});
