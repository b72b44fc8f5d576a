/**
 * The newcomer's path as one browser test, in real Chromium against the built app served by
 * the simulator (with its seeded runs): the start page → a live run of each protocol opened
 * by click → a gate left waiting and answered from the console's inbox → the console → a
 * tolky run opened from it → Durations → the run exported and opened again as a replay.
 * Each step waits on, and asserts, what a person reads: headings, the status region, node
 * labels with their status, the header's cost and tokens, inbox entries, table rows.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import type { Dialect } from '@/protocol/dialect';
import { DIALECTS } from '@/protocol/dialects';

import { startBrowserHarness, type BrowserHarness } from './browser';
import { column } from './console-support';
import { heldClock } from './held-clock';

let harness: BrowserHarness;
/** Held from "Decide later" until the gate is in the console's inbox: its deadline (12 s here) waits for a slow machine. */
const clock = heldClock();
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true, clock });
});
afterAll(async () => {
  await harness.close();
});

const SHOTS = 'tests/e2e/screenshots';
const GATE = 'Deploy release 2.4 to production?';
const WAIT = { timeout: 30_000 };

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `newcomer-${name}.png`) });
}

/** The run page's own nav link home (a full load, as a person's click on it is). */
const goHome = (page: Page) => page.getByRole('navigation', { name: 'Runboard' }).getByRole('link', { name: 'Runboard' }).first().click();

async function seeStartPage(page: Page) {
  await page.getByRole('heading', { name: 'Runboard', level: 1 }).waitFor(WAIT);
  await page.getByRole('heading', { name: 'Try a simulated run' }).waitFor();
  for (const dialect of Object.values(DIALECTS)) {
    await page.getByRole('region', { name: `${dialect.label} simulator runs` }).getByRole('button', { name: /Research fan-out/ }).waitFor(WAIT);
  }
  await page.getByRole('heading', { name: 'Replay a recording' }).waitFor();
  await page.getByRole('button', { name: 'Keep the simulator’s six backends' }).waitFor();
}

/** From the start page, as a person: click the protocol's fan-out run (and "Start run" where you start it). */
async function openFromStart(page: Page, dialect: Dialect, scenario: string) {
  await page.getByRole('region', { name: `${dialect.label} simulator runs` }).getByRole('button', { name: `${scenario} (${dialect.label})` }).click(WAIT);
  if (dialect.capabilities.startsRuns) await page.getByRole('button', { name: 'Start run' }).click(WAIT);
}

async function liveFanOut(page: Page, dialect: Dialect) {
  await openFromStart(page, dialect, 'Research fan-out');
  await page.getByRole('status', { name: 'Stream status' }).waitFor(WAIT);
  await page.getByText('Run succeeded').first().waitFor(WAIT);
  // The run is named by what the person clicked or by the backend's own title, never by a simulator marker.
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/^(Research fan-out|Market research report)$/);
  for (const label of dialect.id === 'relavium' ? ['plan', 'write'] : ['Plan research', 'Write report']) {
    await page.locator(`[aria-label="${label}: succeeded"]`).waitFor(WAIT);
  }
  await expect.poll(() => page.getByTestId('total-cost').textContent(), WAIT).toBe('$0.0305');
  await expect(page.getByTestId('total-tokens').textContent()).resolves.toMatch(/^[\d,.]+k?$/);
  // The connection says something, and nothing that reads as trouble.
  const connection = await page.getByRole('status', { name: 'Stream status' }).textContent();
  expect(connection).toMatch(/\w/);
  expect(connection).not.toMatch(/Reconnecting|error|failed/i);
}

/** A relavium gate left waiting: the run stays open at its gate; returns the run's id. */
async function leaveGateWaiting(page: Page): Promise<string> {
  await openFromStart(page, DIALECTS.relavium, 'Human approval');
  const dialog = page.getByRole('alertdialog', { name: GATE });
  await dialog.waitFor(WAIT);
  await shot(page, '3-gate-waiting');
  await dialog.getByRole('button', { name: 'Decide later' }).click();
  clock.hold();
  await dialog.waitFor({ state: 'detached' });
  const run = new URL(page.url()).searchParams.get('run');
  if (!run) throw new Error('the gate run has no id in its URL');
  return run;
}

async function keepSimulatorBackends(page: Page) {
  await page.getByRole('button', { name: 'Keep the simulator’s six backends' }).click(WAIT);
  await page.getByRole('heading', { name: 'Console' }).waitFor(WAIT);
  for (const dialect of ['relavium', 'shannon', 'tolky', 'mars']) {
    await page.getByRole('listitem', { name: `Simulator · ${dialect}` }).getByText(/\d+ runs · updated/).waitFor(WAIT);
  }
}

async function answerFromInbox(page: Page, run: string) {
  await page.getByRole('switch', { name: 'Watch running runs of Simulator · relavium' }).click();
  await page.getByRole('button', { name: /Gates \(\d+ waiting\)/ }).click(WAIT);
  const inbox = page.getByRole('dialog', { name: 'Reviewer inbox' });
  const entry = inbox.getByRole('listitem').filter({ hasText: run });
  await entry.waitFor(WAIT);
  clock.letGo();
  await shot(page, '4-inbox');
  await entry.getByRole('button', { name: 'Answer' }).click();
  const dialog = page.getByRole('alertdialog', { name: GATE });
  await dialog.getByText(new RegExp(`Run: .*${run}`)).waitFor(WAIT);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.waitFor({ state: 'detached', ...WAIT });
  await page.getByRole('button', { name: /^Gates/ }).click();
  const decided = page.getByRole('list', { name: 'Recently decided gates' }).getByRole('listitem').filter({ hasText: run });
  await expect.poll(() => decided.textContent(), WAIT).toMatch(/approved by you, from this browser/);
  await shot(page, '5-recently-decided');
  await page.keyboard.press('Escape');
  // What the inbox knows, the console row shows: the run is no longer waiting for a person.
  const row = page.locator(`tr[data-run="${run}"]`);
  await expect.poll(() => row.locator('[data-status]').textContent(), WAIT).not.toMatch(/waiting/);
  await expect.poll(() => row.textContent(), WAIT).not.toMatch(/1 waiting/);
}

async function consoleListsKeptBackends(page: Page) {
  await page.locator('tbody tr[data-run]').first().waitFor(WAIT);
  const backends = new Set(await column(page, 'Backend'));
  for (const dialect of ['relavium', 'shannon', 'tolky', 'mars', 'agui']) expect(backends, [...backends].join(', ')).toContain(`Simulator · ${dialect}`);
  await shot(page, '6-console');
}

async function openTolkyRunFromConsole(page: Page) {
  await page.getByRole('combobox', { name: 'Backend' }).selectOption({ label: 'Simulator · tolky' });
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-run]').length > 0);
  expect(new Set(await column(page, 'Backend'))).toEqual(new Set(['Simulator · tolky']));
  await page.locator('tr[data-run="fanout~demo-done"]').getByRole('link').click(WAIT);
  await page.getByText('Run succeeded').first().waitFor(WAIT);
  await page.locator('[aria-label="Plan research: succeeded"]').waitFor(WAIT);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  // Its events: the timeline follows to the end of the run and counts what it holds.
  await timeline.getByText('Run completed').waitFor(WAIT);
  await timeline.getByText(/^\d+ rows$/).waitFor(WAIT);
  await expect(page.getByText(/Nothing yet/).count()).resolves.toBe(0);
  await shot(page, '7-tolky-run');
}

async function openDurations(page: Page) {
  await page.getByRole('tab', { name: 'Durations' }).click();
  const list = page.getByRole('listbox', { name: 'Node attempts on a time axis' });
  await list.getByRole('option').first().waitFor(WAIT);
  await expect(list.getByRole('option').filter({ hasText: /Plan research.*succeeded/ }).count()).resolves.toBeGreaterThan(0);
  await page.getByText(/\d+ attempts · took .* · critical path/).waitFor(WAIT);
  await shot(page, '8-durations');
}

/** Export the run's recording as a person does (a download), and return the file's text. */
async function exportRecording(page: Page): Promise<{ path: string; frames: number }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export recording' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^runboard-tolky-fanout~demo-done\.jsonl$/);
  const path = join(tmpdir(), `newcomer-${Date.now()}.jsonl`);
  await download.saveAs(path);
  const lines = readFileSync(path, 'utf8').split('\n');
  expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ runboard: 1, dialect: 'tolky', runId: 'fanout~demo-done' });
  // A finished tolky run arrives as one replay of its events, so a few frames hold the whole run.
  const frames = lines.filter((line) => line.includes('"frame"')).length;
  expect(frames).toBeGreaterThanOrEqual(2);
  return { path, frames };
}

async function replayAndScrub(page: Page, recording: { path: string; frames: number }) {
  await goHome(page);
  await page.getByRole('link', { name: 'Simulator & samples' }).click(WAIT);
  await page.getByRole('heading', { name: 'Replay a recording' }).waitFor(WAIT);
  await page.getByLabel('Open a recording file (.jsonl)').setInputFiles(recording.path);
  const slider = page.getByRole('slider', { name: 'Replay position' });
  await slider.waitFor(WAIT);
  await expect(page.getByRole('status', { name: 'Stream status' }).textContent()).resolves.toMatch(/Replay/);
  await slider.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe(`frame 1 of ${recording.frames}`);
  await expect(page.getByText('Run succeeded').count()).resolves.toBe(0);
  await shot(page, '9-replay-start');
  await page.keyboard.press('End');
  await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe(`frame ${recording.frames} of ${recording.frames}`);
  await page.getByText('Run succeeded').first().waitFor(WAIT);
  for (const label of ['Plan research', 'Write report']) await page.locator(`[aria-label="${label}: succeeded"]`).waitFor(WAIT);
  await expect(page.getByTestId('total-cost').textContent()).resolves.toBe('$0.0305');
  await shot(page, '10-replay-end');
}

test('the newcomer’s path: start page → a live run of each protocol → a gate from the inbox → console → tolky run → durations → export and replay', async () => {
  const page = await harness.newPage();
  await page.goto(`${harness.sim.url}/`);
  await seeStartPage(page);
  await shot(page, '1-start');
  for (const dialect of Object.values(DIALECTS)) {
    await liveFanOut(page, dialect);
    await shot(page, `2-live-${dialect.id}`);
    await goHome(page);
    await seeStartPage(page);
  }
  const gateRun = await leaveGateWaiting(page);
  await goHome(page);
  await keepSimulatorBackends(page);
  await answerFromInbox(page, gateRun);
  await consoleListsKeptBackends(page);
  await openTolkyRunFromConsole(page);
  await openDurations(page);
  const recording = await exportRecording(page);
  await replayAndScrub(page, recording);
  await page.close();
}, 180_000);
