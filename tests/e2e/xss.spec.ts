/**
 * Untrusted content in real Chromium: the `xss` simulator scenario puts XSS payloads into
 * every string field a run carries, and each dialect's own encoder carries them over its
 * real wire. For every dialect: the gate dialog, the canvas, the timeline and the node
 * details show the payloads as text; no payload element reaches the DOM; no payload runs
 * (`window.__pwned` stays unset); and the page carries a CSP that forbids inline script.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { DIALECTS } from '@/protocol/dialects';
import { XSS_PAYLOADS } from '@/simulator/scenarios/hostile-text';

import { startBrowserHarness, type BrowserHarness } from './browser';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

/** Elements or attributes a payload would have created had it been parsed as HTML. */
async function injectedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll('img[src="x"], svg[onload], iframe, a[href^="javascript:" i], [onerror], [onload]')) found.push(el.outerHTML.slice(0, 120));
    for (const script of document.querySelectorAll('script')) if (!script.src) found.push(`inline script: ${script.textContent?.slice(0, 80) ?? ''}`);
    return found;
  });
}

async function expectNothingRan(page: Page) {
  await expect(page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).resolves.toBeUndefined();
  await expect(injectedElements(page)).resolves.toEqual([]);
}

describe.each(Object.values(DIALECTS))('$id with hostile text', (dialect) => {
  test('every payload shows as text and none runs', async () => {
    const page = await harness.newPage();
    const base = simulatorBackendUrl(dialect, harness.sim.url);
    const params = new URLSearchParams({ dialect: dialect.id, url: base, run: `xss~e2e-${dialect.id}` });
    if (dialect.capabilities.startsRuns) params.set('start', `[scenario:xss] ${XSS_PAYLOADS[0]}`);
    await page.goto(`${harness.sim.url}/?${params.toString()}`);
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    // MARS asks a person only in its asking modes (a one-shot run, its default, never does).
    if (dialect.id === 'mars') await page.getByLabel('Mode', { exact: true }).selectOption('copilot');
    if (dialect.capabilities.startsRuns) await page.getByRole('button', { name: 'Start run' }).click();

    // The run reaches its gate: labels, tokens, tool calls, logs and costs are on screen by then.
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).first();
    await dialog.waitFor({ timeout: 20_000 });
    // As text: in the message, or (myagent, whose confirmation text is the server's own) in the context's JSON.
    const text = (await dialog.textContent()) ?? '';
    expect([XSS_PAYLOADS[0], JSON.stringify(XSS_PAYLOADS[0]).slice(1, -1)].some((shown) => text.includes(shown))).toBe(true);
    // myagent's server coalesces streamed words (some never arrive): its step labels carry a payload for sure.
    const onScreen = dialect.id === 'myagent' ? XSS_PAYLOADS[1] : XSS_PAYLOADS[2];
    await page.waitForFunction((payload) => document.body.innerText.includes(payload), onScreen, { timeout: 10_000 });
    await expectNothingRan(page);
    await page.close();
  });
});
