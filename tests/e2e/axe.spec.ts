/**
 * Accessibility in real Chromium: axe-core scans every screen — the start page (light and
 * dark), a live run view with each side tab (node details with a node selected, cost,
 * diagnostics), the timeline with a raw frame open, the gate dialog, the reviewer inbox,
 * the cancel-run dialog, the shortcut help, the replay view and the invalid-link page.
 * Serious or critical violations fail the test and are printed one readable line each.
 */
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

test.each(['light', 'dark'] as const)('the start page (%s) has no serious or critical violations', async (colorScheme) => {
  const page = await harness.newPage({ colorScheme });
  await page.goto(harness.sim.url);
  await page.getByRole('heading', { name: 'Runboard' }).waitFor();
  await page.getByRole('region', { name: /simulator runs$/ }).first().getByRole('button').first().waitFor();
  expect(await seriousViolations(page, `start (${colorScheme})`)).toEqual([]);
  await page.close();
});

test('the live run view, each side tab, the raw frame, and every dialog have no serious or critical violations', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'gate~axe'));
  const found: string[] = [];
  await page.getByRole('alertdialog').waitFor({ timeout: 20_000 });
  found.push(...(await seriousViolations(page, 'gate dialog')));
  await page.keyboard.press('Escape');
  await page.getByRole('status', { name: 'Stream status' }).waitFor();
  found.push(...(await seriousViolations(page, 'run view, cost tab')));

  await page.locator('.react-flow__node').first().click();
  await page.getByRole('complementary', { name: /^Node details: / }).waitFor();
  found.push(...(await seriousViolations(page, 'node details')));
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  await page.getByRole('region', { name: 'Stream diagnostics' }).waitFor();
  found.push(...(await seriousViolations(page, 'diagnostics')));

  await page.getByRole('button', { name: 'Raw frame of row 0' }).click();
  await page.getByRole('region', { name: 'Raw frame of row 0' }).waitFor();
  found.push(...(await seriousViolations(page, 'timeline raw frame')));

  await page.getByRole('button', { name: /^Gates/ }).click();
  await page.getByRole('dialog', { name: 'Reviewer inbox' }).waitFor();
  found.push(...(await seriousViolations(page, 'reviewer inbox')));
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Cancel run' }).click();
  await page.getByRole('dialog', { name: 'Cancel this run?' }).waitFor();
  found.push(...(await seriousViolations(page, 'cancel-run dialog')));
  await page.getByRole('button', { name: 'Keep running' }).click();

  await page.locator('body').press('?');
  await page.getByRole('dialog', { name: /shortcuts/i }).waitFor();
  found.push(...(await seriousViolations(page, 'shortcut help')));
  expect(found).toEqual([]);
  await page.close();
});

test('the replay view and the invalid-link page have no serious or critical violations', async () => {
  const page = await harness.newPage();
  await page.goto(`${harness.sim.url}/?replay=/recordings/relavium-fanout.jsonl&at=20`);
  await page.getByRole('status', { name: 'Stream status' }).waitFor({ timeout: 20_000 });
  await page.locator('.react-flow__node').first().waitFor();
  const found = await seriousViolations(page, 'replay');
  await page.goto(`${harness.sim.url}/?dialect=nonesuch&url=http://127.0.0.1:1&run=x`);
  await page.getByRole('heading', { name: 'This link cannot be opened' }).waitFor();
  found.push(...(await seriousViolations(page, 'invalid link')));
  expect(found).toEqual([]);
  await page.close();
});
