/**
 * The compare screen in real Chromium against the built app: two recordings by link (the
 * divergence said first, an output diff opened by keyboard, axe light and dark), two live
 * runs of different protocols from the simulator, two runs ticked in the console, "Compare
 * with…" from a run, and hostile text that stays text.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { Page } from 'playwright-core';

import { seriousViolations } from './axe-scan';
import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';
import { backend, withBackends } from './console-support';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true });
});
afterAll(async () => {
  await harness.close();
});

const compareUrl = (a: string, b: string) => {
  const params = new URLSearchParams();
  params.append('compare', a);
  params.append('compare', b);
  return `${harness.sim.url}/?${params.toString()}`;
};
const query = (url: string) => url.slice(url.indexOf('?') + 1);
const rows = (page: Page) => page.locator('[data-step-row]');

async function opened(page: Page) {
  await page.getByRole('heading', { name: 'Compare two runs' }).waitFor({ timeout: 20_000 });
  await rows(page).first().waitFor({ timeout: 30_000 });
}

describe('compare two runs in the browser', () => {
  test('two recordings by link: both named, the divergence first, a diff opened by keyboard, axe clean in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await harness.newPage({ colorScheme });
      await page.goto(compareUrl('replay=/recordings/shannon-fanout.jsonl', 'replay=/recordings/shannon-gate.jsonl'));
      await opened(page);
      await expect(page.getByRole('region', { name: 'Run A' }).textContent()).resolves.toMatch(/Shannon.*recording/);
      await expect(page.getByRole('region', { name: 'Run B' }).textContent()).resolves.toMatch(/Shannon.*recording/);
      const summary = page.getByRole('region', { name: 'Where the runs diverge' });
      await expect(summary.textContent()).resolves.toMatch(/The runs diverge at step 1 “Plan research” \/ “Draft deploy plan”: the outputs differ\./);
      await expect(rows(page).count()).resolves.toBeGreaterThan(3);
      await expect(page.getByText('only in A').count()).resolves.toBeGreaterThan(0);

      // Keyboard: Tab reaches "Show diff" of step 1, Enter opens the diff.
      await page.getByRole('checkbox', { name: /Only steps that differ/ }).focus();
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).resolves.toBe('compare-diff-1');
      const diffButton = page.locator('button[aria-controls="compare-diff-1"]');
      await page.keyboard.press('Enter');
      await expect(diffButton.getAttribute('aria-expanded')).resolves.toBe('true');
      await page.locator('#compare-diff-1 figure').waitFor();
      await expect(page.locator('#compare-diff-1 del').count()).resolves.toBeGreaterThan(0);
      await expect(page.locator('#compare-diff-1 ins').count()).resolves.toBeGreaterThan(0);

      // "Show step" in the summary moves focus to that step's row.
      await summary.getByRole('button', { name: /Show step \d+/ }).last().click();
      await page.waitForFunction(() => document.activeElement?.id.startsWith('compare-step-'));
      expect(await seriousViolations(page, `compare ${colorScheme}`)).toEqual([]);
      await page.close();
    }
  });

  test('two live runs of different protocols from the simulator: matched step by step as they run', async () => {
    const page = await harness.newPage();
    const relavium = liveUrl(harness.sim, 'relavium', 'retry~cmp-live-r');
    const shannon = liveUrl(harness.sim, 'shannon', 'retry~cmp-live-s');
    await page.goto(compareUrl(query(relavium), query(shannon)));
    await opened(page);
    await expect(page.getByRole('region', { name: 'Run A' }).textContent()).resolves.toMatch(/Relavium.*live/);
    await expect(page.getByRole('region', { name: 'Run B' }).textContent()).resolves.toMatch(/Shannon.*live/);
    // Both runs reach their end and the screen follows them (facts re-read while live).
    await page.getByRole('region', { name: 'Run A' }).getByText(/Status\s*(succeeded|failed)/).waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Run B' }).getByText(/Status\s*(succeeded|failed)/).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-step-row]').length >= 4, undefined, { timeout: 10_000 });
    const firstStep = await page.locator('[data-step-row="1"] th').textContent();
    expect(firstStep).toMatch(/fetch|Fetch records/);
    // Each run's card opens that run on its own.
    await page.getByRole('region', { name: 'Run B' }).getByRole('link').click();
    await page.waitForFunction(() => new URLSearchParams(window.location.search).get('dialect') === 'shannon');
    await page.close();
  });

  test('from the console: tick two runs, press Compare', async () => {
    const page = await harness.newPage();
    await withBackends(page, harness.sim.url, [backend('r', 'relavium', harness.sim.url, 'Relavium sim')]);
    const boxes = page.getByRole('checkbox', { name: /^Pick “.*” to compare$/ });
    await boxes.nth(1).waitFor({ timeout: 20_000 });
    const compare = page.getByRole('button', { name: 'Compare', exact: true });
    await expect(compare.isDisabled()).resolves.toBe(true);
    await boxes.nth(0).check();
    await page.getByText('Tick one more run to compare.').waitFor();
    await boxes.nth(1).check();
    await expect(compare.isEnabled()).resolves.toBe(true);
    await compare.click();
    await page.waitForFunction(() => new URLSearchParams(window.location.search).getAll('compare').length === 2);
    await opened(page);
    await page.close();
  });

  test('from a run: Compare with… a sample recording', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.sim.url}/?replay=${encodeURIComponent('/recordings/relavium-fanout.jsonl')}`);
    await page.getByRole('button', { name: 'Compare with…' }).click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: 'Compare this run with…' });
    await dialog.waitFor();
    expect(await seriousViolations(page, 'compare-with dialog')).toEqual([]);
    await dialog.getByLabel('Sample').selectOption({ label: 'Relavium (SSE): human gate sample' });
    await dialog.getByRole('button', { name: 'Compare with the sample' }).click();
    await opened(page);
    const addresses = await page.evaluate(() => new URLSearchParams(window.location.search).getAll('compare'));
    expect(addresses).toEqual(['replay=%2Frecordings%2Frelavium-fanout.jsonl', 'replay=%2Frecordings%2Frelavium-gate.jsonl']);
    await page.close();
  });

  test('a bad address is refused in the dialog with the reason, and a bad link says what is wrong', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.sim.url}/?replay=${encodeURIComponent('/recordings/tolky-gate.jsonl')}`);
    await page.getByRole('button', { name: 'Compare with…' }).click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: 'Compare this run with…' });
    await dialog.getByLabel('An address').fill('?dialect=nope&url=http://h&run=1');
    await dialog.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toMatch(/unknown dialect "nope"/);
    await page.goto(compareUrl('replay=/recordings/does-not-exist.jsonl', 'replay=/recordings/tolky-gate.jsonl'));
    await page.getByRole('heading', { name: 'Run A: Recording not found' }).waitFor({ timeout: 20_000 });
    await page.goto(`${harness.sim.url}/?compare=${encodeURIComponent('replay=/recordings/tolky-gate.jsonl')}`);
    await page.getByRole('heading', { name: 'This link cannot be opened' }).waitFor({ timeout: 20_000 });
    await page.getByText('a comparison takes two runs ("compare" twice), not 1').waitFor();
    await page.close();
  });

  test('hostile text in labels and outputs stays text', async () => {
    const page = await harness.newPage();
    const hostile = liveUrl(harness.sim, 'relavium', 'xss~cmp-hostile');
    await page.goto(compareUrl(query(hostile), 'replay=/recordings/relavium-fanout.jsonl'));
    await opened(page);
    await page.getByText('<img src=x onerror="window.__pwned=1">', { exact: false }).first().waitFor({ timeout: 30_000 });
    // The hostile step's diff, open once its output (an iframe payload) has arrived: it is in the page as text.
    await page.getByRole('button', { name: /^Show (diff|output) of step 1$/ }).click({ timeout: 30_000 });
    await expect.poll(() => page.locator('#compare-diff-1').textContent(), { timeout: 30_000 }).toContain('parent.__pwned=6');
    // Then every other one there: an opened one is named "Hide …", so the first "Show" left is the next.
    const show = page.getByRole('button', { name: /^Show (diff|output) of step/ });
    while ((await show.count()) > 0) await show.first().click();
    await page.waitForTimeout(500);
    await expect(page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).resolves.toBeUndefined();
    // The payloads' own elements were never made: every open diff holds text only.
    await expect(page.locator('[id^="compare-diff-"]').locator('img, script, svg, iframe').count()).resolves.toBe(0);
    await page.close();
  });
});
