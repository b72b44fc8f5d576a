/**
 * Every dialect in real Chromium: open a live simulator run through the URL contract
 * (pressing "Start run" where the protocol's client starts runs) and see the final node
 * statuses and the total cost, as a person would read them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { DIALECTS } from '@/protocol/dialects';

import { startBrowserHarness, type BrowserHarness } from './browser';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

describe.each(Object.values(DIALECTS))('$id live in the browser', (dialect) => {
  test('a fan-out run ends with every node succeeded and its total cost shown', async () => {
    const page = await harness.newPage();
    const base = simulatorBackendUrl(dialect, harness.sim.url);
    const params = new URLSearchParams({ dialect: dialect.id, url: base, run: `fanout~e2e-${dialect.id}` });
    if (dialect.capabilities.startsRuns) params.set('start', '[scenario:fanout] Research fan-out');
    await page.goto(`${harness.sim.url}/?${params.toString()}`);
    if (dialect.capabilities.startsRuns) await page.getByRole('button', { name: 'Start run' }).click();

    await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
    await expect(page.getByRole('status', { name: 'Stream status' }).textContent()).resolves.toMatch(/Closed.*the run ended \(succeeded\)|Live/);
    // the first and last steps read "succeeded" as text on the canvas (relavium names nodes by id)
    for (const label of dialect.id === 'relavium' ? ['plan', 'write'] : ['Plan research', 'Write report']) {
      await page.locator(`[aria-label="${label}: succeeded"]`).waitFor({ timeout: 5_000 });
    }
    // the six researchers collapse into one group whose counts say they all succeeded
    if (dialect.id !== 'relavium') await page.getByText('6 succeeded').waitFor({ timeout: 5_000 });
    await expect(page.getByTestId('total-cost').textContent()).resolves.toBe('$0.0305');
    await page.close();
  });
});
