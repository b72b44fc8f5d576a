/**
 * AG-UI run facts in real Chromium against the built app, with the simulator playing a run
 * the way the official framework adapters send it (no timestamps, no input echo, no steps,
 * usage on RUN_FINISHED, state as a snapshot then patches): the header's received times,
 * title, tokens and "no cost reported"; tool-call nodes; the state panel with the last
 * change highlighted; and in replay, the state at the scrubbed point.
 */
import { mkdirSync } from 'node:fs';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { aguiDialect, buildRunInput } from '@/protocol/agui/agui-dialect';

import { startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
  mkdirSync('tests/e2e/screenshots', { recursive: true });
});
afterAll(async () => {
  await harness.close();
});

const ASK = 'Find me good sources on heat pumps';

async function openLiveRun(page: Page, run: string): Promise<void> {
  const params = new URLSearchParams({ dialect: 'agui', url: simulatorBackendUrl(aguiDialect, harness.sim.url), run, start: ASK });
  await page.goto(`${harness.sim.url}/?${params.toString()}`);
  await page.getByRole('button', { name: 'Start run' }).click();
  await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
}

describe('AG-UI run facts in the browser', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`a run without timestamps, echo or steps still shows its facts (${scheme})`, async () => {
      const page = await harness.newPage({ colorScheme: scheme });
      await openLiveRun(page, `facts-${scheme}`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(ASK);
      await expect(page.getByTestId('total-cost').textContent()).resolves.toBe('no cost reported');
      await expect(page.getByTestId('total-tokens').textContent()).resolves.toBe('1,534');
      await expect(page.getByTestId('run-started').textContent()).resolves.toMatch(/^\d\d:\d\d:\d\d.*received/);
      await expect(page.getByTestId('run-elapsed').textContent()).resolves.toMatch(/rcv/);
      await expect(page.locator('[data-row] [data-received-mark]').count()).resolves.toBeGreaterThan(0);
      for (const label of ['web_search', 'fetch_page']) await page.locator(`[aria-label^="${label}: succeeded"]`).first().waitFor({ timeout: 5_000 });

      await page.getByRole('tab', { name: 'State' }).click();
      await page.getByTestId('state-tree').waitFor();
      await expect(page.locator('[data-changed]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pointer')))).resolves.toEqual(['/status']);
      await expect(page.locator('[data-pointer="/sources/2"]').textContent()).resolves.toContain('paywalled');
      await page.screenshot({ path: `tests/e2e/screenshots/agui-facts-state-${scheme}.png` });
      await page.getByRole('tab', { name: 'Cost' }).click();
      await page.getByText(/tokens but no price: 1,534 tokens/).waitFor();
      await page.screenshot({ path: `tests/e2e/screenshots/agui-facts-cost-${scheme}.png` });

      await page.locator('[aria-label^="web_search: succeeded"]').first().click();
      const details = page.getByRole('complementary', { name: 'Node details: web_search' });
      await details.waitFor();
      await expect(details.locator('[data-fact="cost"]').textContent()).resolves.toBe('no cost reported');
      await details.getByText('Called web_search').or(details.getByText('web_search', { exact: true })).first().waitFor();
      await page.screenshot({ path: `tests/e2e/screenshots/agui-facts-node-${scheme}.png` });
      await page.close();
    });
  }

  test('replay shows the state at the scrubbed point, with that change highlighted', async () => {
    const recording = await recordAdapterRun('facts-replay');
    const page = await harness.newPage();
    await page.goto(`${harness.sim.url}/`);
    await page.getByLabel('Open a recording file (.jsonl)').setInputFiles({ name: 'adapter.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(recording.text) });
    const slider = page.getByRole('slider', { name: 'Replay position' });
    await slider.waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'State' }).click();
    await slider.focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < recording.firstDelta; i++) await page.getByRole('button', { name: 'Step forward one frame' }).click();
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe(`frame ${recording.firstDelta + 1} of ${recording.frames}`);
    await page.getByTestId('state-tree').waitFor();
    await expect(page.locator('[data-changed]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pointer')))).resolves.toEqual(['/sources/0', '/toolCalls']);
    await expect(page.locator('[data-pointer="/sources/1"]').count()).resolves.toBe(0);
    await expect(page.locator('[data-pointer="/status"]').textContent()).resolves.toContain('"working"');
    await page.screenshot({ path: 'tests/e2e/screenshots/agui-facts-replay-light.png' });

    await slider.focus();
    await page.keyboard.press('End');
    await expect(page.locator('[data-pointer="/status"]').textContent()).resolves.toContain('"done"');
    await expect(page.locator('[data-pointer="/sources/2"]').count()).resolves.toBe(1);
    await page.close();
  });
});

/** A recording of one adapter-style run, in the format the app writes (our POST, then each SSE frame). */
async function recordAdapterRun(threadId: string): Promise<{ text: string; frames: number; firstDelta: number }> {
  const body = buildRunInput({ threadId, runId: `${threadId}-1`, messages: [{ id: 'u1', role: 'user', content: ASK }] });
  const response = await fetch(simulatorBackendUrl(aguiDialect, harness.sim.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  const events = (await response.text())
    .split('\n\n')
    .filter((block) => block.trim().length > 0)
    .map((block) => JSON.parse(block.slice('data: '.length)) as { type: string });
  const header = { runboard: 1, dialect: 'agui', transport: 'sse', source: simulatorBackendUrl(aguiDialect, harness.sim.url), startedAt: new Date().toISOString(), runId: threadId };
  const lines = [header, { t: 0, out: { via: 'run', body } }, ...events.map((data, i) => ({ t: 100 * (i + 1), frame: { data } }))];
  return { text: `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`, frames: events.length, firstDelta: events.findIndex((e) => e.type === 'STATE_DELTA') };
}
