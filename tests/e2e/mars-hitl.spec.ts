/**
 * Issue 19, MARS in real Chromium against the built app and the simulator's MARS server:
 * a run started in a human-in-the-loop mode asks for the plan's review (a Markdown
 * description, shown formatted and inert), approving it leaves nothing "waiting"; the
 * address names the run once started, so a reload watches it; a watching tab says what it
 * cannot see.
 */
import { mkdirSync } from 'node:fs';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { seriousViolations } from './axe-scan';
import { startBrowserHarness, type BrowserHarness } from './browser';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { marsDialect } from '@/protocol/mars/mars-dialect';

const SHOTS = 'tests/e2e/screenshots';
let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.3 });
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await harness.close();
});

const startLink = (start: string) => `${harness.sim.url}/?${new URLSearchParams({ dialect: 'mars', url: simulatorBackendUrl(marsDialect, harness.sim.url), start }).toString()}`;
const status = (page: Page) => page.getByRole('status', { name: 'Stream status' });
const REVIEW = 'Planning iteration 1 complete.';

/** Opens the start form, picks the human-in-the-loop mode and presses Start run. */
async function startHitl(page: Page, start: string, shot?: string) {
  await page.goto(startLink(start));
  await page.getByLabel('Mode', { exact: true }).selectOption('hitl-interactive');
  await page.getByText('A person approves, revises or rejects the plan').waitFor();
  if (shot) {
    await page.screenshot({ path: `${SHOTS}/${shot}` });
    await expect(seriousViolations(page, `MARS start form (${shot})`)).resolves.toEqual([]);
  }
  await page.getByRole('button', { name: 'Start run' }).click();
  await page.waitForURL(/[?&]run=/, { timeout: 10_000 });
  return new URL(page.url()).searchParams.get('run') ?? '';
}

describe('mars: human in the loop, as the backend runs it', () => {
  test('the plan review is asked, shown as Markdown, and approving it leaves nothing waiting; a reload watches', async () => {
    const page = await harness.newPage();
    const run = await startHitl(page, '[scenario:fanout] Market research', 'mars-start-form-light.png');
    // The address names the run as the start is sent; the backend may read it a moment later.
    await expect.poll(() => harness.sim.received.filter((c) => c.runId === run && c.kind === 'start').map((c) => (c.body as { config: { mode: string } }).config.mode), { timeout: 10_000 }).toEqual(['hitl-interactive']);
    const dialog = page.getByRole('alertdialog', { name: REVIEW });
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByRole('heading', { name: 'Generated Plan:' }).waitFor({ timeout: 10_000 });
    await expect(dialog.locator('strong', { hasText: 'Step 1' }).count()).resolves.toBeGreaterThan(0);
    await expect(dialog.locator('li', { hasText: 'Reject: Cancel the workflow' }).count()).resolves.toBe(1);
    await page.screenshot({ path: `${SHOTS}/mars-plan-review-light.png` });
    await expect(seriousViolations(page, 'MARS plan review')).resolves.toEqual([]);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Run succeeded').waitFor({ timeout: 45_000 });
    await expect(page.locator('header').textContent()).resolves.not.toMatch(/waiting/);
    await page.screenshot({ path: `${SHOTS}/mars-hitl-approved-light.png` });
    // The address names the run: a reload watches it instead of offering "Start run" again.
    // (The run is over, so the watch reads it once and stops: its end is what the page shows.)
    await page.reload();
    await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Start run' }).count()).resolves.toBe(0);
    expect(harness.sim.received.filter((c) => c.runId === run && (c.kind === 'start' || c.kind === 'connection'))).toHaveLength(2);
    await page.close();
  });

  test('a watching tab says it cannot see approvals; the starter links to it', async () => {
    const starter = await harness.newPage();
    const run = await startHitl(starter, '[scenario:fanout] Market research');
    await starter.getByRole('alertdialog', { name: REVIEW }).waitFor({ timeout: 20_000 });
    const href = await starter.getByRole('link', { name: 'open a watching tab', includeHidden: true }).getAttribute('href');
    expect(href).toContain(`run=${encodeURIComponent(run)}`);
    expect(href).not.toContain('start=');
    const watcher = await harness.newPage({ colorScheme: 'dark' });
    await watcher.goto(`${harness.sim.url}/${href ?? ''}`);
    await status(watcher).getByText(/shows no pending approval/).waitFor({ timeout: 15_000 });
    await watcher.getByText('Run in progress or waiting for a person').waitFor({ timeout: 15_000 });
    await watcher.screenshot({ path: `${SHOTS}/mars-watcher-blind-dark.png` });
    await starter.close();
    await watcher.close();
  });

  test('hostile text in a Markdown description stays text', async () => {
    const page = await harness.newPage({ colorScheme: 'dark' });
    await startHitl(page, '[scenario:xss] Hostile', 'mars-start-form-dark.png');
    const dialog = page.getByRole('alertdialog', { name: REVIEW });
    await dialog.getByRole('heading', { name: 'Generated Plan:' }).waitFor({ timeout: 20_000 });
    await expect(dialog.textContent()).resolves.toContain('<script>window.__pwned=2</script>');
    await expect(dialog.locator('script, iframe, img, svg[onload]').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).resolves.toBeUndefined();
    await page.screenshot({ path: `${SHOTS}/mars-plan-review-hostile-dark.png` });
    await page.close();
  });
});
