/**
 * Keyframed recordings in real Chromium: a diverse run (gates, retries, chapters, costs)
 * opened by URL as its plain recording and as its keyframed twin shows the same end state
 * (scrubber, header, graph, cost, timeline) and the same state after stepping back and
 * jumping to the middle; "Export recording" in a replay downloads the keyframed form,
 * which opens again; a keyframed file with a broken keyframe says so and still opens.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createReplaySession } from '@/session';

import { buildDiverseSteps } from '../../bench/lib/diverse-steps';
import { writeRecording } from '../../bench/lib/write-recording';
import { startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
let frames = 0;
const served = resolve('dist', 'e2e-keyframes');

beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
  // The same file name under two folders: the page shows the name, and nothing else may differ.
  for (const folder of ['plain', 'keyed', 'broken']) mkdirSync(join(served, folder), { recursive: true });
  const plain = writeRecording(join(served, 'plain', 'run.jsonl'), 'relavium', buildDiverseSteps(3_000));
  frames = plain.frames;
  const replay = await createReplaySession({ recording: readFileSync(plain.path, 'utf8') });
  const keyed = replay.session.exportRecording();
  writeFileSync(join(served, 'keyed', 'run.jsonl'), keyed);
  // A keyframe that names a node status no protocol has: ignored, the frames replay the run.
  const lines = keyed.split('\n');
  const at = lines.findIndex((line) => line.startsWith('{"keyframe":') && line.includes('"status":"running"'));
  lines[at] = (lines[at] as string).replace('"status":"running"', '"status":"hacked"');
  writeFileSync(join(served, 'broken', 'run.jsonl'), lines.join('\n'));
}, 120_000);
afterAll(async () => {
  await harness.close();
});

const slider = (page: Page) => page.getByRole('slider', { name: 'Replay position' });

async function openAtEnd(page: Page, folder: string): Promise<void> {
  await page.goto(`${harness.sim.url}/?replay=${encodeURIComponent(`/e2e-keyframes/${folder}/run.jsonl`)}`);
  await slider(page).waitFor({ timeout: 60_000 });
  await expect.poll(() => slider(page).getAttribute('aria-valuetext'), { timeout: 30_000 }).toBe(`frame ${frames} of ${frames}`);
  await page.getByText(/Run (succeeded|failed)/).first().waitFor();
  // The graph and the side-panel tabs load lazily: compare the pages once every part has drawn.
  await expect.poll(() => page.getByText('Loading…', { exact: true }).count(), { timeout: 30_000 }).toBe(0);
}

/** What the page shows: its text, and every node's status as the graph labels it. */
async function shown(page: Page): Promise<{ text: string; nodes: string[] }> {
  // Let React settle what the last seek wrote.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // Not recharts' hidden measuring span: it holds whatever text recharts last measured, which depends on the page's past.
  const text = await page.evaluate(() =>
    Array.from(document.body.children)
      .filter((el) => el.id !== 'recharts_measurement_span')
      .map((el) => (el as HTMLElement).innerText)
      .join('\n'),
  );
  const nodes = await page.locator('[aria-label*=": "]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? '').filter((label) => /: (succeeded|failed|running|pending|retrying|waiting|cancelled|not_run)/.test(label)));
  return { text, nodes: nodes.sort() };
}

/** The state at the end, one frame back, at the middle (a seek across snapshots), and at three scrubber positions. */
async function journey(page: Page): Promise<{ text: string; nodes: string[] }[]> {
  const states = [await shown(page)];
  await page.getByRole('button', { name: 'Step back one frame' }).click();
  await expect.poll(() => slider(page).getAttribute('aria-valuetext')).toBe(`frame ${frames - 1} of ${frames}`);
  states.push(await shown(page));
  await slider(page).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
  states.push(await shown(page));
  // The scrubber dragged to a quarter, three quarters, and back near the start (seeks from snapshots both ways).
  for (const position of [Math.floor(frames / 4), Math.floor((frames * 3) / 4) + 7, 3]) {
    await slider(page).fill(String(position));
    await expect.poll(() => slider(page).getAttribute('aria-valuetext')).toBe(`frame ${position} of ${frames}`);
    states.push(await shown(page));
  }
  return states;
}

describe('keyframed recordings in the browser', () => {
  test('a keyframed recording opened by URL shows what its plain twin shows, at the end and after seeking', async () => {
    const plain = await harness.newPage();
    await openAtEnd(plain, 'plain');
    const keyed = await harness.newPage();
    await openAtEnd(keyed, 'keyed');
    await expect(keyed.getByText(/could not be read|keyframes ignored/).count()).resolves.toBe(0);
    const plainStates = await journey(plain);
    const keyedStates = await journey(keyed);
    // The journey moved: the middle is not the end (a graph this big is drawn as an overview: its nodes have no labels to compare).
    expect(plainStates[0]?.text).toMatch(/Run (succeeded|failed)/);
    expect(plainStates[2]?.text).not.toEqual(plainStates[0]?.text);
    expect(keyedStates).toEqual(plainStates);
    mkdirSync('tests/e2e/screenshots', { recursive: true });
    await keyed.screenshot({ path: 'tests/e2e/screenshots/replay-keyframed-middle.png' });
    await plain.close();
    await keyed.close();
  }, 180_000);

  test('"Export recording" in a replay downloads the keyframed form, which opens to the same end', async () => {
    const page = await harness.newPage();
    await openAtEnd(page, 'plain');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export recording' }).click()]);
    const path = join(served, 'exported.jsonl');
    await download.saveAs(path);
    const text = readFileSync(path, 'utf8');
    expect(text.trimEnd().split('\n').pop()).toMatch(/^\{"keyframes":\{"version":1,/);
    expect(text.startsWith(readFileSync(join(served, 'plain', 'run.jsonl'), 'utf8'))).toBe(true);
    await page.close();
  }, 120_000);

  test('a keyframed recording with a broken keyframe says so and opens from its frames', async () => {
    const page = await harness.newPage();
    await openAtEnd(page, 'broken');
    await page.getByText("This recording's keyframes were not used: it opened from its frames instead (nothing is missing, it was only slower).").waitFor();
    await page.getByText(/keyframes ignored \(byId\.d\d+: .*status\)/).waitFor({ state: 'attached' });
    const plain = await harness.newPage();
    await openAtEnd(plain, 'plain');
    const [a, b] = [await shown(page), await shown(plain)];
    const squeeze = (text: string) => text.replace(/This recording's keyframes were not used[^\n]*/, '').replace(/\n+/g, '\n');
    expect(squeeze(a.text)).toEqual(squeeze(b.text));
    await page.screenshot({ path: 'tests/e2e/screenshots/replay-keyframes-broken.png' });
    await page.close();
    await plain.close();
  }, 180_000);
});
