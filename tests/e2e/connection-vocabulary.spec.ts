/**
 * One connection vocabulary for every protocol, in real Chromium against the built app: a
 * run that ended reads "Closed — the run ended" whatever the transport does at the end (tolky
 * and myagent keep their sockets open; relavium and Shannon close their streams), with no run
 * control left; an AG-UI run paused at a gate reads one state, "Paused", never "Closed" beside
 * "Run paused", and offers no Resume button (the answer to the gate resumes it).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { DIALECTS } from '@/protocol/dialects';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

import { startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

const status = (page: Page) => page.getByRole('status', { name: 'Stream status' });

async function openRun(page: Page, id: 'tolky' | 'myagent' | 'relavium' | 'agui' | 'shannon', run: string, start: string): Promise<void> {
  const dialect = DIALECTS[id];
  const params = new URLSearchParams({ dialect: id, url: simulatorBackendUrl(dialect, harness.sim.url), run });
  if (dialect.capabilities.startsRuns) params.set('start', start);
  await page.goto(`${harness.sim.url}/?${params.toString()}`);
  if (dialect.capabilities.startsRuns) await page.getByRole('button', { name: 'Start run' }).click();
}

describe.each(['tolky', 'myagent', 'relavium', 'agui', 'shannon'] as const)('%s: a run that ended', (id) => {
  test('reads "Closed — the run ended" and offers no control', async () => {
    const page = await harness.newPage();
    await openRun(page, id, `fanout~vocab-${id}`, '[scenario:fanout] Research fan-out');
    await page.getByText('Run succeeded').first().waitFor({ timeout: 30_000 });
    await status(page).getByText('the run ended (succeeded)').waitFor({ timeout: 10_000 });
    expect(await status(page).textContent()).toBe('■Closedthe run ended (succeeded)');
    expect(await page.getByRole('button', { name: /^(Pause|Resume|Cancel run)$/ }).count()).toBe(0);
    await page.close();
  });
});

describe('AG-UI paused at a gate', () => {
  test('reads one state, "Paused", and offers no Resume button', async () => {
    const page = await harness.newPage();
    await openRun(page, 'agui', 'hold~vocab-agui', 'Deploy release 2.4');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Decide later' }).click();
    await page.getByText('Run paused').first().waitFor({ timeout: 10_000 });
    await status(page).getByText('Paused', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await status(page).textContent()).not.toMatch(/Closed|Live/);
    expect(await page.getByRole('button', { name: /^(Resume|Pause)$/ }).count()).toBe(0);
    // AG-UI has no cancel request: the one control left says so and is not live
    await expect(page.getByRole('button', { name: 'Cancel run' }).getAttribute('aria-disabled')).resolves.toBe('true');
    await page.close();
  });
});
