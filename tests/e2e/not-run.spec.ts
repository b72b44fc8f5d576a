/**
 * Issue 20 item 8 in real Chromium against the built app: steps that never started when the
 * run ended read "not run" — in the graph node, the node details and the Durations row (no
 * bar, no "0.0s") — after a MARS failure (its DAG re-sets every node to failed), a Shannon
 * failure and a tolky cancel. Screenshots at 1024 and 1920, light and dark.
 */
import { mkdirSync } from 'node:fs';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { marsDialect } from '@/protocol/mars/mars-dialect';

const SHOTS = 'tests/e2e/screenshots';
let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await harness.close();
});

const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
const durationRow = (page: Page, id: string) => page.getByRole('listbox', { name: 'Node attempts on a time axis' }).locator(`[data-node="${id}"]`);

async function marsFailure(page: Page) {
  const params = new URLSearchParams({ dialect: 'mars', url: simulatorBackendUrl(marsDialect, harness.sim.url), run: `retry~e2e-notrun-${Date.now().toString(36)}`, start: '[scenario:retry] Nightly data sync' });
  await page.goto(`${harness.sim.url}/?${params.toString()}`);
  await page.getByRole('button', { name: 'Start run' }).click();
  await page.getByText('Run failed').first().waitFor({ timeout: 30_000 });
}

describe('steps that never ran read "not run"', () => {
  test('MARS failure: "Notify team" reads not run in the graph, the node details and Durations, never "failed · 0.0s"', async () => {
    const page = await harness.newPage();
    await marsFailure(page);
    await expect.poll(() => node(page, 'notify').getAttribute('aria-label')).toBe('Notify team: not run');
    await expect(node(page, 'notify').textContent()).resolves.toMatch(/not run/);
    await expect(node(page, 'notify').textContent()).resolves.not.toMatch(/failed/);
    await expect(node(page, 'load').getAttribute('aria-label')).resolves.toBe('Load warehouse: failed');

    await node(page, 'notify').click();
    const details = page.getByRole('complementary', { name: /^Node details: / });
    await expect.poll(() => details.locator('[data-fact="status"]').textContent()).toBe('not run');
    await expect(details.locator('[data-fact="elapsed"]').textContent()).resolves.toBe('—');

    await page.getByRole('tab', { name: 'Durations' }).click();
    const row = durationRow(page, 'notify');
    await row.waitFor();
    await expect(row.getAttribute('data-outcome')).resolves.toBe('not_run');
    await expect(row.textContent()).resolves.toMatch(/Notify team.*not run$/);
    await expect(row.textContent()).resolves.not.toMatch(/failed|0\.0s|\dms/);
    await expect(durationRow(page, 'load').textContent()).resolves.toMatch(/failed · /);
    for (const width of [1024, 1920]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('tab', { name: 'Durations' }).click();
        await page.screenshot({ path: `${SHOTS}/not-run-mars-durations-${width}-${scheme}.png` });
        await page.getByRole('tab', { name: 'Node details' }).click().catch(() => undefined);
        await page.screenshot({ path: `${SHOTS}/not-run-mars-graph-${width}-${scheme}.png` });
      }
    }
    await page.close();
  });

  test('MARS failure watched over REST (a second tab): "Notify team" reads not run, "Load warehouse" failed', async () => {
    const starter = await harness.newPage();
    await marsFailure(starter);
    const params = new URL(starter.url()).searchParams;
    params.delete('start');
    const watcher = await harness.newPage();
    await watcher.goto(`${harness.sim.url}/?${params.toString()}`);
    await watcher.getByText('Run failed').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => node(watcher, 'notify').getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notify team: not run');
    await expect(node(watcher, 'load').getAttribute('aria-label')).resolves.toBe('Load warehouse: failed');
    await watcher.screenshot({ path: `${SHOTS}/not-run-mars-watcher.png` });
    await watcher.close();
    await starter.close();
  });

  test('Shannon failure: the summary step never started and reads not run, not pending', async () => {
    const page = await harness.newPage();
    await page.goto(liveUrl(harness.sim, 'shannon', `shannon-failure~e2e-notrun-${Date.now()}`));
    await page.getByText('Run failed').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => node(page, 'summarise').getAttribute('aria-label')).toBe('Write summary: not run');
    await page.getByRole('tab', { name: 'Durations' }).click();
    await expect(durationRow(page, 'summarise').textContent()).resolves.toMatch(/Write summary.*not run$/);
    await page.close();
  });

  test('a step the backend skipped with a reason (relavium node:skipped) says the reason in the graph, the details and Durations', async () => {
    const page = await harness.newPage();
    await page.goto(liveUrl(harness.sim, 'relavium', `retry~e2e-notrun-${Date.now()}`));
    await page.getByText('Run failed').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => node(page, 'notify').getAttribute('aria-label')).toBe('notify: not run · upstream_unreachable');
    await node(page, 'notify').click();
    const details = page.getByRole('complementary', { name: /^Node details: / });
    await expect.poll(() => details.locator('[data-fact="status"]').textContent()).toBe('not run · upstream_unreachable');
    await page.getByRole('tab', { name: 'Durations' }).click();
    await expect(durationRow(page, 'notify').textContent()).resolves.toMatch(/notify.*not run · upstream_unreachable$/);
    await page.screenshot({ path: `${SHOTS}/not-run-relavium-reason.png` });
    await page.close();
  });

  test('tolky cancel: the step after the cancelled one reads not run, not pending', async () => {
    const page = await harness.newPage();
    await page.goto(liveUrl(harness.sim, 'tolky', `cancel~e2e-notrun-${Date.now()}`));
    await page.getByText('Run cancelled').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => node(page, 'step-2').getAttribute('aria-label')).toBe('Index pages: not run');
    await expect(node(page, 'step-1').getAttribute('aria-label')).resolves.toBe('Crawl pages: cancelled');
    await page.getByRole('tab', { name: 'Durations' }).click();
    await expect(durationRow(page, 'step-2').textContent()).resolves.toMatch(/Index pages.*not run$/);
    await page.screenshot({ path: `${SHOTS}/not-run-tolky-durations.png` });
    await page.close();
  });
});
