/**
 * Issue 6 in real Chromium: the simulator cuts every connection in the middle of a live
 * relavium run; the status region says "Reconnecting", then "Live" again, and the run still
 * ends with the right node statuses and total cost (the resumed stream lost nothing).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startBrowserHarness, liveUrl, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  // Slower than the other browser tests, so the cut lands while the run is still streaming.
  harness = await startBrowserHarness({ timeScale: 0.4 });
});
afterAll(async () => {
  await harness.close();
});

describe('relavium live in the browser, connection cut mid-run', () => {
  test('shows Reconnecting then Live, and the run completes with the right statuses and cost', async () => {
    const page = await harness.newPage();
    await page.goto(liveUrl(harness.sim, 'relavium', 'fanout~e2e-reconnect'));
    const status = page.getByRole('status', { name: 'Stream status' });
    await status.getByText('Live').waitFor({ timeout: 15_000 });
    // Every text the status region shows, in order (a state may last less than a poll).
    await page.evaluate(() => {
      const region = document.querySelector('[role="status"][aria-label="Stream status"]');
      const seen: string[] = [region?.textContent ?? ''];
      (window as unknown as { statusSeen: string[] }).statusSeen = seen;
      if (region) new MutationObserver(() => seen.push(region.textContent ?? '')).observe(region, { subtree: true, childList: true, characterData: true });
    });
    await page.locator('[aria-label="plan: succeeded"]').waitFor({ timeout: 15_000 });
    expect(await page.getByText('Run succeeded').count()).toBe(0);

    harness.sim.dropConnections();

    await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);
    const reconnecting = seen.findIndex((text) => text.includes('Reconnecting'));
    expect(reconnecting, `status texts seen: ${JSON.stringify(seen)}`).toBeGreaterThan(0);
    expect(seen.slice(reconnecting + 1).some((text) => text.includes('Live'))).toBe(true);
    for (const label of ['plan', 'r1', 'r6', 'write']) {
      await page.locator(`[aria-label="${label}: succeeded"]`).waitFor({ timeout: 5_000 });
    }
    await expect(page.getByTestId('total-cost').textContent()).resolves.toBe('$0.0305');
    await page.close();
  });
});
