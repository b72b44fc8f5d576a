/**
 * The reviewer inbox across watched runs, in real Chromium: with "watch running runs" on,
 * a gate of a run nobody opened reaches the inbox; it is answered from the inbox, exactly
 * once, without opening its run; and the inbox screen passes axe in light and dark.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';

import { seriousViolations } from './axe-scan';
import { startBrowserHarness, type BrowserHarness } from './browser';
import { backend, withBackends } from './console-support';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true });
});
afterAll(async () => {
  await harness.close();
});

test('a gate found through the inbox is answered without opening its run', async () => {
  // A run of its own waiting at a gate with no deadline (a snapshot request starts it).
  await fetch(`${harness.sim.url}/runs/hold~inbox`).then((r) => r.text());
  const page = await harness.newPage();
  await withBackends(page, harness.sim.url, [backend('r', 'relavium', harness.sim.url, 'Relavium sim'), backend('s', 'shannon', harness.sim.url, 'Shannon sim')]);
  await expect(page.getByRole('button', { name: /Gates \(\d+ waiting\)/ }).count()).resolves.toBe(0);

  await page.getByRole('switch', { name: 'Watch running runs of Relavium sim' }).click();
  await page.getByText(/Following \d+ running runs: their gates reach the inbox/).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Gates \(\d+ waiting\)/ }).click();
  const inbox = page.getByRole('dialog', { name: 'Reviewer inbox' });
  const entry = inbox.getByRole('listitem').filter({ hasText: 'hold~inbox' });
  await entry.waitFor({ timeout: 20_000 });
  await entry.getByRole('button', { name: 'Answer' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Deploy release 2.4 to production?' });
  await dialog.getByText(/Run: .*hold~inbox/).waitFor();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  // Our own answer closes the dialog and leaves a confirmation, which follows the run's own word.
  const confirmation = page.getByRole('status', { name: 'Your gate decision' });
  await expect.poll(() => confirmation.textContent(), { timeout: 20_000 }).toMatch(/approved by/);
  await dialog.waitFor({ state: 'detached' });

  const decisions = harness.sim.received.filter((c) => c.kind === 'gate.decide' && c.runId === 'hold~inbox');
  expect(decisions).toEqual([expect.objectContaining({ body: expect.objectContaining({ gateId: 'gate-deploy', decision: 'approved' }) })]);
  // Still the console: the run was never opened.
  expect(new URL(page.url()).searchParams.get('run')).toBeNull();
  await expect(page.locator('h1').textContent()).resolves.toBe('Console');
  await page.close();
});

test.each(['light', 'dark'] as const)('the console’s inbox and a gate answered from it (%s) have no serious or critical violations', async (colorScheme) => {
  const page = await harness.newPage({ colorScheme });
  await withBackends(page, harness.sim.url, [backend('r', 'relavium', harness.sim.url, 'Relavium sim', { watchRunning: true })]);
  await page.getByRole('button', { name: /Gates \(\d+ waiting\)/ }).click({ timeout: 20_000 });
  await page.getByRole('dialog', { name: 'Reviewer inbox' }).getByRole('button', { name: 'Answer' }).first().click();
  await page.getByRole('alertdialog').waitFor();
  const found = await seriousViolations(page, `gate from the console (${colorScheme})`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Gates/ }).click();
  await page.getByRole('dialog', { name: 'Reviewer inbox' }).waitFor();
  found.push(...(await seriousViolations(page, `console inbox (${colorScheme})`)));
  expect(found).toEqual([]);
  await page.close();
});
