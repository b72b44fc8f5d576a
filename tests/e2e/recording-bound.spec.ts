/**
 * The recording's byte bound in the built app: a Shannon run re-sends its whole task list with
 * every status change (as Shannon does), so a 2,000-task run passes 64 MB of frames long
 * before 200,000 of them; diagnostics must then say that the recording was cut, and both bounds.
 */
import { mkdirSync } from 'node:fs';

import { afterAll, beforeAll, expect, test } from 'vitest';

import { createShannonEncoder, type ShannonWire } from '@/simulator/backends/shannon-encoder';
import type { SimStep } from '@/simulator/engine/scenario';

import { StormRun } from '../../bench/lib/storm-run';
import { bigDagSteps } from '../support/big-graph-run';
import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});

afterAll(async () => {
  await harness.close();
});

test('a run of whole-task-list frames past 64 MB: diagnostics states the recording bound', async () => {
  const page = await harness.newPage();
  const run = new StormRun<ShannonWire>(`storm~e2e-bound-${Date.now()}`, createShannonEncoder()).register(harness.sim, 'shannon');
  // 2,000 tasks make a task list of ~300 kB; 300 changes send ~90 MB.
  run.emit(bigDagSteps(2_000, 0));
  run.emit(Array.from({ length: 300 }, (_, i): SimStep => ({ op: 'node.start', node: `t${i}` })));
  await page.goto(liveUrl(harness.sim, 'shannon', run.runId));
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  const note = page.getByRole('note').filter({ hasText: 'Recording bound reached' });
  await note.waitFor({ timeout: 90_000 });
  expect(await note.textContent()).toMatch(/keeps the last 200,000 frames or 64\sMB of frames at most; the oldest [\d,]+ lines were dropped/);
  // Into the ignored folder: a test run must not change tracked files.
  mkdirSync('tests/e2e/screenshots', { recursive: true });
  await page.screenshot({ path: 'tests/e2e/screenshots/recording-bound-light.png' });
  await page.close();
}, 150_000);
