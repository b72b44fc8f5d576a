/**
 * The run screen's resizable panes in real Chromium against the built app, in both layouts
 * (up to 1600 px: graph over events, side panel beside; wider: graph across, events beside the
 * side panel): dragging a separator and pressing its arrow keys resize the panes it sits
 * between, each pane keeps its least share however far the pointer goes, and Enter puts the
 * default back.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

type Split = Readonly<{ first: number; second: number; now: number; min: number; max: number; alongX: boolean }>;

/** Where a separator stands: the sizes of the panes either side of it along its axis, and its values. */
function splitOf(separator: Locator): Promise<Split> {
  return separator.evaluate((el) => {
    const alongX = el.getAttribute('aria-orientation') === 'vertical';
    const size = (node: Element | null) => (node ? (alongX ? node.getBoundingClientRect().width : node.getBoundingClientRect().height) : Number.NaN);
    const value = (name: string) => Number(el.getAttribute(name));
    return { first: size(document.getElementById(el.getAttribute('aria-controls') ?? '')), second: size(el.nextElementSibling), now: value('aria-valuenow'), min: value('aria-valuemin'), max: value('aria-valuemax'), alongX };
  });
}

/** The first pane's share of the room both have. */
const share = (split: Split) => split.first / (split.first + split.second);

async function drag(page: Page, separator: Locator, byPx: number) {
  const box = await separator.boundingBox();
  if (!box) throw new Error('separator not laid out');
  const { alongX } = await splitOf(separator);
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(alongX ? x + byPx : x, alongX ? y : y + byPx, { steps: 4 });
  await page.mouse.up();
}

const LAYOUTS = [
  { name: 'narrow', width: 1440, height: 900, defaults: { 'Resize the side panel': 64, 'Resize the graph': 58 } },
  { name: 'wide', width: 1920, height: 1080, defaults: { 'Resize the side panel': 62, 'Resize the graph': 48 } },
] as const;

describe.each(LAYOUTS)('the $name layout', ({ name, width, height, defaults }) => {
  test.each(Object.entries(defaults))('“%s” resizes its panes by drag and by keyboard', async (label, defaultSize) => {
    const page = await harness.newPage();
    await page.setViewportSize({ width, height });
    await page.goto(liveUrl(harness.sim, 'relavium', `fanout~panes-${name}-${defaultSize}`));
    const separator = page.getByRole('separator', { name: label });
    await separator.waitFor({ timeout: 20_000 });
    // Sizes are read once the run has ended: the run header's height changes as the run goes, and
    // with it the panes below, whatever a separator does.
    await page.getByText('Run succeeded').first().waitFor({ timeout: 30_000 });
    const other = page.getByRole('separator').and(page.locator(`:not([aria-label="${label}"])`));
    const start = await splitOf(separator);
    const otherStart = await splitOf(other);
    expect(start.now).toBe(defaultSize);
    expect(share(start)).toBeCloseTo(defaultSize / 100, 2);

    await drag(page, separator, 80);
    const dragged = await splitOf(separator);
    expect(dragged.first - start.first).toBeGreaterThan(76);
    expect(dragged.first - start.first).toBeLessThan(84);
    expect(Math.abs(dragged.now - share(dragged) * 100)).toBeLessThan(0.6);
    expect(await splitOf(other)).toEqual(otherStart);

    await separator.focus();
    await page.keyboard.press(start.alongX ? 'ArrowLeft' : 'ArrowUp');
    await page.keyboard.press(start.alongX ? 'ArrowLeft' : 'ArrowUp');
    const keyed = await splitOf(separator);
    expect(share(dragged) - share(keyed)).toBeCloseTo(0.1, 2);
    // An arrow across the axis is not this separator's.
    await page.keyboard.press(start.alongX ? 'ArrowDown' : 'ArrowRight');
    expect(share(await splitOf(separator))).toBeCloseTo(share(keyed), 3);

    await drag(page, separator, -3000);
    const least = await splitOf(separator);
    expect(least.now).toBe(start.min);
    expect(share(least)).toBeCloseTo(start.min / 100, 2);
    await separator.focus();
    await page.keyboard.press('End');
    const most = await splitOf(separator);
    expect(most.now).toBe(start.max);
    expect(share(most)).toBeCloseTo(start.max / 100, 2);

    await page.keyboard.press('Enter');
    const reset = await splitOf(separator);
    expect(reset.now).toBe(defaultSize);
    expect(share(reset)).toBeCloseTo(defaultSize / 100, 2);
    await page.close();
  });
});

test('a window resize keeps each pane’s share', async () => {
  const page = await harness.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(liveUrl(harness.sim, 'relavium', 'fanout~panes-window'));
  const separator = page.getByRole('separator', { name: 'Resize the side panel' });
  await separator.waitFor({ timeout: 20_000 });
  await separator.focus();
  await page.keyboard.press('ArrowLeft');
  await page.setViewportSize({ width: 1500, height: 800 });
  const after = await splitOf(separator);
  expect(after.now).toBe(59);
  expect(after.first / (after.first + after.second)).toBeCloseTo(0.59, 2);
  await page.close();
});

test('on the replay view, a focused separator’s keys resize the panes and leave the replay position alone', async () => {
  const page = await harness.newPage();
  await page.goto(`${harness.sim.url}/?replay=${encodeURIComponent('/recordings/shannon-fanout.jsonl')}&at=10`);
  const slider = page.getByRole('slider', { name: 'Replay position' });
  await slider.waitFor({ timeout: 20_000 });
  const position = await slider.getAttribute('aria-valuetext');
  const separator = page.getByRole('separator', { name: 'Resize the side panel' });
  await separator.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Home');
  expect(await separator.getAttribute('aria-valuenow')).toBe(await separator.getAttribute('aria-valuemin'));
  await page.keyboard.press('End');
  expect(await separator.getAttribute('aria-valuenow')).toBe(await separator.getAttribute('aria-valuemax'));
  expect(await slider.getAttribute('aria-valuetext')).toBe(position);
  await page.close();
});
