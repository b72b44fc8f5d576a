/**
 * tolky runs reached from the console, in real Chromium against the built app and the
 * simulator's seeded runs (session "demo"): a row opens to the run it lists — its events,
 * its gate — because the link carries the session the run belongs to; and a watched tolky
 * backend's waiting gate reaches the inbox at once, without a reload.
 */
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

const tolky = (extra: Parameters<typeof backend>[4] = {}) => [backend('t', 'tolky', harness.sim.url, 'tolky sim', { session: 'demo', ...extra })];

// First: the seeded intent must not have been opened by another test (that would hide the bug).
test('a watched tolky backend’s waiting gate reaches the inbox without a reload', async () => {
  const page = await harness.newPage();
  await withBackends(page, harness.sim.url, tolky({ watchRunning: true }));
  await page.getByRole('button', { name: /Gates \(\d+ waiting\)/ }).click({ timeout: 20_000 });
  const inbox = page.getByRole('dialog', { name: 'Reviewer inbox' });
  await inbox.getByRole('listitem').filter({ hasText: 'hold~demo-waiting' }).waitFor({ timeout: 20_000 });
  await page.close();
});

test('a tolky run opened from the console shows the run it lists: its gate, its events', async () => {
  const page = await harness.newPage();
  await withBackends(page, harness.sim.url, tolky());
  const row = page.locator('tr[data-run="hold~demo-waiting"]');
  await row.getByRole('link').click({ timeout: 20_000 });
  await page.getByRole('alertdialog', { name: 'Deploy release 2.4 to production?' }).waitFor({ timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get('session')).toBe('demo');
  await expect(page.getByText(/Nothing yet/).count()).resolves.toBe(0);
  await page.close();
});

test('a finished tolky run opened from the console reads how it ended', async () => {
  const page = await harness.newPage();
  await withBackends(page, harness.sim.url, tolky());
  await page.locator('tr[data-run="fanout~demo-done"]').getByRole('link').click({ timeout: 20_000 });
  await page.getByText('Run succeeded').first().waitFor({ timeout: 20_000 });
  await page.close();
});
