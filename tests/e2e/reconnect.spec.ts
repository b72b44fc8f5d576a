/**
 * Issue 6 in real Chromium: the simulator cuts every connection in the middle of a live
 * relavium run; the status region says "Reconnecting", then "Live" again, and the run still
 * ends with the right node statuses and total cost (the resumed stream lost nothing).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startBrowserHarness, liveUrl, type BrowserHarness } from './browser';
import { heldClock } from './held-clock';

let harness: BrowserHarness;
// Held while the connection is cut and comes back, so the run is still streaming however slow the page is.
const clock = heldClock();
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.4, clock });
});
afterAll(async () => {
  clock.letGo();
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
    clock.hold();
    expect(await page.getByText('Run succeeded').count()).toBe(0);

    harness.sim.dropConnections();
    // "Reconnecting", then "Live" again, while the run stands still; then it goes on.
    const backLive = () => {
      const seen = (window as unknown as { statusSeen: string[] }).statusSeen;
      const reconnecting = seen.findIndex((text) => text.includes('Reconnecting'));
      return reconnecting > 0 && seen.slice(reconnecting + 1).some((text) => text.includes('Live'));
    };
    const cameBack = await page.waitForFunction(backLive, undefined, { timeout: 20_000 }).then(
      () => true,
      () => false,
    );
    clock.letGo();
    const seen = await page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);
    expect(cameBack, `status texts seen: ${JSON.stringify(seen)}`).toBe(true);

    await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
    for (const label of ['plan', 'r1', 'r6', 'write']) {
      await page.locator(`[aria-label="${label}: succeeded"]`).waitFor({ timeout: 5_000 });
    }
    await expect(page.getByTestId('total-cost').textContent()).resolves.toBe('$0.0305');
    await page.close();
  });
});
