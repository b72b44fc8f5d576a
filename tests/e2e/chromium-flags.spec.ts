/**
 * The browser tests' Chromium runs as chromium-server.ts means it to: no omnibox popup built
 * for each tab (about 1.4 s of CPU per page otherwise), and Playwright's own disabled features
 * still disabled. Chromium reads only the last `--disable-features` it is given, and ours comes
 * after Playwright's, so ours must repeat Playwright's list; a Playwright upgrade that adds a
 * feature to it fails here, naming the feature.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';

import { startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => {
  await harness.close();
});

test('a new tab gets no omnibox popup of its own', async () => {
  const page = await harness.newPage();
  await page.goto(harness.sim.url);
  const browser = harness.context.browser();
  if (!browser) throw new Error('the harness context has no browser');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://omnibox-popup'))).toEqual([]);
  await page.close();
});

test('every feature Playwright disables stays disabled', async () => {
  const page = await harness.newPage();
  await page.goto('chrome://version');
  const commandLine = (await page.locator('#command_line').textContent()) ?? '';
  const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => (match[1] ?? '').split(','));
  expect(lists.length).toBeGreaterThan(1);
  const effective = new Set(lists.at(-1));
  expect(lists.flat().filter((feature) => !effective.has(feature))).toEqual([]);
  expect([...effective]).toContain('WebUIOmniboxPopup');
  await page.close();
});
