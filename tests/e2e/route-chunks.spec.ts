/**
 * What Chromium loads is what benchmark 7 measures (bench/lib/chunk-graph.ts reads the
 * build's manifest): index.html preloads only the entry's own chunks, the start page loads
 * no protocol's code, and a live-run link draws its run screen (header, stream status, panels
 * saying "Loading…") while every script but the entry's, the live-run page's and its own
 * protocol's is held back — and never loads another protocol's code, nor the replay engine
 * (an import from the live screen once folded that engine into the chunk every live link loads).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { DIALECT_INFOS } from '@/protocol/dialect-info';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

import { dialectModule, ENTRY, LIVE_PAGE, readManifest, RUN_CANVAS, START_PAGE, staticFiles, type Manifest } from '../../bench/lib/chunk-graph';
import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

const DIST = resolve('dist');
let harness: BrowserHarness;
let manifest: Manifest;
beforeAll(async () => {
  manifest = readManifest(DIST);
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

const DIALECT_FILES = () => new Map(DIALECT_INFOS.map((d) => [manifest[dialectModule(d.id)]?.file ?? '', d.id]));

/** The app's scripts the page has loaded (dist-relative). */
async function scriptsLoaded(page: Page): Promise<string[]> {
  const paths = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  return paths.filter((path) => path.endsWith('.js')).map((path) => path.slice(1));
}

test('index.html preloads only what the entry imports statically', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  expect(preloaded.length).toBeGreaterThan(0);
  expect(new Set(preloaded)).toEqual(staticFiles(manifest, [ENTRY]));
});

/** A sentence only the replay engine (opening a recording) says: the built code keeps it as written. */
const REPLAY_ENGINE_MARK = 'This file is not a Runboard recording';
const filesSaying = (files: Iterable<string>, text: string) => [...files].filter((file) => readFileSync(join(DIST, file), 'utf8').includes(text));

test('a live-run link loads no replay engine, which the replay page does load', () => {
  const replayPage = staticFiles(manifest, [ENTRY, 'src/app/run/replay-page.tsx']);
  expect(filesSaying(replayPage, REPLAY_ENGINE_MARK).length).toBeGreaterThan(0);
  for (const dialect of DIALECT_INFOS) {
    const liveLink = staticFiles(manifest, [ENTRY, ...LIVE_PAGE, ...RUN_CANVAS, dialectModule(dialect.id)]);
    expect({ dialect: dialect.id, files: filesSaying(liveLink, REPLAY_ENGINE_MARK) }).toEqual({ dialect: dialect.id, files: [] });
  }
});

test('the start page draws with the entry and its own chunks, no protocol’s code', async () => {
  const page = await harness.newPage();
  await page.goto(harness.sim.url);
  await page.getByRole('heading', { name: 'Try a simulated run' }).waitFor();
  const loaded = await scriptsLoaded(page);
  const dialects = DIALECT_FILES();
  expect(loaded.filter((file) => dialects.has(file))).toEqual([]);
  expect(new Set(loaded)).toEqual(staticFiles(manifest, [ENTRY, ...START_PAGE]));
  await page.close();
});

describe.each(DIALECT_INFOS)('a $id live-run link', (dialect) => {
  test('draws its run screen with only the chunks benchmark 7 counts, and loads no other protocol', async () => {
    const page = await harness.newPage();
    const counted = staticFiles(manifest, [ENTRY, ...LIVE_PAGE, dialectModule(dialect.id)]);
    // Every other script waits until the screen has drawn: what the screen needs, it cannot get.
    const held: Route[] = [];
    let holding = true;
    await page.route('**/assets/*.js', (route) => (!holding || counted.has(new URL(route.request().url()).pathname.slice(1)) ? route.continue() : void held.push(route)));
    const params = new URLSearchParams({ dialect: dialect.id, url: simulatorBackendUrl(dialect, harness.sim.url), run: `fanout~chunks-${dialect.id}` });
    if (dialect.startsRuns) params.set('start', '[scenario:fanout] Research fan-out');
    await page.goto(`${harness.sim.url}/?${params.toString()}`);
    if (dialect.startsRuns) await page.getByRole('button', { name: 'Start run' }).click();
    await page.getByRole('status', { name: 'Stream status' }).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The panels still loading say so (the graph, the side panel's tab), never a blank or broken pane.
    await expect(page.getByText('Loading…').count()).resolves.toBeGreaterThan(0);
    expect(held.length).toBeGreaterThan(0);
    holding = false;
    await Promise.all(held.map((route) => route.continue()));

    expect(await scriptsLoaded(page)).toContain(manifest[dialectModule(dialect.id)]?.file);
    await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
    const others = DIALECT_FILES();
    others.delete(manifest[dialectModule(dialect.id)]?.file ?? '');
    expect((await scriptsLoaded(page)).filter((file) => others.has(file))).toEqual([]);
    await page.close();
  });
});

test('a live run screen fetches the gate dialog’s code once idle, before any gate opens', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'fanout~dialog-ahead'));
  await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
  const dialogFile = manifest['src/features/gates/gate-dialog.tsx']?.file;
  expect(dialogFile).toBeTruthy();
  // A reviewer's first gate draws at once, not after a request for its code (fan-out has no gate).
  await expect.poll(() => scriptsLoaded(page), { timeout: 10_000 }).toContain(dialogFile);
  await page.close();
});
