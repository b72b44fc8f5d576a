/**
 * The Add-backend dialog in real Chromium: a URL that is not one is said so (with the fix
 * offered when only the scheme is missing), and once the URL is fixed and tested again the
 * old message is gone and the test's own result shows.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';

import { startBrowserHarness, type BrowserHarness } from './browser';
import { backend, withBackends } from './console-support';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

test('a fixed URL tested again shows the new result, not the old "is not a URL"', async () => {
  const page = await harness.newPage();
  await withBackends(page, harness.sim.url, [backend('r', 'relavium', harness.sim.url, 'Relavium sim')]);
  await page.getByRole('button', { name: 'Add backend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a backend' });
  const url = dialog.getByLabel('Backend URL');
  await url.fill('not a url');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await dialog.getByText(/is not a/).waitFor();

  await url.fill(harness.sim.url);
  await expect(dialog.getByText(/is not a/).count()).resolves.toBe(0);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await dialog.getByText(/✓ Connected/).waitFor({ timeout: 20_000 });
  await expect(dialog.getByText(/is not a/).count()).resolves.toBe(0);

  // Only the scheme missing: the fix is offered, as on the start page.
  await url.fill(harness.sim.url.replace(/^http:\/\//, ''));
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await dialog.getByRole('button', { name: `Use ${harness.sim.url}` }).click();
  await expect(url.inputValue()).resolves.toBe(harness.sim.url);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await dialog.getByText(/✓ Connected/).waitFor({ timeout: 20_000 });
  await page.close();
});
