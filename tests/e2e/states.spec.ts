/**
 * States that tell the truth, in real Chromium against the built app: a backend URL typed
 * without a scheme is caught in the connect form with the fix offered; a replay measures a
 * waiting node against the replay clock, shows no negative offsets and dates its start
 * when it is not today; counts read "1 row"; the run header shows the run's title with
 * the run id beside it; Shannon's node details name the node; tolky's narration makes one
 * timeline row per node, not one per fragment.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { afterAll, beforeAll, expect, test } from 'vitest';

import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

test('a backend URL without a scheme is caught in the form, with the fix offered', async () => {
  const page = await harness.newPage();
  await page.goto(harness.sim.url);
  const form = page.getByRole('form', { name: 'Connect to a backend' });
  const bare = harness.sim.url.replace(/^http:\/\//, '');
  await form.getByLabel('Protocol').selectOption('relavium');
  await form.getByLabel('Backend URL').fill(bare);
  await form.getByLabel('Run id').fill('fanout~no-scheme');
  await form.getByRole('button', { name: 'Open run' }).click();
  await expect.poll(() => form.getByRole('alert').textContent()).toContain(`“${bare}” has no scheme`);
  expect(new URL(page.url()).search).toBe(''); // nothing was opened
  expect(await form.getByLabel('Backend URL').getAttribute('aria-invalid')).toBe('true');
  await form.getByRole('button', { name: `Use ${harness.sim.url}` }).click();
  expect(await form.getByLabel('Backend URL').inputValue()).toBe(harness.sim.url);
  await form.getByRole('button', { name: 'Open run' }).click();
  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
  await page.close();
});

test('a replay measures a waiting node by the replay clock, shows no negative offsets, and dates an old start', async () => {
  const page = await harness.newPage();
  await page.goto(`${harness.sim.url}/?replay=/recordings/relavium-gate.jsonl&at=0`);
  await page.getByRole('region', { name: 'Replay' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Next gate' }).click();
  const review = page.locator('.react-flow__node[aria-label^="review:"]');
  await expect.poll(() => review.getAttribute('aria-label')).toBe('review: waiting for approval');
  // Waiting since the gate opened in the recording: milliseconds or seconds, not the days since it was made.
  await expect.poll(() => review.getByTestId('node-elapsed').textContent()).toMatch(/^(\d+(\.\d)?s|\d+ms)$/);
  await review.click();
  await expect.poll(() => page.locator('[data-fact="elapsed"]').textContent()).toMatch(/^\d+(\.\d)? m?s$/);

  const times = await page.locator('[data-row] time').allTextContents();
  expect(times.length).toBeGreaterThan(3);
  expect(times.filter((t) => /^[-−]/.test(t))).toEqual([]);

  const header = JSON.parse(readFileSync(resolve('public/recordings/relavium-gate.jsonl'), 'utf8').split('\n')[0] ?? '{}') as { startedAt: string };
  const recordedToday = new Date(header.startedAt).toDateString() === new Date().toDateString();
  const started = await page.locator('dt', { hasText: 'Started:' }).locator('xpath=..').locator('dd').textContent();
  if (!recordedToday) expect(started).toContain(String(new Date(header.startedAt).getFullYear()));
  await page.close();
});

test('counts say "1 row", the header shows the run’s title with its id secondary', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'fanout~title'));
  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
  const title = page.getByRole('heading', { level: 1 });
  await expect.poll(() => title.textContent()).toBe('Market research report');
  expect(await title.getAttribute('title')).toBe('Market research report (run fanout~title)'); // the id, secondary
  await page.getByRole('searchbox', { name: 'Search timeline' }).fill('Run completed');
  await expect.poll(() => page.getByTestId('timeline-count').textContent()).toBe('1 row');
  await page.close();
});

test("Shannon's node details name the node", async () => {
  const page = await harness.newPage();
  await page.goto(`${harness.sim.url}/?replay=/recordings/shannon-fanout.jsonl`);
  await page.getByRole('region', { name: 'Replay' }).waitFor({ timeout: 20_000 });
  await page.locator('.react-flow__node', { hasText: 'Write report' }).click();
  const details = page.getByRole('complementary', { name: 'Node details: Write report' });
  await details.getByRole('heading', { name: 'Write report' }).waitFor();
  await details.getByText('OUTPUT', { exact: false }).first().waitFor();
  await page.close();
});

test("tolky's narration makes one timeline row per node, not one per fragment", async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'tolky', 'fanout~rows'));
  await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
  await page.getByLabel('Event type').selectOption('node.progress');
  const counts = [];
  for (const node of ['step-1', 'step-8']) {
    await page.getByRole('combobox', { name: 'Node' }).fill(node);
    await page.getByRole('combobox', { name: 'Node' }).press('Enter');
    counts.push(await page.getByTestId('timeline-count').textContent());
  }
  expect(counts).toEqual(['1 row', '1 row']);
  await expect(page.locator('[data-row]').first().textContent()).resolves.toMatch(/×\d+/);
  await page.close();
});
