/**
 * Accessibility in real Chromium: axe-core scans the start page, a live run view and the
 * gate dialog; serious or critical violations fail the test and are printed readably.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

const AXE_SOURCE = readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/** Serious and critical violations, one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugger protocol: the app's CSP (rightly) blocks an injected inline <script>.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`);
}

test('the start page has no serious or critical violations', async () => {
  const page = await harness.newPage();
  await page.goto(harness.sim.url);
  await page.getByRole('heading', { name: 'Runboard' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.close();
});

test('a live run view and its gate dialog have no serious or critical violations', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', 'gate~axe'));
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('status', { name: 'Stream status' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.close();
});
