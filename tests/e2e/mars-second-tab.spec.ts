/**
 * Issue 13, MARS in real Chromium against the built app: a run started in one tab and opened
 * in a second. The first tab holds the run's socket and keeps it to the end; the second
 * never opens the socket (it would steal the run), says it is watching over REST, offers no
 * controls (saying why), and reaches the same final state. Reloading the first tab does not
 * offer "Start run" again: this browser remembers it started that run, and watches it.
 */
import { mkdirSync } from 'node:fs';

import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { startBrowserHarness, type BrowserHarness } from './browser';
import { heldClock } from './held-clock';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { marsDialect } from '@/protocol/mars/mars-dialect';

const SHOTS = 'tests/e2e/screenshots';
let harness: BrowserHarness;
/**
 * Holds each run while its planner is running, however slowly the page draws: the second tab
 * (or the reload) must meet the run still going.
 */
const clock = heldClock();
/** The fan-out's waits before the planner starts: run, chapter, plan, the planner's node.start. */
const WAITS_UNTIL_PLANNER_RUNS = 4;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.6, clock });
  mkdirSync(SHOTS, { recursive: true });
});
afterEach(() => {
  // A test that failed while its run was held must not hold the next one.
  clock.letGo();
});
afterAll(async () => {
  await harness.close();
});

const runLink = (run: string, start?: string) => {
  const params = new URLSearchParams({ dialect: 'mars', url: simulatorBackendUrl(marsDialect, harness.sim.url), run });
  if (start !== undefined) params.set('start', start);
  return `${harness.sim.url}/?${params.toString()}`;
};

const status = (page: Page) => page.getByRole('status', { name: 'Stream status' });

/** What a person reads at the end: the run's status, its nodes, cost and tokens. */
async function finalView(page: Page) {
  await page.getByText('Run succeeded').waitFor({ timeout: 45_000 });
  for (const label of ['Plan research', 'Write report', 'Completion']) await page.locator(`[aria-label="${label}: succeeded"]`).waitFor({ timeout: 10_000 });
  await page.getByText('6 succeeded').waitFor({ timeout: 10_000 });
  return { cost: await page.getByTestId('total-cost').textContent(), tokens: await page.locator('dt', { hasText: 'Tokens' }).locator('xpath=following-sibling::dd').textContent() };
}

describe('mars: a run started in one tab and opened in a second', () => {
  test('the first keeps its socket to the end; the second watches over REST and reaches the same state', async () => {
    const run = `fanout~e2e-two-tabs-${Date.now().toString(36)}`;
    const first = await harness.newPage();
    await first.goto(runLink(run, '[scenario:fanout] Research fan-out'));
    clock.holdAfter(WAITS_UNTIL_PLANNER_RUNS);
    await first.getByRole('button', { name: 'Start run' }).click();
    await first.locator('[aria-label="Plan research: running"]').waitFor({ timeout: 20_000 });
    await expect(first.getByRole('link', { name: 'open a watching tab' }).getAttribute('href')).resolves.not.toContain('start=');

    const second = await harness.newPage();
    await second.goto(runLink(run));
    await status(second).getByText('watching over REST, every 3 s').waitFor({ timeout: 15_000 });
    await expect(second.getByText('Run succeeded').count()).resolves.toBe(0);
    // No control that fails: each says why it is not available here.
    const cancel = second.getByRole('button', { name: /Cancel run/ });
    await expect(cancel.getAttribute('aria-disabled')).resolves.toBe('true');
    await cancel.focus();
    await second.getByRole('tooltip').getByText(/only on the socket of the tab that started the run/).waitFor({ timeout: 5_000 });
    await second.screenshot({ path: `${SHOTS}/mars-second-tab-watching.png` });
    await first.screenshot({ path: `${SHOTS}/mars-first-tab-running.png` });
    clock.letGo();

    const [firstEnd, secondEnd] = await Promise.all([finalView(first), finalView(second)]);
    expect(firstEnd).toEqual({ cost: '$0.0305', tokens: '8,527 (6,501 in / 2,026 out)' });
    expect(secondEnd).toEqual(firstEnd);
    // The first tab never gave its socket up: it heard the end on it.
    await expect(status(first).textContent()).resolves.not.toMatch(/watching/);
    // One socket for the task, opened by the first tab, whose only frame started the run.
    const traffic = harness.sim.received.filter((c) => c.dialect === 'mars' && c.runId === run).map((c) => c.kind);
    expect(traffic).toEqual(['connection', 'start']);
    await second.screenshot({ path: `${SHOTS}/mars-second-tab-end.png` });
    await first.close();
    await second.close();
  });

  test('reloading the tab that started a run watches it instead of offering "Start run" again', async () => {
    const run = `fanout~e2e-reload-${Date.now().toString(36)}`;
    const page = await harness.newPage();
    await page.goto(runLink(run, '[scenario:fanout] Research fan-out'));
    clock.holdAfter(WAITS_UNTIL_PLANNER_RUNS);
    await page.getByRole('button', { name: 'Start run' }).click();
    await page.locator('[aria-label="Plan research: running"]').waitFor({ timeout: 20_000 });
    await page.reload();
    await status(page).getByText('watching over REST, every 3 s').waitFor({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Start run' }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/mars-reloaded-starter.png` });
    clock.letGo();
    await finalView(page);
    expect(harness.sim.received.filter((c) => c.dialect === 'mars' && c.runId === run).map((c) => c.kind)).toEqual(['connection', 'start']);
    await page.close();
  });
});
