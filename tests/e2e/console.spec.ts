/**
 * The console in real Chromium against the built app and the simulator (with its seeded
 * runs in every state): one table across two backends with the backend as a column and
 * working filters, a backend's own list (paged) opening a run by click and by Enter, a
 * failing backend — unreachable, blocked by CORS, 401 — named on its own row while the
 * others keep working, "Start run" that sends nothing before the button, and axe on each
 * new screen in light and dark.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { seriousViolations } from './axe-scan';
import { startBrowserHarness, type BrowserHarness } from './browser';
import { backend, column, withBackends } from './console-support';

let harness: BrowserHarness;
let strict: Server;
let strictUrl: string;

beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true });
  // A real backend that answers without CORS headers for /runs and refuses the rest with 401.
  strict = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }).end();
    if (req.url?.startsWith('/runs')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"runs":[]}');
    res.writeHead(401, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end('{"error":"Authentication required"}');
  });
  await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
  strictUrl = `http://127.0.0.1:${(strict.address() as AddressInfo).port}`;
});
afterAll(async () => {
  strict.closeAllConnections();
  await new Promise((resolve) => strict.close(resolve));
  await harness.close();
});

const two = () => [backend('r', 'relavium', harness.sim.url, 'Relavium sim'), backend('s', 'shannon', harness.sim.url, 'Shannon sim')];

describe('the console', () => {
  test('is the start page once backends are kept: one table across two backends, backend as a column, filters', async () => {
    const page = await harness.newPage();
    await withBackends(page, harness.sim.url, two());
    await page.getByRole('heading', { name: 'Console' }).waitFor();
    await page.locator('tr[data-run="retry~demo-failed"]').nth(1).waitFor({ timeout: 20_000 });
    expect(new Set(await column(page, 'Backend'))).toEqual(new Set(['Relavium sim', 'Shannon sim']));

    await page.getByRole('combobox', { name: 'Status' }).selectOption('running');
    await page.waitForFunction(() => [...document.querySelectorAll('tbody [data-status]')].every((el) => el.getAttribute('data-status') === 'running'));
    const statuses = await column(page, 'Status');
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((s) => s.includes('running'))).toBe(true);

    await page.getByRole('combobox', { name: 'Status' }).selectOption('all');
    await page.getByRole('searchbox', { name: 'Search' }).fill('nightly');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-run]').length === 2);
    expect(await column(page, 'Run')).toEqual([expect.stringContaining('Nightly data sync'), expect.stringContaining('Nightly data sync')]);
    await page.close();
  });

  test('a backend’s list (/?dialect=&url=) opens a run with one click or with Enter, and pages', async () => {
    const page = await harness.newPage();
    await withBackends(page, harness.sim.url, [], `?dialect=relavium&url=${encodeURIComponent(harness.sim.url)}`);
    await page.getByRole('button', { name: 'Keep this backend' }).waitFor();
    await page.locator('tr[data-run="fanout~demo-done"]').waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Nightly data sync' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Run failed').first().waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('run')).toBe('retry~demo-failed');
    await page.goBack();
    await page.locator('tr[data-run="cancel~demo-cancelled"] td').nth(3).click();
    await page.getByText('Run cancelled').first().waitFor({ timeout: 20_000 });

    // Past a page (25 runs) the backend pages: thirty more runs, and page 2 shows the older ones.
    await Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`${harness.sim.url}/runs/fanout~page-${i}`).then((r) => r.text())));
    await page.goBack();
    const next = page.getByRole('button', { name: 'Next page' });
    await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-run]').length === 25, undefined, { timeout: 20_000 });
    const first = await page.locator('tbody tr[data-run]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-run')));
    await next.click();
    await page.getByText('Page 2').waitFor();
    await page.waitForFunction((ids) => { const shown = [...document.querySelectorAll('tbody tr[data-run]')].map((r) => r.getAttribute('data-run')); return shown.length > 0 && shown.every((id) => !ids.includes(id)); }, first, { timeout: 20_000 });
    await expect(page.locator('tbody tr[data-run="fanout~demo-done"]').count()).resolves.toBe(1);
    await page.close();
  });

  test('a failing backend says why on its own row, and the others keep working', async () => {
    const page = await harness.newPage();
    await withBackends(page, harness.sim.url, [
      ...two(),
      backend('down', 'relavium', 'http://127.0.0.1:9', 'Down'),
      backend('cors', 'relavium', strictUrl, 'No CORS'),
      backend('auth', 'shannon', strictUrl, 'Needs a token'),
    ]);
    const row = (label: string) => page.getByRole('listitem', { name: label });
    await row('Down').getByText(/Unreachable:.*Nothing answers at http:\/\/127\.0\.0\.1:9/).waitFor({ timeout: 20_000 });
    await row('No CORS').getByText(/Blocked by CORS:.*does not allow requests from/).waitFor();
    await row('Needs a token').getByText(/Refused \(HTTP 401\):.*Authentication required/).waitFor();
    await row('Relavium sim').getByText(/\d+ runs · updated/).waitFor();
    await row('Shannon sim').getByText(/\d+ runs · updated/).waitFor();
    await page.getByRole('combobox', { name: 'Backend' }).selectOption({ label: 'Shannon sim' });
    await page.locator('tbody tr[data-run]').first().waitFor();
    expect(new Set(await column(page, 'Backend'))).toEqual(new Set(['Shannon sim']));
    await page.getByText(/3 backends could not be read/).waitFor();

    await row('Down').getByRole('button', { name: 'Test connection' }).click();
    await row('Down').getByRole('status').getByText(/✕ Tested again: the same answer as above/).waitFor();
    await row('Relavium sim').getByRole('button', { name: 'Test connection' }).click();
    await row('Relavium sim').getByRole('status').getByText(/✓ Connected/).waitFor();
    await page.close();
  });

  test('"Start run" sends nothing until the button is pressed, then opens the new run', async () => {
    const page = await harness.newPage();
    await withBackends(page, harness.sim.url, two());
    await page.getByRole('listitem', { name: 'Shannon sim' }).getByRole('button', { name: 'Start run…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a run on Shannon sim' });
    await dialog.getByRole('textbox', { name: 'Instructions' }).fill('Review the gate scenario');
    await page.waitForTimeout(300);
    expect(harness.sim.received.filter((c) => c.kind === 'submit')).toEqual([]);
    await dialog.getByRole('button', { name: 'Start run' }).click();
    await page.waitForURL((url) => url.searchParams.get('run')?.startsWith('gate~task-') ?? false, { timeout: 20_000 });
    expect(harness.sim.received.filter((c) => c.kind === 'submit')).toEqual([expect.objectContaining({ body: { query: 'Review the gate scenario' } })]);
    await page.getByRole('alertdialog', { name: 'Deploy release 2.4 to production?' }).waitFor({ timeout: 20_000 });
    await page.close();
  });
  test('a protocol without a list (myagent) lists the runs started here, and says why', async () => {
    const page = await harness.newPage();
    const ws = harness.sim.url.replace('http', 'ws');
    await withBackends(page, harness.sim.url, [backend('m', 'myagent', ws, 'myagent sim')]);
    await page.getByRole('button', { name: 'Start run…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a run on myagent sim' });
    await dialog.getByRole('textbox', { name: 'Instructions' }).fill('[scenario:fanout] Compare three vendors');
    await dialog.getByRole('button', { name: 'Start run' }).click();
    await page.getByText('Run succeeded').first().waitFor({ timeout: 30_000 });
    // Back in the console (same tab): the run is listed and still opens.
    await page.goBack();
    const listed = page.locator('tbody tr[data-run]').first();
    await listed.getByRole('link').waitFor({ timeout: 20_000 });
    await expect(listed.locator('[data-status]').getAttribute('data-status')).resolves.toBe('succeeded');
    // After a reload its connection is gone: still listed, said why, no longer a link.
    await page.goto(`${harness.sim.url}/?dialect=myagent&url=${encodeURIComponent(ws)}`);
    await page.getByText(/myagent has no run list: a run lives only as long as the WebSocket that started it/).waitFor();
    const kept = page.locator('tbody tr[data-run]').first();
    await kept.getByText(/its connection is closed/).waitFor({ timeout: 20_000 });
    await expect(kept.getByRole('link').count()).resolves.toBe(0);
    await page.close();
  });
});

describe('accessibility of the console screens', () => {
  test.each(['light', 'dark'] as const)('console, backend list and their dialogs (%s) have no serious or critical violations', async (colorScheme) => {
    const page = await harness.newPage({ colorScheme });
    await withBackends(page, harness.sim.url, [...two(), backend('down', 'relavium', 'http://127.0.0.1:9', 'Down')]);
    await page.locator('tbody tr[data-run]').first().waitFor({ timeout: 20_000 });
    await page.getByRole('listitem', { name: 'Down' }).getByText(/Unreachable/).waitFor({ timeout: 20_000 });
    const found = await seriousViolations(page, `console (${colorScheme})`);
    await page.getByRole('button', { name: 'Add backend' }).click();
    await page.getByRole('dialog', { name: 'Add a backend' }).waitFor();
    found.push(...(await seriousViolations(page, `add backend (${colorScheme})`)));
    await page.keyboard.press('Escape');
    await page.getByRole('listitem', { name: 'Shannon sim' }).getByRole('button', { name: 'Start run…' }).click();
    await page.getByRole('dialog', { name: 'Start a run on Shannon sim' }).waitFor();
    found.push(...(await seriousViolations(page, `start run (${colorScheme})`)));
    await page.keyboard.press('Escape');
    await page.getByRole('listitem', { name: 'Relavium sim' }).getByRole('button', { name: 'Runs' }).click();
    await page.locator('tbody tr[data-run]').first().waitFor({ timeout: 20_000 });
    found.push(...(await seriousViolations(page, `backend list (${colorScheme})`)));
    expect(found).toEqual([]);
    await page.close();
  });
});
