/**
 * What the inbox knows, the console row shows (issue 20), in real Chromium: Shannon's task
 * list says a run waiting at an approval is "running" with no gate count; once the watcher's
 * session has seen the gate, the row reads "waiting for a person" with the gate counted.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';

import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { DIALECTS } from '@/protocol/dialects';

import { startBrowserHarness, type BrowserHarness } from './browser';
import { backend, withBackends } from './console-support';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true });
});
afterAll(async () => {
  await harness.close();
});

test('a Shannon run waiting at a gate reads "waiting for a person · 1 waiting" in the console, as the inbox says', async () => {
  const page = await harness.newPage();
  await withBackends(page, harness.sim.url, [backend('s', 'shannon', harness.sim.url, 'Shannon sim', { watchRunning: true })]);
  await page.getByRole('button', { name: /^Gates/ }).click();
  await page.getByRole('dialog', { name: 'Reviewer inbox' }).getByRole('listitem').filter({ hasText: 'hold~demo-waiting' }).waitFor({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  const row = page.locator('tr[data-run="hold~demo-waiting"]');
  await expect.poll(() => row.locator('[data-status]').getAttribute('data-status'), { timeout: 20_000 }).toBe('waiting');
  await expect(row.textContent()).resolves.toMatch(/1 waiting/);
  await page.close();
});

test('an AG-UI run paused at a gate (a protocol with no run list) reads "waiting for a person · 1 waiting" in the console', async () => {
  const page = await harness.newPage();
  const url = simulatorBackendUrl(DIALECTS.agui, harness.sim.url);
  const run = `hold~console-${Date.now().toString(36)}`;
  const search = `?${new URLSearchParams({ dialect: 'agui', url, run, start: 'Deploy release 2.4' }).toString()}`;
  await withBackends(page, harness.sim.url, [backend('a', 'agui', url, 'AG-UI sim')], search);
  await page.getByRole('button', { name: 'Start run' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Decide later' }).click({ timeout: 30_000 });
  await page.getByRole('status', { name: 'Stream status' }).getByText('Paused', { exact: true }).waitFor({ timeout: 10_000 });
  // To the console without leaving the page: the run's session stays open, its gate in the inbox.
  await page.getByRole('combobox', { name: 'Run' }).selectOption({ label: 'Open another run…' });
  const row = page.locator(`tr[data-run="${run}"]`);
  await expect.poll(() => row.locator('[data-status]').getAttribute('data-status'), { timeout: 20_000 }).toBe('waiting');
  await expect(row.textContent()).resolves.toMatch(/1 waiting/);
  await page.screenshot({ path: 'tests/e2e/screenshots/console-agui-gate.png' });
  await page.close();
});
