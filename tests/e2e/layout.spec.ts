/**
 * Layout a person meets at laptop widths (issue 20), in real Chromium against the built app:
 * the console's table never scrolls sideways at 1280 or 1440 px, so its Gates column ("a gate
 * waits") is never clipped; the raw frame behind a timeline row shows a useful number of lines;
 * a backend that is down says why once, even after "Test connection" got the same answer; the
 * run header keeps its height when the run's controls go at its end (the panes below do not jump).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';

import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { DIALECTS } from '@/protocol/dialects';

import { approveElsewhere, liveUrl, startBrowserHarness, type BrowserHarness } from './browser';
import { backend, withBackends } from './console-support';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true });
});
afterAll(async () => {
  await harness.close();
});

test.each([1280, 1440])('at %i px the console’s table does not scroll sideways and shows every Gates cell whole', async (width) => {
  const page = await harness.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${harness.sim.url}/?page=welcome`);
  await page.getByRole('button', { name: /Keep the simulator/ }).click();
  // The widest Gates cells: "N waiting" (a backend that counts) or "a gate waits" (one that only says so).
  await page.getByText(/^(\d+ waiting|a gate waits)$/).first().waitFor({ timeout: 20_000 });
  const fit = await page.locator('table').evaluate((table) => {
    const wrapper = table.parentElement as HTMLElement;
    const right = wrapper.getBoundingClientRect().right;
    const cells = [...table.querySelectorAll('tbody tr td:last-child')].map((td) => td.getBoundingClientRect().right);
    return { overflow: wrapper.scrollWidth - wrapper.clientWidth, clipped: cells.filter((r) => r > right + 0.5).length };
  });
  expect(fit).toEqual({ overflow: 0, clipped: 0 });
  await page.close();
});

test('the raw frame behind a row shows at least 12 lines at 1440 × 900', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'fanout~raw-lines'));
  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
  const toggle = page.getByTestId('timeline-scroll').locator('[data-timeline-item]').nth(3).locator('[aria-controls="timeline-raw-frame"]');
  await toggle.click();
  const panel = page.locator('#timeline-raw-frame');
  // Failed once in a fresh clone on a loaded machine, with no panel to read: a failure now says what the page showed.
  await panel.locator('pre').first().waitFor({ state: 'attached' }).catch(async (error: unknown) => {
    const expanded = await toggle.getAttribute('aria-expanded', { timeout: 1_000 }).catch(() => 'no toggle');
    const shown = await panel.textContent({ timeout: 1_000 }).catch(() => 'no panel');
    throw new Error(`no raw frame shown: the toggle's aria-expanded is ${expanded}; the panel reads: ${shown}`, { cause: error });
  });
  const lines = await panel.evaluate((el) => {
    const pre = el.querySelector('pre') as HTMLElement;
    const lineHeight = Number.parseFloat(getComputedStyle(pre).lineHeight);
    const top = Math.max(pre.getBoundingClientRect().top, el.getBoundingClientRect().top);
    const bottom = Math.min(el.getBoundingClientRect().bottom, window.innerHeight);
    return Math.floor((bottom - top) / lineHeight);
  });
  expect(lines).toBeGreaterThanOrEqual(12);
  // Relavium's frames come over SSE and are kept as the text they came in: shown parsed, not as a string.
  expect(await panel.locator('pre').first().textContent()).toMatch(/^\{\s*\n\s+"/);
  await page.screenshot({ path: 'tests/e2e/screenshots/timeline-raw-frame.png' });
  await page.close();
});

test('a down backend says its message once, even after Test connection got the same answer', async () => {
  const page = await harness.newPage();
  await withBackends(page, harness.sim.url, [backend('d', 'relavium', 'http://127.0.0.1:9', 'Down')]);
  const row = page.getByRole('listitem', { name: 'Down' });
  await row.getByText(/Unreachable/).waitFor({ timeout: 20_000 });
  await row.getByRole('button', { name: 'Test connection' }).click();
  await row.getByRole('status').getByText(/Tested again/).waitFor();
  const text = (await row.textContent()) ?? '';
  expect(text.split('Nothing answers at').length - 1).toBe(1);
  await page.close();
});

/** Every element that says "Paused", and whether the box that holds it cuts it (its own or an ancestor's overflow). */
function pausedTextCut(): { text: string; cut: boolean }[] {
  const found: { text: string; cut: boolean }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/\bPaused\b/.test(node.textContent ?? '')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    if (text.width === 0) continue;
    let cut = text.right > window.innerWidth + 0.5;
    for (let el = node.parentElement; el && !cut; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.overflowX === 'visible') continue;
      const box = el.getBoundingClientRect();
      cut = text.right > box.right + 0.5 || text.left < box.left - 0.5;
    }
    found.push({ text: node.textContent ?? '', cut });
  }
  return found;
}

test.each([1024, 1440])('at %i px an AG-UI run paused at a gate says "Paused" whole', async (width) => {
  const page = await harness.newPage();
  await page.setViewportSize({ width, height: 800 });
  const url = simulatorBackendUrl(DIALECTS.agui, harness.sim.url);
  await page.goto(`${harness.sim.url}/?${new URLSearchParams({ dialect: 'agui', url, run: `hold~paused-${width}`, start: 'Deploy release 2.4' }).toString()}`);
  await page.getByRole('button', { name: 'Start run' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Decide later' }).click({ timeout: 30_000 });
  await page.getByRole('status', { name: 'Stream status' }).getByText('Paused', { exact: true }).waitFor({ timeout: 10_000 });
  await page.screenshot({ path: `tests/e2e/screenshots/agui-paused-${width}.png` });
  const said = await page.evaluate(pausedTextCut);
  expect(said.length).toBeGreaterThan(0);
  expect(said.filter((s) => s.cut)).toEqual([]);
  // The bar beside it keeps its buttons whole: none cut at the window's edge, none wrapped onto two lines.
  const bar = await page.getByRole('navigation', { name: 'Runboard' }).evaluate((nav) => {
    const buttons = [...nav.querySelectorAll('button')].filter((b) => b.getBoundingClientRect().width > 0);
    const heights = buttons.map((b) => b.getBoundingClientRect().height);
    return {
      cut: buttons.filter((b) => b.getBoundingClientRect().right > window.innerWidth + 0.5).map((b) => b.textContent),
      wrapped: buttons.filter((b) => b.getBoundingClientRect().height > Math.min(...heights) + 2).map((b) => b.textContent),
    };
  });
  expect(bar).toEqual({ cut: [], wrapped: [] });
  await page.close();
});

test('the run header keeps its height from running to ended (the panes below do not move)', async () => {
  const page = await harness.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  // A standing gate holds the run at "running" for as long as the test needs; a run that just
  // plays out can end before a slow machine first paints it.
  const run = 'hold~header-height';
  await page.goto(liveUrl(harness.sim, 'relavium', run));
  const header = page.locator('header').filter({ has: page.locator('[data-run-status]') });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Decide later' }).click({ timeout: 20_000 });
  await page.getByRole('button', { name: /^Cancel/ }).first().waitFor({ timeout: 20_000 });
  const running = await header.evaluate((el) => el.getBoundingClientRect().height);
  await approveElsewhere(harness.sim, run);
  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
  const ended = await header.evaluate((el) => el.getBoundingClientRect().height);
  expect(ended).toBe(running);
  await page.screenshot({ path: 'tests/e2e/screenshots/run-header-ended.png', clip: { x: 0, y: 0, width: 1440, height: 160 } });
  await page.close();
});
