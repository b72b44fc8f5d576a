/**
 * Issue 13 in real Chromium, tried as a new user would: the start page's Shannon stories,
 * played by a simulator that behaves like the real Shannon server (no WORKFLOW_FAILED, a
 * ring of 256 events, history without token deltas).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';

import { startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

/** Opens a story from the start page's Shannon section, as a person would. */
async function openShannonStory(page: Page, title: string): Promise<void> {
  await page.goto(harness.sim.url);
  const shannon = page.getByRole('region', { name: 'Shannon (SSE) simulator runs' });
  await shannon.getByRole('button', { name: new RegExp(title) }).click();
}

/** How many timeline rows the search finds. */
async function rowsMatching(page: Page, text: string): Promise<number> {
  const search = page.getByRole('searchbox', { name: 'Search timeline' });
  await search.fill(text);
  await page.waitForTimeout(300);
  const count = await page.getByRole('region', { name: 'Timeline' }).getByText(text).count();
  await search.fill('');
  return count;
}

describe('Shannon in the browser, as its real server behaves', () => {
  test('the stories are offered under Shannon only', async () => {
    const page = await harness.newPage();
    await page.goto(harness.sim.url);
    const shannon = page.getByRole('region', { name: 'Shannon (SSE) simulator runs' });
    await shannon.getByRole('button', { name: /A Shannon failure/ }).waitFor({ timeout: 10_000 });
    await expect(shannon.getByRole('button', { name: /A Shannon run opened late/ }).count()).resolves.toBe(1);
    await expect(page.getByRole('region', { name: /relavium/i }).getByRole('button', { name: /A Shannon/ }).count()).resolves.toBe(0);
    await page.close();
  });

  test('a Shannon failure reads failed, with the error and the step that hit it', async () => {
    const page = await harness.newPage();
    await openShannonStory(page, 'A Shannon failure');
    await page.getByText('Run failed').first().waitFor({ timeout: 30_000 });
    await page.locator('[aria-label="Analyse filings: failed"]').waitFor({ timeout: 5_000 });
    await page.locator('[aria-label="Fetch filings: succeeded"]').waitFor({ timeout: 5_000 });
    expect(await rowsMatching(page, 'Hit an issue: the model provider rejected the request')).toBeGreaterThan(0);
    // After done nothing reconnects: the stream reads closed, and stays so.
    await page.getByRole('status', { name: 'Stream status' }).getByText(/Closed/).waitFor({ timeout: 5_000 });
    await page.waitForTimeout(1_000);
    const opens = harness.sim.received.filter((c) => c.runId.startsWith('shannon-failure~') && c.kind === 'stream.open');
    expect(opens).toHaveLength(1);
    await page.close();
  });

  test('a Shannon run opened late shows its end, and says once that its earliest events are gone', async () => {
    const page = await harness.newPage();
    await openShannonStory(page, 'A Shannon run opened late');
    await page.getByText('Run succeeded').first().waitFor({ timeout: 40_000 });
    for (const label of ['Crawl the site', 'Check the links', 'Summarise findings', 'Write the report']) {
      await page.locator(`[aria-label="${label}: succeeded"]`).waitFor({ timeout: 10_000 });
    }
    // The hole no endpoint can fill is said once, when its wait ran out (a few seconds).
    await page.waitForTimeout(4_000);
    expect(await rowsMatching(page, 'no longer available')).toBe(1);
    // The pause that happened before it was opened is read from the history, not shown as unknown frames.
    expect(await rowsMatching(page, 'Run paused: Paused at checkpoint')).toBe(1);
    expect(await rowsMatching(page, 'Unknown frame')).toBe(0);
    await expect(page.getByTestId('total-cost').textContent()).resolves.toBe('$0.0147');
    await page.close();
  });
});
