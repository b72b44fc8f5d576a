/**
 * The timeline in the real layout, in real Chromium against the built app: a run of
 * 3,000+ rows (the simulator's `bulk` scenario) keeps only a window of rows in the page,
 * the list scrolls inside its pane (the wheel moves the list, never the filter bar out of
 * view), the newest row stays in view while following, scrolling up stops following and
 * the visible "Follow live" control resumes it; the list is one Tab stop with arrow keys
 * inside; in a replay the timeline follows the player's position. On a 2,000-node graph
 * the Node filter offers a bounded list of matches, narrowed by typing and chosen by key.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { MANY_TOOL_CALLS } from '@/simulator/scenarios/many-tool-calls';

import { startBigGraphRun } from '../support/big-graph-run';
import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';
import { heldClock } from './held-clock';

let harness: BrowserHarness;
const clock = heldClock();
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1, clock });
});
afterAll(async () => {
  await harness.close();
});

type ListState = Readonly<{
  /** Rows the toolbar says pass the filters (all rows here). */
  shown: number;
  /** Row elements in the page. */
  rendered: number;
  /** Is the newest row (index shown - 1) in the page and inside the list's visible box? */
  newestVisible: boolean;
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
  /** The search box is inside the viewport (the filter bar was not scrolled away). */
  toolbarVisible: boolean;
}>;

/** One consistent reading of the timeline (a single evaluate, so no batch lands in between). */
function listState(page: Page): Promise<ListState> {
  return page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[data-testid="timeline-scroll"]');
    const status = document.querySelector('[data-testid="timeline-count"]')?.textContent ?? '';
    const shown = Number(status.replace(/[^0-9]/g, ''));
    const rows = document.querySelectorAll('[data-row]');
    const newest = document.querySelector(`[data-row="${shown - 1}"]`);
    const box = list?.getBoundingClientRect();
    const rowBox = newest?.getBoundingClientRect();
    const search = document.querySelector('input[aria-label="Search timeline"]')?.getBoundingClientRect();
    return {
      shown,
      rendered: rows.length,
      newestVisible: !!box && !!rowBox && rowBox.top >= box.top - 1 && rowBox.bottom <= box.bottom + 1,
      scrollTop: list?.scrollTop ?? -1,
      clientHeight: list?.clientHeight ?? -1,
      scrollHeight: list?.scrollHeight ?? -1,
      toolbarVisible: !!search && search.top >= 0 && search.bottom <= window.innerHeight,
    };
  });
}

async function waitForRows(page: Page, atLeast: number): Promise<ListState> {
  await expect.poll(async () => (await listState(page)).shown, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(atLeast);
  return listState(page);
}

test('a run of thousands of rows: a window in the page, the list scrolls, following keeps the newest row in view', async () => {
  const page = await harness.newPage();
  // The run stops a quarter of the way in (~800 rows) while the list is scrolled up, so rows
  // still arrive after the scroll however slow the page is; it goes on once the scroll is read.
  clock.holdAfter(MANY_TOOL_CALLS / 4);
  await page.goto(liveUrl(harness.sim, 'relavium', 'bulk~timeline'));
  const follow = page.getByRole('button', { name: 'Follow live' });

  const early = await waitForRows(page, 400);
  expect(early.clientHeight).toBeLessThan(600); // bounded by its pane, not grown to its content
  expect(early.scrollHeight).toBeGreaterThan(early.clientHeight * 3);
  expect(early.rendered).toBeLessThan(100);
  expect(await follow.getAttribute('aria-pressed')).toBe('true');
  await expect.poll(async () => (await listState(page)).newestVisible, { timeout: 5_000 }).toBe(true);

  // The wheel over the list scrolls the list up: following stops, the filter bar stays.
  const list = page.getByTestId('timeline-scroll');
  await list.hover();
  await page.mouse.wheel(0, -1_500);
  await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
  const up = await listState(page);
  expect(up.toolbarVisible).toBe(true);
  expect(up.shown).toBeLessThan(MANY_TOOL_CALLS);
  clock.letGo();
  const later = await waitForRows(page, up.shown + 200);
  expect(later.scrollTop).toBe(up.scrollTop);
  expect(later.newestVisible).toBe(false);

  await follow.click();
  await expect.poll(async () => (await listState(page)).newestVisible, { timeout: 5_000 }).toBe(true);

  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 60_000 });
  const end = await listState(page);
  expect(end.shown).toBeGreaterThan(MANY_TOOL_CALLS * 2);
  expect(end.rendered).toBeLessThan(100);
  expect(end.newestVisible).toBe(true);
  expect(end.toolbarVisible).toBe(true);
  await page.close();
});

test('the list is one Tab stop: arrows, Home and End move inside it, Enter selects a row', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'fanout~timeline-keys'));
  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
  await page.getByRole('searchbox', { name: 'Search timeline' }).focus();
  const focusedRow = () => page.evaluate(() => document.activeElement?.closest('[data-item-index]')?.getAttribute('data-item-index') ?? null);
  // From the search box, a few Tabs (the filters, the follow toggle) reach the list, and one more leaves it.
  let entered = false;
  for (let i = 0; i < 8 && !entered; i++) {
    await page.keyboard.press('Tab');
    entered = (await focusedRow()) !== null;
  }
  expect(entered).toBe(true);
  await page.keyboard.press('Home');
  expect(await focusedRow()).toBe('0');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await focusedRow()).toBe('2');
  await page.keyboard.press('Enter');
  await page.getByRole('complementary', { name: /^Node details: / }).waitFor();
  await page.keyboard.press('End');
  const last = Number(await focusedRow());
  expect(last).toBeGreaterThan(30);
  await page.keyboard.press('Tab');
  expect(await focusedRow()).toBeNull();
  // Escape in the search box clears it.
  const search = page.getByRole('searchbox', { name: 'Search timeline' });
  await search.fill('plan');
  await search.press('Escape');
  expect(await search.inputValue()).toBe('');
  await page.close();
});

test('in a replay the timeline follows the player, and is not labelled "Follow live"', async () => {
  const page = await harness.newPage();
  await page.goto(`${harness.sim.url}/?replay=/recordings/relavium-fanout.jsonl&at=2`);
  await page.getByRole('region', { name: 'Replay' }).waitFor({ timeout: 20_000 });
  await expect(page.getByText('Follow live').count()).resolves.toBe(0);
  const start = await listState(page);
  expect(start.shown).toBeLessThan(10);
  expect(start.newestVisible).toBe(true);

  const scrubber = page.getByRole('slider', { name: 'Replay position' });
  const total = Number(await scrubber.getAttribute('max'));
  await scrubber.fill(String(total));
  await expect.poll(async () => (await listState(page)).shown).toBeGreaterThan(30);
  const end = await listState(page);
  expect(end.scrollHeight).toBeGreaterThan(end.clientHeight);
  expect(end.newestVisible).toBe(true);

  // Back to the middle: the list shrinks with the player and the newest row is still the one in view.
  await scrubber.fill(String(Math.round(total / 2)));
  await expect.poll(async () => (await listState(page)).shown).toBeLessThan(end.shown);
  await expect.poll(async () => (await listState(page)).newestVisible).toBe(true);
  // Stepping forward moves the list with it (a token frame may only grow a text row: step until a row is added).
  const before = (await listState(page)).shown;
  for (let i = 0; i < 30 && (await listState(page)).shown === before; i++) {
    await page.getByRole('button', { name: 'Step forward one frame' }).click();
  }
  expect((await listState(page)).shown).toBeGreaterThan(before);
  await expect.poll(async () => (await listState(page)).newestVisible).toBe(true);
  await page.close();
});

test('on a 2,000-node graph the Node filter lists a few dozen matches, narrows as you type and is chosen by key', async () => {
  const page = await harness.newPage();
  const run = startBigGraphRun(harness.sim, `storm~e2e-node-filter-${Date.now()}`, 2_000);
  await page.goto(liveUrl(harness.sim, 'shannon', run.runId));
  const count = page.getByTestId('timeline-count');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="timeline-count"]')?.textContent?.replace(/\D/g, '')) > 2_000, undefined, { timeout: 60_000 });
  const field = page.getByRole('combobox', { name: 'Node' });
  const list = page.getByRole('listbox', { name: 'Nodes' });
  // Tab order: the search box, the level and type filters, then the Node field.
  await page.getByRole('searchbox', { name: 'Search timeline' }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
  await page.keyboard.press('ArrowDown');
  expect(await list.getByRole('option').count()).toBe(51); // "all nodes" and the first 50
  await page.getByText('1,950 more — type to narrow').waitFor();
  expect(await page.locator('option, [role="option"]').count()).toBeLessThan(100); // no option per node anywhere
  await page.keyboard.type('Task 1999');
  await expect(list.getByRole('option').allTextContents()).resolves.toEqual(['Task 1999t1999']);
  await page.keyboard.press('Enter');
  await expect(field.getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(field.inputValue()).resolves.toBe('Task 1999');
  await expect(count.textContent()).resolves.toBe('1 row'); // its declaration (status pending) is its only row
  await expect(page.locator('[data-row]').first().textContent()).resolves.toContain('t1999');
  // Escape with the list closed clears the filter and leaves the details panel alone.
  await page.keyboard.press('Escape');
  await expect(field.inputValue()).resolves.toBe('');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="timeline-count"]')?.textContent?.replace(/\D/g, '')) > 2_000);
  await page.close();
});
