/**
 * The Calls view in real Chromium, for a simulator run of every protocol: one row per model
 * call with what that protocol's stream carries, and what it does not said above the list;
 * sorting, searching, totals per model; hostile text stays text; axe in light and dark.
 * Screenshots at 1024 and 1920 wide, light and dark, go to tests/e2e/screenshots/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { DIALECTS } from '@/protocol/dialects';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { XSS_PAYLOADS } from '@/simulator/scenarios/hostile-text';

import { seriousViolations } from './axe-scan';
import { startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

const rows = (page: Page) => page.getByRole('list', { name: 'Model calls' }).getByRole('listitem');

async function openRun(page: Page, dialectId: string, scenario: string): Promise<void> {
  const dialect = DIALECTS[dialectId as keyof typeof DIALECTS];
  const params = new URLSearchParams({ dialect: dialect.id, url: simulatorBackendUrl(dialect, harness.sim.url), run: `${scenario}~calls-${dialect.id}-${Date.now()}` });
  if (dialect.capabilities.startsRuns) params.set('start', `[scenario:${scenario}] Research fan-out`);
  await page.goto(`${harness.sim.url}/?${params.toString()}`);
  if (dialect.capabilities.startsRuns) await page.getByRole('button', { name: 'Start run' }).click();
}

/**
 * Opens the Calls tab unless it is open. Why not click it anyway: once (a loaded machine, after
 * a viewport change) Chromium drew no frame for 30 s, and a click waits for two frames to see
 * the tab still; a tab already open needs no click, which is what a person would do.
 */
async function openCalls(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: 'Calls' });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await rows(page).first().waitFor({ timeout: 20_000 });
}

/** What each protocol's fan-out shows in its first call, and the parts its stream does not carry. */
const EXPECTED: Record<string, { lacks: string[]; model: boolean; text?: RegExp }> = {
  shannon: { lacks: ['reasoning'], model: true, text: /Plan research/ },
  // The simulator prices AG-UI calls through CUSTOM usage events and myagent tasks through cost_usd: those columns show.
  agui: { lacks: ['latency'], model: true, text: /./ },
  mars: { lacks: ['prompt', 'response', 'reasoning', 'latency'], model: true },
  myagent: { lacks: ['latency', 'prompt', 'response', 'reasoning'], model: true },
  tolky: { lacks: ['prompt', 'response', 'reasoning', 'latency'], model: true },
  relavium: { lacks: ['prompt', 'response', 'reasoning', 'latency'], model: true },
};

describe.each(Object.keys(EXPECTED))('%s in the Calls view', (dialectId) => {
  test('one row per model call, what the stream lacks said, totals per model', async () => {
    const page = await harness.newPage();
    await openRun(page, dialectId, 'fanout');
    await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
    await openCalls(page);
    const expected = EXPECTED[dialectId]!;
    const summary = page.locator('summary', { hasText: 'tells about each call' });
    await expect(summary.textContent()).resolves.toContain(`not in its stream: ${expected.lacks.join(', ')}`);
    expect(await rows(page).count()).toBeGreaterThan(0);
    const first = rows(page).first();
    if (expected.model) await expect(first.textContent()).resolves.toMatch(/gpt|claude|model not stated|not stated/);
    if (expected.text) {
      await first.getByRole('button').first().click();
      await expect(first.locator('pre').first().textContent()).resolves.toMatch(expected.text);
    }
    await expect(page.getByRole('table', { name: 'Totals per model' }).getByRole('row').count()).resolves.toBeGreaterThan(1);
    await page.screenshot({ path: `tests/e2e/screenshots/calls-${dialectId}.png` });
    await page.close();
  });
});

test('Shannon: sorted by cost and latency, searched, opened: prompt and response with model, tokens and cost', async () => {
  const page = await harness.newPage();
  await openRun(page, 'shannon', 'fanout');
  await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
  await openCalls(page);
  const costs = async () => rows(page).evaluateAll((items) => items.map((i) => i.querySelectorAll('button span')[5]?.textContent ?? ''));
  await page.getByRole('button', { name: /^Cost/ }).click();
  const descending = (await costs()).map((c) => Number(c.replace(/[^0-9.]/g, '')));
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await page.getByRole('button', { name: /^Cost/ }).click();
  const ascending = (await costs()).map((c) => Number(c.replace(/[^0-9.]/g, '')));
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await page.getByRole('button', { name: /^Latency/ }).click();
  await expect(page.getByRole('button', { name: /^Latency ↓/ }).getAttribute('aria-pressed')).resolves.toBe('true');

  const all = await rows(page).count();
  await page.getByRole('searchbox', { name: 'Search calls' }).fill('Write report');
  await expect.poll(() => rows(page).count()).toBeLessThan(all);
  const row = rows(page).first();
  await row.getByRole('button').first().click();
  await row.getByRole('region', { name: 'Prompt' }).waitFor();
  await row.getByRole('region', { name: 'Response' }).waitFor();
  await expect(row.textContent()).resolves.toMatch(/\d+ in \/ \d+ out.*\$0\.\d+/);
  await page.close();
});

test('hostile prompts and responses stay text (Shannon, AG-UI)', async () => {
  for (const dialectId of ['shannon', 'agui']) {
    const page = await harness.newPage();
    await openRun(page, dialectId, 'xss');
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).first().waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await openCalls(page);
    for (const item of await rows(page).all()) await item.getByRole('button').first().click();
    const shown = await page.getByRole('list', { name: 'Model calls' }).innerText();
    expect(XSS_PAYLOADS.some((payload) => shown.includes(payload))).toBe(true);
    await expect(page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).resolves.toBeUndefined();
    await expect(page.getByRole('list', { name: 'Model calls' }).locator('img, script, svg, iframe').count()).resolves.toBe(0);
    await page.close();
  }
});

describe.each(['light', 'dark'] as const)('the Calls view (%s)', (colorScheme) => {
  test('has no serious or critical violations; screenshots at 1024 and 1920', async () => {
    const page = await harness.newPage({ colorScheme });
    await openRun(page, 'shannon', 'fanout');
    await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
    await openCalls(page);
    for (const width of [1024, 1920]) {
      // The panes are laid out anew from 1600 px: the view opens afresh, so the row is opened after.
      await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 });
      await openCalls(page);
      const second = rows(page).nth(1).getByRole('button').first();
      if ((await second.getAttribute('aria-expanded')) !== 'true') await second.click();
      await rows(page).nth(1).getByRole('region', { name: 'Response' }).waitFor();
      await expect(seriousViolations(page, `calls ${colorScheme} ${width}`)).resolves.toEqual([]);
      await page.screenshot({ path: `tests/e2e/screenshots/calls-${width}-${colorScheme}.png` });
    }
    await page.close();
  });
});
