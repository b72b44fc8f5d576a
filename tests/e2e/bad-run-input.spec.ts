/**
 * Run ids that are not runs, in real Chromium against the built app: a run the backend says
 * does not exist (HTTP 404) is said to be none, with the run list offered and no control
 * enabled, and nothing is sent; a run id far too long is refused in the form and in the
 * URL with a clear message, and nothing is sent.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';

import { seriousViolations } from './axe-scan';
import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

const sentFor = (run: string) => harness.sim.received.filter((c) => c.runId === run && c.kind !== 'stream.open');

test('a run the backend says does not exist: said so, the run list offered, no control enabled', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'does-not-exist-123'));
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'No such run' }).waitFor({ timeout: 20_000 });
  await main.getByText(/has no run “does-not-exist-123”/).waitFor();
  const list = main.getByRole('link', { name: /run list/ });
  expect(new URL(await list.getAttribute('href') ?? '', harness.sim.url).searchParams.get('run')).toBeNull();
  await expect(page.getByRole('button', { name: 'Cancel run' }).count()).resolves.toBe(0);
  await expect(page.getByRole('button', { name: 'Pause' }).count()).resolves.toBe(0);
  await expect(page.getByText('Run pending').count()).resolves.toBe(0);
  await expect(page.getByText(/waiting for the stream/).count()).resolves.toBe(0);
  await list.click();
  await page.getByRole('button', { name: 'Keep this backend' }).waitFor();
  expect(sentFor('does-not-exist-123')).toEqual([]);
  await page.close();
});

test('Shannon: its task lookup answers 404, so the run is said not to exist, with no control enabled', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'shannon', 'task-missing-7'));
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'No such run' }).waitFor({ timeout: 20_000 });
  await main.getByText(/has no run “task-missing-7”/).waitFor();
  await main.getByText(/HTTP 404 \(Task not found\)/).waitFor();
  // The stream says so too, 30 s on (3 s here) and on each reconnect: both stay said, neither replaces the other.
  await main.getByText(/stream says “Workflow not found”/).waitFor({ timeout: 20_000 });
  await expect(main.getByText(/HTTP 404 \(Task not found\)/).count()).resolves.toBe(1);
  await main.getByRole('link', { name: /run list/ }).waitFor();
  await expect(page.getByRole('button', { name: 'Cancel run' }).count()).resolves.toBe(0);
  await expect(page.getByText('Run pending').count()).resolves.toBe(0);
  // The stream the gateway holds open for an unknown id is not a live run.
  await expect(page.getByRole('status', { name: 'Stream status' }).getByText('Live').count()).resolves.toBe(0);
  await page.screenshot({ path: 'tests/e2e/screenshots/no-such-run-shannon.png' });
  // Only lookups were made: no control, no decision.
  const kinds = sentFor('task-missing-7').map((c) => c.kind);
  expect(kinds).toContain('status');
  expect(kinds.filter((k) => k !== 'status' && k !== 'history')).toEqual([]);
  await page.close();
});

// Node's HTTP server refuses a request line over 16 KB, so the URL case uses a 10,000-character id.
test('a 10,000-character run id in the URL is refused with a clear message, and nothing is sent', async () => {
  const page = await harness.newPage();
  const long = 'x'.repeat(10_000);
  const before = harness.sim.received.length;
  await page.goto(liveUrl(harness.sim, 'relavium', long));
  await page.getByRole('heading', { name: 'This link cannot be opened' }).waitFor();
  await page.getByText(/The run id is 10,000 characters long: at most 256 are accepted/).waitFor();
  // The page never echoes the whole id.
  expect((await page.locator('main').textContent())?.length ?? 0).toBeLessThan(2_000);
  expect(harness.sim.received.slice(before).filter((c) => c.dialect === 'relavium')).toEqual([]);
  await page.close();
});

test('a 200,000-character run id pasted into the form is refused there, and nothing is opened', async () => {
  const page = await harness.newPage();
  await page.goto(harness.sim.url);
  const form = page.getByRole('form', { name: 'Connect to a backend' });
  await form.getByLabel('Protocol').selectOption('relavium');
  await form.getByLabel('Backend URL').fill(harness.sim.url);
  await form.getByLabel('Run id').fill('y'.repeat(200_000));
  await form.getByRole('button', { name: 'Open run' }).click();
  await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/The run id is 200,000 characters long: at most 256 are accepted/);
  expect(new URL(page.url()).search).toBe('');
  expect(await form.getByLabel('Run id').getAttribute('aria-invalid')).toBe('true');
  await page.close();
});

test.each(['light', 'dark'] as const)('"No such run" (%s) has no serious or critical violations', async (colorScheme) => {
  const page = await harness.newPage({ colorScheme });
  await page.goto(liveUrl(harness.sim, 'relavium', `missing-${colorScheme}`));
  await page.getByRole('heading', { name: 'No such run' }).waitFor({ timeout: 20_000 });
  expect(await seriousViolations(page, `no such run (${colorScheme})`)).toEqual([]);
  await page.close();
});
