/**
 * myagent's answer preview in real Chromium against the built app: the simulated server
 * coalesces partial answers as the real one does (only the latest per window is sent), so
 * words go missing while the answer streams. The node says "partial preview" beside the
 * garbled text while it streams; once the final answer arrives the whole text replaces it in
 * the node's details and the timeline, which say it is the whole answer.
 */
import { mkdirSync } from 'node:fs';

import { afterAll, beforeAll, expect, test } from 'vitest';

import { myagentDialect } from '@/protocol/myagent/myagent-dialect';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

import { startBrowserHarness, type BrowserHarness } from './browser';

const SHOTS = 'tests/e2e/screenshots';
const ANSWER = 'Paris is the capital of France, on the Seine, with about two million people.';
let harness: BrowserHarness;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Slow enough that the preview is on screen for seconds; words still arrive faster than the server's coalescing window.
  harness = await startBrowserHarness({ timeScale: 6 });
});
afterAll(async () => {
  await harness.close();
});

test('a preview with holes says it is partial while it streams, and the whole answer replaces it', { timeout: 120_000 }, async () => {
  const page = await harness.newPage();
  const params = new URLSearchParams({ dialect: 'myagent', url: simulatorBackendUrl(myagentDialect, harness.sim.url), start: '[scenario:chat] What is the capital of France?' });
  await page.goto(`${harness.sim.url}/?${params.toString()}`);
  await page.getByRole('button', { name: 'Start run' }).click();

  const mark = page.getByTestId('streamed-text-mark').filter({ hasText: 'partial preview' }).first();
  await mark.waitFor({ timeout: 60_000 });
  const tail = (await page.getByTestId('node-tail').first().textContent()) ?? '';
  // What streamed is not the answer: words are missing.
  expect(tail.length).toBeGreaterThan(0);
  expect(ANSWER.startsWith(tail.trim())).toBe(false);
  await page.screenshot({ path: `${SHOTS}/myagent-preview-partial.png` });

  await page.getByText('Run completed', { exact: false }).first().waitFor({ timeout: 60_000 });
  const row = page.locator('[data-row]').filter({ hasText: 'Whole answer: Paris is the capital of France' });
  await row.first().waitFor({ timeout: 10_000 });
  await expect(page.locator('[data-row]').filter({ hasText: /Partial preview|^Preview:/ }).count()).resolves.toBe(0);

  await row.first().getByRole('button').first().click();
  const details = page.getByRole('complementary', { name: /^Node details/ });
  await details.waitFor({ timeout: 10_000 });
  const streamed = details.getByRole('region', { name: 'Streamed text' });
  await expect(streamed.textContent()).resolves.toContain(ANSWER);
  await expect(streamed.getByTestId('streamed-text-mark').textContent()).resolves.toBe('whole answer');
  await expect(details.getByRole('region', { name: 'Logs' }).textContent()).resolves.toMatch(/streamed preview missed parts of this answer/);
  await page.screenshot({ path: `${SHOTS}/myagent-preview-whole.png` });
  await page.close();
});
