/**
 * The duration view in real Chromium: one bar per node attempt (a retried attempt, a
 * failure, a skip), the critical path marked, selection shared with the DAG both ways,
 * the "now" line while live, following the player in a replay, and axe in light and dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { seriousViolations } from './axe-scan';
import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

const list = (page: Page) => page.getByRole('listbox', { name: 'Node attempts on a time axis' });
const attempts = (page: Page) => list(page).getByRole('option');
const outcomes = (page: Page) => attempts(page).evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-node')} ${r.getAttribute('data-outcome')}`));

async function openDurations(page: Page) {
  await page.getByRole('tab', { name: 'Durations' }).click();
  await list(page).waitFor();
}

test('a finished run: every attempt with its outcome, the critical path, and selection shared with the DAG', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'retry~durations'));
  await page.getByText('Run failed').first().waitFor({ timeout: 20_000 });
  await openDurations(page);
  await expect(outcomes(page)).resolves.toEqual(['fetch retried', 'fetch succeeded', 'clean succeeded', 'load failed', 'notify not_run']);
  await expect(attempts(page).first().textContent()).resolves.toMatch(/fetch.*failed, retried · (\d+\.\ds|\d+ms).*on the critical path/);
  await expect(list(page).locator('[data-critical]').count()).resolves.toBeGreaterThanOrEqual(2);
  await page.getByText(/4 attempts · 1 not run · took .* · critical path/).waitFor();

  await list(page).locator('[data-node="load"]').click();
  await page.getByRole('complementary', { name: /^Node details: / }).getByText('load').first().waitFor();
  expect(new URL(page.url()).searchParams.get('node')).toBe('load');
  await expect(list(page).locator('[data-node="load"]').getAttribute('aria-selected')).resolves.toBe('true');

  await page.locator('.react-flow__node[data-id="clean"]').click();
  await expect.poll(() => list(page).locator('[data-node="clean"]').getAttribute('aria-selected')).toBe('true');
  await expect(list(page).locator('[data-node="load"]').getAttribute('aria-selected')).resolves.toBe('false');

  // Keyboard: the list takes arrows and selects as it moves.
  await list(page).focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => new URL(page.url()).searchParams.get('node')).toBe('load');
  await page.close();
});

test('a live run shows a line at now and the running attempt', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'long~durations'));
  await page.getByRole('tab', { name: 'Durations' }).click();
  await list(page).locator('[data-node="embed"][data-outcome="running"]').waitFor({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Durations' }).locator('[data-now-line]').count()).resolves.toBe(1);
  await page.getByText(/running for/).waitFor();
  await page.close();
});

test('in a replay the view follows the player', async () => {
  const page = await harness.newPage();
  await page.goto(`${harness.sim.url}/?replay=/recordings/relavium-fanout.jsonl&at=8`);
  await page.getByRole('slider', { name: 'Replay position' }).waitFor({ timeout: 20_000 });
  await openDurations(page);
  const early = await attempts(page).count();
  await expect(page.getByRole('region', { name: 'Durations' }).locator('[data-now-line]').count()).resolves.toBe(1);
  await page.getByRole('combobox', { name: 'Speed' }).selectOption('instant');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => attempts(page).count(), { timeout: 20_000 }).toBe(8);
  expect(early).toBeLessThan(8);
  await expect(outcomes(page)).resolves.toEqual(expect.arrayContaining(['write succeeded', 'plan succeeded']));
  await page.close();
});

test.each(['light', 'dark'] as const)('the duration view (%s) has no serious or critical violations', async (colorScheme) => {
  const page = await harness.newPage({ colorScheme });
  await page.goto(liveUrl(harness.sim, 'relavium', `retry~axe-${colorScheme}`));
  await page.getByText('Run failed').first().waitFor({ timeout: 20_000 });
  await openDurations(page);
  await list(page).locator('[data-node="clean"]').click();
  expect(await seriousViolations(page, `durations (${colorScheme})`)).toEqual([]);
  await page.close();
});

test('beside the durations tab, the timeline still keeps only a window of its rows in the page', async () => {
  const page = await harness.newPage();
  await page.goto(`${harness.sim.url}/?replay=/recordings/tolky-fanout.jsonl`);
  const scroller = page.getByTestId('timeline-scroll');
  await scroller.locator('[data-timeline-item]').first().waitFor({ timeout: 20_000 });
  const measure = () => scroller.evaluate((el) => ({ items: el.querySelectorAll('[data-timeline-item]').length, tall: el.scrollHeight / el.clientHeight }));
  const before = await measure();
  expect(before.tall).toBeGreaterThan(3);
  expect(before.items).toBeLessThan(60);
  await openDurations(page);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  // The window's size depends on where the list is scrolled when it comes back, so the check is that it is
  // still a window (a few dozen rows of a list several screens tall), not that it holds the same rows.
  await expect.poll(async () => (await measure()).items, { timeout: 5_000 }).toBeGreaterThan(0);
  const after = await measure();
  expect(after.tall).toBeGreaterThan(3);
  expect(after.items).toBeLessThan(60);
  await page.close();
});

/** The review row's words ("rejected · 1.2s"), read as a person reads them. */
const reviewWords = (page: Page) => list(page).locator('[data-node="review"]').last().textContent();

test('a rejected gate reads "rejected" in Durations, as on its node, never "succeeded"', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'hold~durations-reject'));
  const dialog = page.getByRole('alertdialog', { name: 'Deploy release 2.4 to production?' });
  await dialog.waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await dialog.getByRole('button', { name: 'Confirm “Reject”' }).click();
  await page.getByText('Run ended — gate rejected').waitFor({ timeout: 20_000 });
  await openDurations(page);
  await expect.poll(() => reviewWords(page)).toMatch(/review.*rejected · /);
  expect(await reviewWords(page)).not.toMatch(/succeeded/);
  await expect(list(page).locator('[data-node="review"]').last().getAttribute('data-verdict')).resolves.toBe('rejected');
  await page.close();
});

test('a timed-out gate reads "timed out (rejected)" in Durations, never "succeeded"', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'deadline~durations-timeout'));
  const dialog = page.getByRole('alertdialog', { name: 'Deploy release 2.4 to production?' });
  await dialog.waitFor({ timeout: 20_000 });
  // The deadline (2 s at the harness's 0.1x) is let run out, then the dialog, which now says so, is closed.
  // Dismissing it first raced the deadline: on a slow machine it had passed and "Decide later" was "Close".
  await expect.poll(() => page.locator('[data-run-status]').textContent(), { timeout: 20_000 }).toMatch(/gate timed out/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await openDurations(page);
  await expect.poll(() => reviewWords(page)).toMatch(/timed out \(rejected\) · /);
  expect(await reviewWords(page)).not.toMatch(/succeeded/);
  await page.close();
});

test('a short attempt reads in milliseconds (or tenths past 0.1 s), never "0.0s"', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'retry~durations-ms'));
  await page.getByText('Run failed').first().waitFor({ timeout: 20_000 });
  await openDurations(page);
  // Load fails a few ms after its start on a quiet machine; the simulator stamps real time, so
  // on a loaded one it may take past 0.1 s (the ms form itself: src/lib/format-duration.test.ts).
  // The step it left behind never ran and has no duration at all.
  const load = await list(page).locator('[data-node="load"]').textContent();
  expect(load).toMatch(/failed · (\d+ms|\d+\.\ds)/);
  expect(await list(page).locator('[data-node="notify"]').textContent()).toMatch(/not run · upstream_unreachable$/);
  expect(await list(page).textContent()).not.toMatch(/0\.0s/);
  await page.close();
});
