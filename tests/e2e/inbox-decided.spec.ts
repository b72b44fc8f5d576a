/**
 * Gates answered from the console's inbox are listed under "Recently decided", in real
 * Chromium: an approval and a rejection of two watched runs' gates, each with who decided,
 * from this browser — and they stay there after the watcher lets the finished runs go.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { startBrowserHarness, type BrowserHarness } from './browser';
import { backend, withBackends } from './console-support';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true });
});
afterAll(async () => {
  await harness.close();
});

const GATE = 'Deploy release 2.4 to production?';

async function answerFromInbox(page: Page, run: string, button: 'Approve' | 'Reject') {
  await page.getByRole('button', { name: /^Gates/ }).click();
  const inbox = page.getByRole('dialog', { name: 'Reviewer inbox' });
  await inbox.getByRole('listitem').filter({ hasText: run }).getByRole('button', { name: 'Answer' }).click({ timeout: 20_000 });
  const dialog = page.getByRole('alertdialog', { name: GATE });
  await dialog.getByRole('button', { name: button }).click();
  if (button === 'Reject') await dialog.getByRole('button', { name: 'Confirm “Reject”' }).click();
  await dialog.waitFor({ state: 'detached' });
}

test('gates answered from the console’s inbox appear under "Recently decided", and stay', async () => {
  await fetch(`${harness.sim.url}/runs/hold~decided-a`).then((r) => r.text());
  await fetch(`${harness.sim.url}/runs/hold~decided-b`).then((r) => r.text());
  const page = await harness.newPage();
  await withBackends(page, harness.sim.url, [backend('r', 'relavium', harness.sim.url, 'Relavium sim', { watchRunning: true })]);
  const following = async () => Number((await page.getByText(/^Following \d+ running run/).textContent({ timeout: 20_000 }))?.match(/\d+/)?.[0]);
  // Both gates are in the inbox, so both runs are followed: count them before answering.
  await page.getByRole('button', { name: /^Gates/ }).click();
  const inbox = page.getByRole('dialog', { name: 'Reviewer inbox' });
  for (const run of ['hold~decided-a', 'hold~decided-b']) await inbox.getByRole('listitem').filter({ hasText: run }).waitFor({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  const before = await following();
  await answerFromInbox(page, 'hold~decided-a', 'Approve');
  await answerFromInbox(page, 'hold~decided-b', 'Reject');

  await page.getByRole('button', { name: /^Gates/ }).click();
  const decided = page.getByRole('list', { name: 'Recently decided gates' });
  const entry = (run: string) => decided.getByRole('listitem').filter({ hasText: run });
  await expect.poll(() => entry('hold~decided-a').textContent(), { timeout: 20_000 }).toMatch(/approved by you, from this browser/);
  await expect.poll(() => entry('hold~decided-b').textContent()).toMatch(/rejected by you, from this browser/);
  // The runs end after their gates; the watcher releases their sessions on its next look at the list.
  await page.keyboard.press('Escape');
  await expect.poll(() => following().catch(() => 0), { timeout: 30_000 }).toBeLessThanOrEqual(before - 2);
  await page.getByRole('button', { name: /^Gates/ }).click();
  await entry('hold~decided-a').waitFor();
  await entry('hold~decided-b').waitFor();
  await page.close();
});
