/**
 * Replay in real Chromium: a sample recording opened by URL at a frame shows "Replay" in
 * the status region, steps forward (the URL follows), plays to the end at 100× and shows
 * the final node statuses and total cost; a picked file with broken lines names them; a
 * recording address that does not exist says "not found" once (a 404, or the app's own
 * page that a server sends for unknown addresses), never "line N: not JSON".
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

const framesIn = (file: string) => readFileSync(resolve('public/recordings', file), 'utf8').split('\n').filter((l) => l.includes('"frame"')).length;

describe('replay in the browser', () => {
  test('opens a recording by URL at a frame, steps, and plays to the end', async () => {
    const page = await harness.newPage();
    const total = framesIn('shannon-fanout.jsonl');
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(`${harness.sim.url}/?replay=${encodeURIComponent('/recordings/shannon-fanout.jsonl')}&at=10`);
    const slider = page.getByRole('slider', { name: 'Replay position' });
    await slider.waitFor({ timeout: 20_000 });
    await expect(page.getByRole('status', { name: 'Stream status' }).textContent()).resolves.toMatch(/Replay/);
    expect(workers.some((url) => url.includes('recording.worker'))).toBe(true); // parsed off the main thread
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe(`frame 11 of ${total}`);
    await expect(page.getByText('Run succeeded').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Step forward one frame' }).click();
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe(`frame 12 of ${total}`);
    await page.waitForFunction(() => new URLSearchParams(window.location.search).get('at') === '11');

    await page.getByRole('combobox', { name: 'Speed' }).selectOption('100');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByText('Run succeeded').waitFor({ timeout: 20_000 });
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe(`frame ${total} of ${total}`);
    for (const label of ['Plan research', 'Write report']) await page.locator(`[aria-label="${label}: succeeded"]`).waitFor({ timeout: 5_000 });
    await expect(page.getByTestId('total-cost').textContent()).resolves.toBe('$0.0305');

    // Back to the start by keyboard: the run is no longer finished there.
    await slider.focus();
    await page.keyboard.press('Home');
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe(`frame 1 of ${total}`);
    await expect(page.getByText('Run succeeded').count()).resolves.toBe(0);
    await page.close();
  });

  test('the start page offers a sample per dialect, and a picked file with broken lines names them', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.sim.url}/`);
    for (const label of ['Relavium', 'MARS']) {
      await expect(page.getByRole('link', { name: new RegExp(`Replay ${label}.* fan-out sample`, 'i') }).count()).resolves.toBe(1);
    }
    await expect(page.getByRole('link', { name: /fan-out sample/ }).count()).resolves.toBe(6);
    const good = readFileSync(resolve('public/recordings/relavium-gate.jsonl'), 'utf8').split('\n');
    const broken = [...good.slice(0, 4), '{"t": 5, "frame": {"data": ', 'garbage', ...good.slice(4)].join('\n');
    await page.getByLabel('Open a recording file (.jsonl)').setInputFiles({ name: 'broken.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(broken) });
    await page.getByRole('slider', { name: 'Replay position' }).waitFor({ timeout: 20_000 });
    await page.getByText('2 lines could not be read (lines 5, 6); the rest loaded').waitFor();
    await page.getByText('Run succeeded').waitFor();
    await page.close();
  });

  test('a recording that does not exist says "not found" once, whether the server sends a 404 or its own page', async () => {
    const page = await harness.newPage();
    // `/no-such-run` has no extension: like the dev server, the simulator answers with the app's index.html (200, text/html).
    for (const missing of ['/no-such-run', '/recordings/no-such-run.jsonl']) {
      await page.goto(`${harness.sim.url}/?replay=${encodeURIComponent(missing)}`);
      await page.getByRole('heading', { name: 'Recording not found' }).waitFor({ timeout: 20_000 });
      const alert = await page.getByRole('alert').textContent();
      expect(alert).toContain(`There is no recording at ${missing}`);
      expect(await page.getByText(/not a Runboard recording|not JSON/).count()).toBe(0);
      expect(await page.locator('main li').count()).toBe(0);
      await page.getByRole('link', { name: 'Go to the start page' }).waitFor();
    }
    await page.close();
  });
});
