/**
 * A reviewer called when a gate waits, in real Chromium against the built app: permission
 * asked only from the "Notify" switch (granted: remembered; denied: said, nothing shown);
 * a gate waiting in a background tab is notified with its question and run, a tab in front
 * is not; two tabs of one browser notify once between them, and not again after a reload;
 * a gate answered in one tab withdraws the other's notification; clicking the notification
 * focuses its tab and opens the gate; the favicon counts the gates waiting. Notifications
 * are observed by wrapping window.Notification (notification-recorder.ts): the real API runs.
 */
import { writeFileSync } from 'node:fs';

import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { seriousViolations } from './axe-scan';
import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';
import { backend, BACKENDS_KEY } from './console-support';
import { heldClock } from './held-clock';
import { clickNote, notesOf, recordCounts, recordNotifications } from './notification-recorder';

let harness: BrowserHarness;
/** Held while a test puts run tabs in the background: their run (and its gate) starts only after. */
const clock = heldClock();
/** Kept open for the whole file: Chromium drops a session's permission overrides when it detaches. */
let permissions: CDPSession;
beforeAll(async () => {
  // A profile of its own: notifications and CDP's permission overrides need a profile's default context.
  harness = await startBrowserHarness({ persistentProfile: true, clock });
  await recordNotifications(harness.context);
  permissions = await harness.context.newCDPSession(await harness.context.newPage());
});
afterAll(async () => {
  await harness.close();
});

const QUESTION = 'Deploy release 2.4 to production?';
const SETTINGS_KEY = 'runboard.notify.settings';
const runUrl = (run: string) => liveUrl(harness.sim, 'relavium', run);

/**
 * Lets the page's document.hasFocus() tell the truth: Playwright emulates focus on every page
 * (again after each navigation), so headless Chromium would call every tab attended; with that
 * off, the tab brought to front is the one focused, the others are background tabs.
 */
async function unfocus(page: Page): Promise<void> {
  const cdp = await harness.context.newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
}

async function newPage(options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
  const page = await harness.newPage(options);
  await unfocus(page);
  return page;
}

async function setPermission(setting: 'granted' | 'denied' | 'prompt') {
  await permissions.send('Browser.setPermission', { permission: { name: 'notifications' }, setting, origin: harness.sim.url });
}

/** A page at the front of the browser, on the welcome page (no run of its own), with gate notifications on. */
async function frontPage(): Promise<Page> {
  const page = await newPage();
  await page.goto(`${harness.sim.url}/?page=welcome`);
  await page.evaluate(([key]) => localStorage.setItem(key!, JSON.stringify({ gates: true })), [SETTINGS_KEY]);
  await page.bringToFront();
  return page;
}

/**
 * A run page in a tab behind `front`: opened from it as a new tab of the same window (headless
 * Chromium tells separate windows they all have the focus), which takes the focus; the focus is
 * given back to `front` before the run plays its first step (the simulator's clock is held
 * until then, however slow the machine).
 */
async function backgroundRunPage(front: Page, run: string): Promise<Page> {
  return whileHeld(() => backgroundTab(front, runUrl(run)));
}

/** Holds the simulator's clock while `prepare` runs: no run plays a step before it is done. */
async function whileHeld<T>(prepare: () => Promise<T>): Promise<T> {
  clock.hold();
  try {
    return await prepare();
  } finally {
    clock.letGo();
  }
}

async function backgroundTab(front: Page, url: string, prepare?: (page: Page) => Promise<void>): Promise<Page> {
  const [page] = await Promise.all([harness.context.waitForEvent('page'), front.evaluate(() => void window.open('/?page=welcome', '_blank'))]);
  await page.waitForLoadState();
  await prepare?.(page);
  await page.goto(url);
  await unfocus(page);
  await front.bringToFront();
  return page;
}

const notesFor = async (pages: readonly Page[], run: string) => (await Promise.all(pages.map(notesOf))).flat().filter((n) => n.body.includes(run));

test('permission is asked only from the Notify switch; granted, the choice is remembered', async () => {
  const page = await newPage();
  const gates = page.getByRole('group', { name: 'Notification settings' }).getByRole('checkbox', { name: 'A gate waits for a reviewer' });
  await setPermission('prompt');
  await page.goto(runUrl('hold~ask'));
  await page.getByRole('alertdialog', { name: QUESTION }).waitFor({ timeout: 20_000 });
  await expect(recordCounts(page)).resolves.toMatchObject({ permissionRequests: 0 });
  // The person's answer to the prompt, given ahead: headless Chromium has no prompt to click, and an
  // unanswered one would stall the browser. The page still asks, from the switch's click.
  await setPermission('granted');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Notify' }).click();
  await gates.click();
  await expect.poll(() => gates.isChecked()).toBe(true);
  await expect(recordCounts(page)).resolves.toMatchObject({ permissionRequests: 1 });
  await expect(page.getByRole('checkbox', { name: 'A run I watch fails' }).isChecked()).resolves.toBe(false);
  await page.reload();
  await page.getByRole('alertdialog', { name: QUESTION }).waitFor({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Notify: on' }).click();
  await expect(gates.isChecked()).resolves.toBe(true);
  await expect(recordCounts(page)).resolves.toMatchObject({ permissionRequests: 0 });
  // Changeable: off again, and remembered off.
  await gates.click();
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), SETTINGS_KEY)).toMatch(/"gates":false/);
  await page.close();
});

test('denied: the switch says why and stays off, and a background gate shows nothing', async () => {
  const front = await frontPage();
  await setPermission('denied');
  const page = await backgroundRunPage(front, 'hold~denied');
  await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('(1) Runboard');
  await page.waitForTimeout(1_000);
  await page.bringToFront();
  await page.getByRole('alertdialog', { name: QUESTION }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Notify' }).click();
  const gates = page.getByRole('checkbox', { name: 'A gate waits for a reviewer' });
  await expect(gates.isDisabled()).resolves.toBe(true);
  await expect(gates.isChecked()).resolves.toBe(false);
  await page.getByText(/This browser blocks notifications from Runboard/).waitFor();
  await page.screenshot({ path: 'tests/e2e/screenshots/notify-settings-denied.png' });
  expect(await notesFor([front, page], 'hold~denied')).toEqual([]);
  await setPermission('granted');
  await Promise.all([front.close(), page.close()]);
});

test('a gate in a background tab is notified with its question and run; a tab in front stays quiet', async () => {
  await setPermission('granted');
  const front = await frontPage();
  const back = await backgroundRunPage(front, 'hold~background');
  await expect.poll(() => notesFor([back], 'hold~background'), { timeout: 20_000 }).toHaveLength(1);
  const [note] = await notesFor([back], 'hold~background');
  expect(note).toMatchObject({ title: `Gate waiting: ${QUESTION}`, closed: false });
  expect(note?.body).toMatch(/^Run: Deploy release 2\.4 · Relavium \(SSE\) · hold~background\n/);

  // The same kind of gate in the tab the person looks at: they see it there, no notification.
  await front.goto(runUrl('hold~in-front'));
  await front.getByRole('alertdialog', { name: QUESTION }).waitFor({ timeout: 20_000 });
  await front.waitForTimeout(1_000);
  expect(await notesFor([front, back], 'hold~in-front')).toEqual([]);
  await Promise.all([front.close(), back.close()]);
});

test('two tabs notify once between them, not again after a reload; answered in one, withdrawn in the other', async () => {
  await setPermission('granted');
  const front = await frontPage();
  // Both tabs are behind before the run starts: its gate comes to two background tabs at once.
  const [a, b] = await whileHeld(async () => [await backgroundTab(front, runUrl('hold~two-tabs')), await backgroundTab(front, runUrl('hold~two-tabs'))] as const);
  await expect.poll(() => notesFor([a, b], 'hold~two-tabs'), { timeout: 20_000 }).toHaveLength(1);
  await front.waitForTimeout(1_500);
  expect(await notesFor([a, b], 'hold~two-tabs')).toHaveLength(1);
  const holder = (await notesOf(a)).length > 0 ? a : b;
  const other = holder === a ? b : a;

  await other.reload();
  await unfocus(other);
  await front.bringToFront();
  await expect.poll(() => other.title(), { timeout: 20_000 }).toBe('(1) Runboard');
  await other.waitForTimeout(1_500);
  expect(await notesFor([a, b], 'hold~two-tabs')).toHaveLength(1);

  await other.bringToFront();
  const dialog = other.getByRole('alertdialog', { name: QUESTION });
  await dialog.waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(async () => (await notesFor([holder], 'hold~two-tabs'))[0]?.closed, { timeout: 20_000 }).toBe(true);
  await Promise.all([front.close(), a.close(), b.close()]);
});

test('clicking the notification focuses the console tab and opens the gate there', async () => {
  await setPermission('granted');
  const front = await frontPage();
  const watched = JSON.stringify([backend('r', 'relavium', harness.sim.url, 'Relavium sim', { watchRunning: true })]);
  const consoleTab = await backgroundTab(front, `${harness.sim.url}/`, (page) => page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [BACKENDS_KEY, watched]));
  // The run starts once the console watches in the background; the watcher finds it on a later poll.
  await fetch(`${harness.sim.url}/runs/hold~click`).then((r) => r.text());
  await expect.poll(() => notesFor([consoleTab], 'hold~click'), { timeout: 30_000 }).toHaveLength(1);
  expect(await consoleTab.getByRole('alertdialog').count()).toBe(0);

  expect(await clickNote(consoleTab, 'hold~click')).toBe(true);
  const dialog = consoleTab.getByRole('alertdialog', { name: QUESTION });
  await dialog.getByText(/Run: .*hold~click/).waitFor({ timeout: 10_000 });
  await expect(recordCounts(consoleTab)).resolves.toMatchObject({ focusCalls: 1 });
  expect((await notesFor([consoleTab], 'hold~click'))[0]?.closed).toBe(true);
  // Later tests open run pages: no backend watched behind them.
  await consoleTab.evaluate(([key]) => localStorage.removeItem(key!), [BACKENDS_KEY]);
  await Promise.all([front.close(), consoleTab.close()]);
});

test('the favicon counts the gates waiting and goes back to plain when none is left', async () => {
  const page = await newPage();
  await page.goto(runUrl('hold~favicon'));
  const dialog = page.getByRole('alertdialog', { name: QUESTION });
  await dialog.waitFor({ timeout: 20_000 });
  await expect.poll(() => page.title()).toBe('(1) Runboard');
  await expect.poll(() => iconHref(page)).toMatch(/^data:image\/png;base64,/);
  writeFileSync('tests/e2e/screenshots/notify-favicon-1.png', Buffer.from((await iconHref(page))!.split(',')[1]!, 'base64'));
  // The badge's disc is red where the plain icon is dark slate.
  const [r = 0, g = 0, b = 0] = await badgePixel(page);
  expect(r).toBeGreaterThan(180);
  expect(g + b).toBeLessThan(160);

  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('Runboard');
  await expect.poll(() => iconHref(page)).toBe('/favicon.svg');
  await page.close();
});

test.each([
  ['light', 1024],
  ['dark', 1920],
  ['dark', 1024],
  ['light', 1920],
] as const)('the Notify settings (%s, %i wide) have no serious or critical violations', async (colorScheme, width) => {
  const page = await newPage({ colorScheme });
  await page.setViewportSize({ width, height: 720 });
  await page.goto(runUrl(`chat~notify-${colorScheme}-${width}`));
  // Scanned once the run screen has drawn: a panel still loading is not what this test is about.
  await expect.poll(() => page.getByText('Loading…').count(), { timeout: 20_000 }).toBe(0);
  await page.getByRole('button', { name: /^Notify/ }).click({ timeout: 20_000 });
  await page.getByRole('group', { name: 'Notification settings' }).waitFor();
  await page.screenshot({ path: `tests/e2e/screenshots/notify-settings-${colorScheme}-${width}.png` });
  expect(await seriousViolations(page, `notify settings (${colorScheme}, ${width})`)).toEqual([]);
  await page.close();
});

function iconHref(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null);
}

/** The colour at the centre of the badge's disc, read back from the icon's own image. */
function badgePixel(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const image = new Image();
    image.src = document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '';
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const g = canvas.getContext('2d')!;
    g.drawImage(image, 0, 0);
    return [...g.getImageData(44, 6, 1, 1).data];
  });
}
