/**
 * What the inbox knows, the console row shows (issue 20), in real Chromium: Shannon's task
 * list says a run waiting at an approval is "running" with no gate count; once the watcher's
 * session has seen the gate, the row reads "waiting for a person" with the gate counted.
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
