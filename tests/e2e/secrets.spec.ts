/**
 * Secrets in real Chromium: a token typed into the start page's connect form reaches the
 * backend only as it should — an `Authorization: Bearer` header (relavium, shannon: SSE) or
 * the Socket.IO handshake auth (tolky) — and nowhere else: not in the address bar or any URL
 * the tab visited or requested, not in localStorage, in sessionStorage only when "Remember for
 * this browser tab only" was ticked, not in the exported recording, not in any console
 * message, not in the page. The simulator records only whether a token came and its first
 * two characters. A redacted-secret marker in a payload (relavium's run:started inputs)
 * renders as "[redacted secret: <ref>]".
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { downloadText, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

type Case = Readonly<{ dialect: 'relavium' | 'shannon' | 'tolky'; remember: boolean; recordKind: string }>;
const CASES: readonly Case[] = [
  { dialect: 'relavium', remember: true, recordKind: 'stream.open' },
  { dialect: 'shannon', remember: false, recordKind: 'stream.open' },
  { dialect: 'tolky', remember: true, recordKind: 'connection' },
];

/** Everything the tab says or visits that a token must never reach. */
function watch(page: Page) {
  const seen = { console: [] as string[], urls: [] as string[] };
  page.on('console', (message) => seen.console.push(message.text()));
  page.on('framenavigated', (frame) => seen.urls.push(frame.url()));
  page.on('request', (request) => seen.urls.push(request.url()));
  return seen;
}

async function connect(page: Page, c: Case, token: string, run: string) {
  await page.goto(harness.sim.url);
  const form = page.getByRole('form', { name: 'Connect to a backend' });
  await form.getByLabel('Protocol').selectOption(c.dialect);
  await form.getByLabel('Backend URL').fill(harness.sim.url);
  await form.getByLabel(/^Run/).fill(run);
  await form.getByLabel(/^Token/).fill(token);
  if (c.remember) await form.getByLabel('Remember for this browser tab only').check();
  await form.getByRole('button', { name: 'Open run' }).click();
  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
}

async function exportedRecording(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export recording' }).click()]);
  return downloadText(download);
}

describe.each(CASES)('$dialect token (remember: $remember)', (c) => {
  test('travels only in the auth channel and is kept nowhere it should not be', async () => {
    const token = `sk-runboard-${c.dialect}-7f3a9c41e2`;
    const run = `fanout~secrets-${c.dialect}`;
    const page = await harness.newPage();
    const seen = watch(page);
    await connect(page, c, token, run);

    expect(page.url()).not.toContain(token);
    expect(seen.urls.filter((url) => url.includes(token))).toEqual([]);
    const storage = await page.evaluate(() => ({ local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
    expect(storage.local).not.toContain(token);
    if (c.remember) expect(storage.session).toContain(token);
    else expect(storage.session).not.toContain(token);
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(token);

    const recording = await exportedRecording(page);
    expect(recording.split('\n')[0]).toContain('"runboard":1');
    expect(recording.split('\n').length).toBeGreaterThan(5);
    expect(recording).not.toContain(token);
    expect(seen.console.filter((text) => text.includes(token))).toEqual([]);

    // The backend saw a token on the stream's own channel, and its records keep no more than 2 characters of it.
    const opened = harness.sim.received.filter((r) => r.dialect === c.dialect && r.kind === c.recordKind);
    expect(opened.length).toBeGreaterThan(0);
    for (const record of opened) expect(record.body).toMatchObject({ bearer: true, tokenPrefix: 'sk' });
    expect(JSON.stringify(harness.sim.received)).not.toContain(token);
    await page.close();
  });
});

test('a redacted-secret marker in a payload renders as redacted, with its ref and no value', async () => {
  const page = await harness.newPage();
  const params = new URLSearchParams({ dialect: 'relavium', url: harness.sim.url, run: 'fanout~secrets-marker' });
  await page.goto(`${harness.sim.url}/?${params.toString()}`);
  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
  // Row 0 is run.started, whose inputs carry `apiKey: {secret: true, ref: 'env:PROVIDER_API_KEY'}`.
  // The timeline keeps only a window of rows in the page and follows the newest: scroll to the top first.
  await page.getByTestId('timeline-scroll').evaluate((list) => list.scrollTo({ top: 0 }));
  await page.getByRole('button', { name: 'Raw frame of row 0' }).click();
  const raw = await page.getByRole('region', { name: 'Raw frame of row 0' }).innerText();
  expect(raw).toContain('run:started');
  expect(raw).toContain('[redacted secret: env:PROVIDER_API_KEY]');
  expect(raw).not.toMatch(/"secret":\s*true/);
  await page.close();
});
