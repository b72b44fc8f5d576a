/**
 * Replay in real Chromium: a sample recording opened by URL at a frame shows "Replay" in
 * the status region, steps forward (the URL follows), plays to the end at 100× and shows
 * the final node statuses and total cost; a picked file with broken lines names them; a
 * recording address that does not exist says "not found" once (a 404, or the app's own
 * page that a server sends for unknown addresses), never "line N: not JSON"; a big
 * recording shows its progress while it opens (the page gets turns) and opens to its end;
 * a replay link's recording is asked for once, from the page's entry (lib/early-fetch.ts),
 * before the replay page's code has loaded, and its dialect's code while it still downloads;
 * the cost tab's code is asked for before the recording is decoded.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    await page.goto(`${harness.sim.url}/?replay=${encodeURIComponent('/recordings/shannon-fanout.jsonl')}&at=10`);
    const slider = page.getByRole('slider', { name: 'Replay position' });
    await slider.waitFor({ timeout: 20_000 });
    await expect(page.getByRole('status', { name: 'Stream status' }).textContent()).resolves.toMatch(/Replay/);
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

  test('a replay link asks for its recording once, before the replay page has loaded its code', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.sim.url}/?replay=${encodeURIComponent('/recordings/shannon-fanout.jsonl')}`);
    await page.getByRole('slider', { name: 'Replay position' }).waitFor({ timeout: 20_000 });
    const requested = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => ({ name: e.name, at: e.startTime })));
    const recording = requested.filter((e) => e.name.endsWith('/recordings/shannon-fanout.jsonl'));
    const replayPage = requested.find((e) => /\/assets\/replay-page-[\w-]+\.js$/.test(e.name));
    expect(recording).toHaveLength(1);
    expect(replayPage).toBeDefined();
    expect(recording[0]?.at).toBeLessThan(replayPage?.at ?? 0);
    await page.close();
  });

  test('a big recording by URL: its dialect is asked for while the recording still downloads and before the run view, the cost tab before decoding starts', async () => {
    const frames = 60_000;
    mkdirSync(resolve('dist', 'e2e-replay'), { recursive: true });
    writeFileSync(resolve('dist', 'e2e-replay', 'big.jsonl'), bigRecording(frames));
    const page = await harness.newPage();
    // When the page first says it decodes (the run view, and its cost tab, draw only after the decoding).
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.body?.innerText.includes('Decoding:')) return;
        (window as unknown as { decodingAt: number }).decodingAt = performance.now();
        seen.disconnect();
      });
      seen.observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${harness.sim.url}/?replay=${encodeURIComponent('/e2e-replay/big.jsonl')}`);
    const slider = page.getByRole('slider', { name: 'Replay position' });
    await slider.waitFor({ timeout: 120_000 });
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe(`frame ${frames} of ${frames}`);
    const requested = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ name: e.name, at: e.startTime, end: e.responseEnd })));
    const recording = requested.filter((e) => e.name.endsWith('/e2e-replay/big.jsonl'));
    const dialect = requested.filter((e) => /\/assets\/relavium-dialect-[\w-]+\.js$/.test(e.name));
    expect(recording, JSON.stringify(recording)).toHaveLength(1);
    expect(dialect, JSON.stringify(dialect)).toHaveLength(1);
    expect(dialect[0]?.at, JSON.stringify({ dialect, recording })).toBeLessThan(recording[0]?.end ?? 0);
    // The run view's fifty chunks do not queue ahead of the dialect (the browser asks a host for six at a time): decoding needs it first.
    const runView = requested.filter((e) => /\/assets\/run-view-[\w-]+\.js$/.test(e.name));
    expect(runView, JSON.stringify(runView)).toHaveLength(1);
    expect(runView[0]?.at, JSON.stringify({ dialect, runView })).toBeGreaterThan(dialect[0]?.end ?? Infinity);
    // The cost tab (recharts, the tab a run view opens on) loads while the recording is read, not after.
    const cost = requested.filter((e) => /\/assets\/cost-panel-[\w-]+\.js$/.test(e.name) && !e.name.includes('/cost-panel-loader-'));
    const decodingAt = (await page.evaluate('window.decodingAt')) as number | undefined;
    expect(cost, JSON.stringify(cost)).toHaveLength(1);
    expect(decodingAt).toBeGreaterThan(0);
    expect(cost[0]?.at, JSON.stringify({ cost, decodingAt })).toBeLessThan(decodingAt ?? 0);
    await page.close();
  });

  test('the start page offers a sample per dialect, and a picked file with broken lines names them', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.sim.url}/`);
    // The start page is a chunk of its own: counted once it has drawn.
    await page.getByRole('heading', { name: 'Replay a recording' }).waitFor();
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

  test('a big recording shows its progress while it opens, then opens to its end', async () => {
    const page = await harness.newPage();
    // Every text the progress line shows, as React commits it: a commit between two slices means the page had a turn.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[aria-label="Loading progress"]')?.textContent ?? '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const frames = 60_000;
    await page.goto(`${harness.sim.url}/`);
    await page.getByLabel('Open a recording file (.jsonl)').setInputFiles({ name: 'big.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(bigRecording(frames)) });
    const slider = page.getByRole('slider', { name: 'Replay position' });
    await slider.waitFor({ timeout: 120_000 });
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe(`frame ${frames} of ${frames}`);
    await page.getByText('Run succeeded').waitFor();
    const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
    // "Decoding: 12,345 lines (8.1 of 28.3 MB)", short of the last line.
    const partway = progress.filter((text) => /^Decoding: [\d,]+ lines \([\d.]+ of [\d.]+ MB\)$/.test(text) && !text.startsWith(`Decoding: ${(frames + 1).toLocaleString('en-US')} lines`));
    expect(partway.length, progress.join(' | ')).toBeGreaterThanOrEqual(2);
    await page.close();
  });

  test('a recording with a thousand failures draws a bounded scrubber and describes them by count; Next failure steps through them', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.sim.url}/`);
    await page.getByLabel('Open a recording file (.jsonl)').setInputFiles({ name: 'failures.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(failingRecording(1_000)) });
    const slider = page.getByRole('slider', { name: 'Replay position' });
    await slider.waitFor({ timeout: 30_000 });
    const replay = page.getByRole('region', { name: 'Replay' });
    const ticks = await replay.locator('[aria-hidden] span').count();
    expect(ticks).toBeGreaterThan(200);
    expect(ticks).toBeLessThanOrEqual(300);
    const described = await slider.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(described).toBe('1,000 failures from frame 4 to 3001: step through them with Previous failure and Next failure');
    await slider.focus();
    await page.keyboard.press('Home');
    await replay.getByRole('button', { name: 'Next failure' }).click();
    await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe('frame 4 of 3001');
    await replay.screenshot({ path: 'tests/e2e/screenshots/replay-many-failures.png' });
    await page.close();
  });

  test('a big recording being opened can be left: Cancel goes to the start page, and the run never shows over it', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.sim.url}/`);
    const fileInput = page.getByLabel('Open a recording file (.jsonl)');
    await fileInput.setInputFiles({ name: 'big.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(bigRecording(60_000)) });
    await expect.poll(() => page.getByRole('status', { name: 'Loading progress' }).textContent(), { timeout: 60_000 }).toMatch(/^Decoding: [\d,]+ lines/);
    await page.getByRole('link', { name: 'Cancel and go to the start page' }).click();
    await fileInput.waitFor();
    expect(new URL(page.url()).searchParams.get('replay')).toBeNull();
    // The page that was opening it is gone, and nothing draws the run over the start page.
    // (That the decoding itself stops is held in tests/integration/replay-stream.test.ts and
    // app/run/replay-opening.test.ts: a frame-timing probe here could not tell the two apart.)
    await page.waitForTimeout(1_500);
    expect(await page.getByRole('slider', { name: 'Replay position' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Opening a recording' }).count()).toBe(0);
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

type WriteFrame = (seq: number, data: Record<string, unknown>) => void;

/** A relavium recording of run `runId` with the frames `write` gives, each `seq` 5 ms after the last. */
function relaviumRecording(runId: string, write: (frame: WriteFrame) => void): string {
  const header = { runboard: 1, dialect: 'relavium', transport: 'sse', source: 'tests/e2e/replay.spec.ts', startedAt: '2026-01-01T00:00:00.000Z', runId };
  const lines = [JSON.stringify(header)];
  write((seq, data) => {
    const at = new Date(Date.UTC(2026, 0, 1) + seq * 5).toISOString();
    lines.push(JSON.stringify({ t: seq * 5, frame: { id: String(seq), data: { runId, timestamp: at, sequenceNumber: seq, ...data } } }));
  });
  return `${lines.join('\n')}\n`;
}

/** A relavium recording of `frames` frames: one node after another, each started, streaming tokens, completed. */
function bigRecording(frames: number): string {
  return relaviumRecording('big', (frame) => {
    frame(0, { type: 'run:started', workflowId: 'wf' });
    for (let seq = 1; seq < frames - 1; seq++) {
      const nodeId = `n${Math.floor(seq / 20)}`;
      const step = seq % 20;
      if (step === 0) frame(seq, { type: 'node:started', nodeId, nodeType: 'agent' });
      else if (step === 19) frame(seq, { type: 'node:completed', nodeId, output: { ok: true }, durationMs: 90 });
      else frame(seq, { type: 'agent:token', nodeId, token: `token ${step} `, model: 'm' });
    }
    frame(frames - 1, { type: 'run:completed', outputs: { ok: true }, totalCostMicrocents: 0, durationMs: frames * 5 });
  });
}

/** `nodes` nodes that each start, stream and fail: a failure mark every third frame. */
function failingRecording(nodes: number): string {
  return relaviumRecording('failing', (frame) => {
    frame(0, { type: 'run:started', workflowId: 'wf' });
    for (let n = 0; n < nodes; n++) {
      const nodeId = `n${n}`;
      frame(3 * n + 1, { type: 'node:started', nodeId, nodeType: 'agent' });
      frame(3 * n + 2, { type: 'agent:token', nodeId, token: 'trying ', model: 'm' });
      frame(3 * n + 3, { type: 'node:failed', nodeId, error: { code: 'E', message: `${nodeId} broke` }, attemptNumber: 1 });
    }
  });
}
