/**
 * Keyboard use and live regions in real Chromium: from the start page, Tab reaches a
 * simulator run and Enter opens it; on the run view, Tab reaches the canvas, arrows move
 * between nodes and Enter opens a node's details (a complementary landmark named
 * "Node details: <label>"); `/` focuses the timeline search and `?` opens the shortcut
 * help. The stream status is a role=status region, and a new gate is announced in an
 * aria-live=assertive region.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

/** Presses Tab until `matches` holds for the focused element; fails after `max` presses. */
async function tabUntil(page: Page, matches: () => boolean, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(matches)) return;
  }
  throw new Error(`focus never reached the target in ${max} Tab presses`);
}

test('Tab reaches a simulator run on the start page and Enter opens it', async () => {
  const page = await harness.newPage();
  await page.goto(harness.sim.url);
  await page.getByRole('region', { name: /simulator runs$/ }).first().getByRole('button').first().waitFor();
  await tabUntil(page, () => document.activeElement?.closest('section[aria-label$="simulator runs"]') !== null && document.activeElement?.tagName === 'BUTTON');
  await page.keyboard.press('Enter');
  await page.getByRole('status', { name: 'Stream status' }).waitFor({ timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get('dialect')).not.toBeNull();
  await page.close();
});

test('on the run view, the canvas, node details, search and help work from the keyboard', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'fanout~keyboard'));
  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
  await page.locator('.react-flow__node').nth(1).waitFor();

  await tabUntil(page, () => document.activeElement?.classList.contains('react-flow__node') === true, 120);
  const focusedLabel = () => page.evaluate(() => (document.activeElement?.getAttribute('aria-label') ?? '').replace(/: [^:]*$/, ''));
  const first = await focusedLabel();
  expect(first).not.toBe('');
  await page.keyboard.press('Enter');
  await page.getByRole('complementary', { name: `Node details: ${first}` }).waitFor();
  await page.keyboard.press('ArrowRight');
  const next = await focusedLabel();
  expect(next).not.toBe(first);
  await page.keyboard.press('Enter');
  await page.getByRole('complementary', { name: `Node details: ${next}` }).waitFor();

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search timeline');
  await page.keyboard.press('Escape');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  await page.close();
});

test('the stream status is a status region and a new gate is announced assertively', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'gate~announce'));
  const status = page.getByRole('status', { name: 'Stream status' });
  await status.waitFor({ timeout: 20_000 });
  expect(await status.getAttribute('aria-live')).toBe('polite');
  await page.getByRole('alertdialog').waitFor({ timeout: 20_000 });
  const announcer = page.locator('#gate-announcer[aria-live="assertive"]');
  await expect.poll(() => announcer.textContent()).toMatch(/^New gate waiting: .+/);
  await page.close();
});
