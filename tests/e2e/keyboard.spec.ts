/**
 * Keyboard use and live regions in real Chromium: from the start page, Tab reaches a
 * simulator run and Enter opens it; on the run view, Tab reaches the canvas, arrows move
 * between nodes and Enter opens a node's details (a complementary landmark named
 * "Node details: <label>"); `/` focuses the timeline search and `?` opens the shortcut
 * help. The stream status is a role=status region, and a new gate is announced in an
 * aria-live=assertive region. A control the protocol cannot do is reached by Tab and says
 * why in a visible note; Escape never leaves focus on the page body; the replay player
 * answers Space, ←/→, Home and End, and the help lists them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

/** Presses Tab until `matches` holds for the focused element; fails after `max` presses. */
async function tabUntil(page: Page, matches: () => boolean, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(matches)) return;
  }
  throw new Error(`focus never reached the target in ${max} Tab presses`);
}

test('Tab reaches a simulator run on the start page and Enter opens it', async () => {
  const page = await harness.newPage();
  await page.goto(harness.sim.url);
  await page.getByRole('region', { name: /simulator runs$/ }).first().getByRole('button').first().waitFor();
  await tabUntil(page, () => document.activeElement?.closest('section[aria-label$="simulator runs"]') !== null && document.activeElement?.tagName === 'BUTTON');
  await page.keyboard.press('Enter');
  await page.getByRole('status', { name: 'Stream status' }).waitFor({ timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get('dialect')).not.toBeNull();
  await page.close();
});

test('on the run view, the canvas, node details, search and help work from the keyboard', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'fanout~keyboard'));
  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
  await page.locator('.react-flow__node').nth(1).waitFor();

  await tabUntil(page, () => document.activeElement?.classList.contains('react-flow__node') === true, 120);
  const focusedLabel = () => page.evaluate(() => (document.activeElement?.getAttribute('aria-label') ?? '').replace(/: [^:]*$/, ''));
  const first = await focusedLabel();
  expect(first).not.toBe('');
  await page.keyboard.press('Enter');
  await page.getByRole('complementary', { name: `Node details: ${first}` }).waitFor();
  await page.keyboard.press('ArrowRight');
  const next = await focusedLabel();
  expect(next).not.toBe(first);
  await page.keyboard.press('Enter');
  await page.getByRole('complementary', { name: `Node details: ${next}` }).waitFor();

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search timeline');
  await page.keyboard.press('Escape');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  await page.close();
});

test('the stream status is a status region and a new gate is announced assertively', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'hold~announce'));
  const status = page.getByRole('status', { name: 'Stream status' });
  await status.waitFor({ timeout: 20_000 });
  expect(await status.getAttribute('aria-live')).toBe('polite');
  await page.getByRole('alertdialog').waitFor({ timeout: 20_000 });
  const announcer = page.locator('#gate-announcer[aria-live="assertive"]');
  await expect.poll(() => announcer.textContent()).toMatch(/^New gate waiting: .+/);
  await page.close();
});

const focusedIsBody = (page: Page) => page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

test('an unavailable control is reached by Tab and says why, visibly', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'hold~controls'));
  await page.getByRole('alertdialog').waitFor({ timeout: 20_000 });
  await page.keyboard.press('Escape'); // decide later: the run keeps waiting, the controls stay
  await tabUntil(page, () => document.activeElement?.textContent?.startsWith('Pause') === true);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-disabled'))).toBe('true');
  const note = page.getByRole('tooltip');
  await note.waitFor();
  expect(await note.isVisible()).toBe(true);
  expect(await note.textContent()).toMatch(/^Pause is not available: relavium pauses only at gates/);
  const describedBy = await page.evaluate(() => document.activeElement?.getAttribute('aria-describedby'));
  expect(await note.getAttribute('id')).toBe(describedBy);
  await page.keyboard.press('Enter'); // pressing it sends nothing and keeps the note
  expect(await note.isVisible()).toBe(true);
  expect(harness.sim.received.filter((c) => c.runId === 'hold~controls' && c.kind !== 'stream.open')).toEqual([]);
  await page.close();
});

test('Escape never leaves focus on the page body', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'fanout~escape'));
  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
  // Node details opened from the canvas, closed from inside: focus goes back to the node.
  await tabUntil(page, () => document.activeElement?.classList.contains('react-flow__node') === true, 120);
  const node = await page.evaluate(() => document.activeElement?.getAttribute('data-id'));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Close node details' }).focus();
  await page.keyboard.press('Escape');
  await page.getByRole('complementary').waitFor({ state: 'detached' });
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-id'))).toBe(node);

  // The raw frame panel, closed with Escape from its own button: focus goes back to the row's raw button.
  const raw = page.locator('[data-item-secondary]').last();
  const rawName = (await raw.getAttribute('aria-label')) ?? '';
  await raw.click();
  await page.getByRole('button', { name: 'Close raw frame' }).focus();
  await page.keyboard.press('Escape');
  await page.getByRole('region', { name: rawName }).waitFor({ state: 'detached' });
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(rawName);

  // A dialog opened while nothing had focus (the shortcut help from the body) does not hand focus back to the body.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });
  await expect.poll(() => focusedIsBody(page)).toBe(false);
  await page.close();
});

test('the replay player answers Space, arrows, Home and End, and the help lists them', async () => {
  const page = await harness.newPage();
  await page.goto(`${harness.sim.url}/?replay=/recordings/relavium-fanout.jsonl&at=4`);
  const slider = page.getByRole('slider', { name: 'Replay position' });
  await slider.waitFor({ timeout: 20_000 });
  const total = Number(await slider.getAttribute('max'));
  const frame = () => slider.getAttribute('aria-valuetext');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowRight');
  await expect.poll(frame).toBe(`frame 6 of ${total}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(frame).toBe(`frame 4 of ${total}`);
  await page.keyboard.press('End');
  await expect.poll(frame).toBe(`frame ${total} of ${total}`);
  await page.keyboard.press('Home');
  await expect.poll(frame).toBe(`frame 1 of ${total}`);
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await help.getByText('Play or pause the replay').waitFor();
  await help.getByText('Step one frame back / forward').waitFor();
  await page.close();
});
