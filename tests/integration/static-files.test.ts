/**
 * The simulator serving a built app: hashed assets are kept by the browser (as a
 * deployment serves them), the page that names them is asked for again on every visit,
 * and with caching turned off (the benchmarks' baseline) nothing says how long to keep.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startSimulator, type SimulatorHandle } from '@/simulator/server';

let root = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'runboard-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(root, 'assets', 'run-view-IjqhM_81.js'), 'export {};');
  writeFileSync(join(root, 'assets', 'notes.txt'), 'not hashed');
  writeFileSync(join(root, 'favicon.svg'), '<svg/>');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function headersOf(sim: SimulatorHandle, path: string): Promise<{ status: number; cache: string | null; type: string | null }> {
  const response = await fetch(`${sim.url}${path}`);
  await response.text();
  return { status: response.status, cache: response.headers.get('cache-control'), type: response.headers.get('content-type') };
}

describe('static files, cached by default', () => {
  let sim: SimulatorHandle;
  beforeAll(async () => void (sim = await startSimulator({ staticDir: root })));
  afterAll(() => sim.close());

  test('a hashed asset is kept for a year, unchanged', async () => {
    expect(await headersOf(sim, '/assets/run-view-IjqhM_81.js')).toEqual({ status: 200, cache: 'public, max-age=31536000, immutable', type: 'text/javascript' });
  });

  test('the page, a link into it and a file without a hash are asked for again', async () => {
    expect((await headersOf(sim, '/')).cache).toBe('no-cache');
    expect((await headersOf(sim, '/?dialect=shannon&run=x')).cache).toBe('no-cache');
    expect((await headersOf(sim, '/assets/notes.txt')).cache).toBe('no-cache');
    expect((await headersOf(sim, '/favicon.svg')).cache).toBe('no-cache');
  });

  test('a missing asset is still a 404, not the page', async () => {
    expect((await headersOf(sim, '/assets/gone-ABCDEFGH.js')).status).toBe(404);
  });
});

describe('static files with caching off', () => {
  let sim: SimulatorHandle;
  beforeAll(async () => void (sim = await startSimulator({ staticDir: root, cacheAssets: false })));
  afterAll(() => sim.close());

  test('nothing says how long to keep a file', async () => {
    expect((await headersOf(sim, '/assets/run-view-IjqhM_81.js')).cache).toBeNull();
    expect((await headersOf(sim, '/')).cache).toBeNull();
  });
});
