/**
 * Accessibility in real Chromium: axe-core scans every screen, in light AND dark mode —
 * the start page (and its connect form showing a URL problem), a live run view with each
 * side tab (node details with a node selected, cost, diagnostics), the timeline with a raw
 * frame open, the gate dialog and its confirm step, the confirmation left after an answer,
 * the reviewer inbox with its recently decided list, an unavailable control's note, the
 * cancel-run dialog, the shortcut help, the replay view with its help, the "recording not
 * found" page and the invalid-link page. Serious or critical violations fail the test and
 * are printed one readable line each.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';

import { seriousViolations } from './axe-scan';
import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  // The live run's gate has a deadline of 120 s × timeScale: at 0.5 it outlasts the test's own
  // 60 s timeout, so however slowly the machine scans, the gate is still open to be answered.
  harness = await startBrowserHarness({ timeScale: 0.5 });
});
afterAll(async () => {
  await harness.close();
});

const SCHEMES = ['light', 'dark'] as const;

test.each(SCHEMES)('the start page (%s) and its connect form have no serious or critical violations', async (colorScheme) => {
  const page = await harness.newPage({ colorScheme });
  await page.goto(harness.sim.url);
  await page.getByRole('heading', { name: 'Runboard' }).waitFor();
  await page.getByRole('region', { name: /simulator runs$/ }).first().getByRole('button').first().waitFor();
  const found = await seriousViolations(page, `start (${colorScheme})`);
  const form = page.getByRole('form', { name: 'Connect to a backend' });
  await form.getByLabel('Backend URL').fill('localhost:8787');
  await form.getByLabel('Run id').fill('x');
  await form.getByRole('button', { name: 'Open run' }).click();
  await form.getByRole('alert').waitFor();
  found.push(...(await seriousViolations(page, `connect form with a URL problem (${colorScheme})`)));
  expect(found).toEqual([]);
  await page.close();
});

test.each(SCHEMES)('the live run view, each side tab, the raw frame, and every dialog (%s) have no serious or critical violations', async (colorScheme) => {
  const page = await harness.newPage({ colorScheme });
  await page.goto(liveUrl(harness.sim, 'relavium', `gate~axe-${colorScheme}`));
  const found: string[] = [];
  const scan = async (screen: string) => found.push(...(await seriousViolations(page, `${screen} (${colorScheme})`)));
  const gate = page.getByRole('alertdialog');
  await gate.waitFor({ timeout: 20_000 });
  await scan('gate dialog');
  await gate.getByRole('button', { name: 'Reject' }).click();
  await gate.getByRole('button', { name: 'Back' }).waitFor();
  await scan('gate dialog, confirm step');
  await gate.getByRole('button', { name: 'Back' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('status', { name: 'Stream status' }).waitFor();
  await scan('run view, cost tab');
  await page.getByRole('button', { name: /^Pause/ }).focus();
  await page.getByRole('tooltip').waitFor();
  await scan('unavailable control with its note');

  await page.locator('.react-flow__node').first().click();
  await page.getByRole('complementary', { name: /^Node details: / }).waitFor();
  await scan('node details');
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  await page.getByRole('region', { name: 'Stream diagnostics' }).waitFor();
  await scan('diagnostics');

  await page.getByRole('button', { name: 'Raw frame of row 0' }).click();
  await page.getByRole('region', { name: 'Raw frame of row 0' }).waitFor();
  await scan('timeline raw frame');

  await page.getByRole('button', { name: 'Cancel run' }).click();
  await page.getByRole('dialog', { name: 'Cancel this run?' }).waitFor();
  await scan('cancel-run dialog');
  await page.getByRole('button', { name: 'Keep running' }).click();

  await page.locator('body').press('?');
  await page.getByRole('dialog', { name: /shortcuts/i }).waitFor();
  await scan('shortcut help');
  await page.keyboard.press('Escape');

  // Answer the gate: the confirmation it leaves, then the inbox with the decision in its "recently decided" list.
  await page.getByRole('button', { name: /^Gates/ }).click();
  const inbox = page.getByRole('dialog', { name: 'Reviewer inbox' });
  await inbox.getByRole('button', { name: 'Answer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('status', { name: 'Your gate decision' }).waitFor();
  await scan('run view with the decision confirmation');
  await page.getByRole('button', { name: /^Gates/ }).click();
  await inbox.getByRole('list', { name: 'Recently decided gates' }).waitFor();
  await scan('reviewer inbox with recently decided gates');
  expect(found).toEqual([]);
  await page.close();
});

test.each(SCHEMES)('the replay view, its help, "recording not found" and the invalid-link page (%s) have no serious or critical violations', async (colorScheme) => {
  const page = await harness.newPage({ colorScheme });
  await page.goto(`${harness.sim.url}/?replay=/recordings/relavium-fanout.jsonl&at=20`);
  await page.getByRole('status', { name: 'Stream status' }).waitFor({ timeout: 20_000 });
  await page.locator('.react-flow__node').first().waitFor();
  const found = await seriousViolations(page, `replay (${colorScheme})`);
  await page.locator('body').press('?');
  await page.getByRole('dialog', { name: /shortcuts/i }).waitFor();
  found.push(...(await seriousViolations(page, `replay help (${colorScheme})`)));
  await page.goto(`${harness.sim.url}/?replay=/no-such-recording`);
  await page.getByRole('heading', { name: 'Recording not found' }).waitFor({ timeout: 20_000 });
  found.push(...(await seriousViolations(page, `recording not found (${colorScheme})`)));
  await page.goto(`${harness.sim.url}/?dialect=nonesuch&url=http://127.0.0.1:1&run=x`);
  await page.getByRole('heading', { name: 'This link cannot be opened' }).waitFor();
  found.push(...(await seriousViolations(page, `invalid link (${colorScheme})`)));
  expect(found).toEqual([]);
  await page.close();
});
