/**
 * Screenshots of the console, a backend's list, the inbox on the console and the duration
 * view, at 1024 and 1920 px in light and dark: `npx tsx scripts/console-screenshots.ts <out-dir>`
 * (run `npx vite build` first; THEMES=light WIDTHS=1920 narrow it). The simulator runs at half
 * speed with its seeded demo runs.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { startBrowserHarness } from '../tests/e2e/browser';
import { backend, withBackends } from '../tests/e2e/console-support';

const [outDir = '/tmp/console-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const harness = await startBrowserHarness({ timeScale: 0.5, seedRuns: true });
const sim = harness.sim.url;
const ws = sim.replace('http', 'ws');
const BACKENDS = [
  backend('r', 'relavium', sim, 'Relavium · staging', { watchRunning: true }),
  backend('s', 'shannon', sim, 'Shannon · research'),
  backend('t', 'tolky', sim, 'tolky · demo session', { session: 'demo' }),
  backend('m', 'mars', ws, 'MARS · lab'),
  backend('a', 'myagent', ws, 'myagent · local'),
  backend('x', 'relavium', 'http://127.0.0.1:9', 'Relavium · prod (down)'),
];

async function shoot(page: Page, name: string) {
  const file = join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

try {
  await new Promise((resolve) => setTimeout(resolve, 8_000)); // the seeded runs settle
  const themes = (process.env.THEMES ?? 'light,dark').split(',') as ('light' | 'dark')[];
  const widths = (process.env.WIDTHS ?? '1024,1920').split(',').map(Number);
  for (const theme of themes) {
    for (const width of widths) {
      const page = await harness.newPage({ colorScheme: theme });
      await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 });
      await withBackends(page, sim, BACKENDS);
      await page.locator('tbody tr[data-run]').first().waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: /Gates \(\d+ waiting\)/ }).waitFor({ timeout: 20_000 });
      await page.waitForTimeout(1_500);
      await shoot(page, `console-${width}-${theme}`);
      await page.getByRole('button', { name: /Gates \(/ }).click();
      await page.getByRole('dialog', { name: 'Reviewer inbox' }).getByRole('button', { name: 'Answer' }).first().click();
      await page.getByRole('alertdialog').waitFor();
      await shoot(page, `console-gate-${width}-${theme}`);
      await page.keyboard.press('Escape');
      await page.getByRole('listitem', { name: 'Shannon · research' }).getByRole('button', { name: 'Runs' }).click();
      await page.locator('tbody tr[data-run]').first().waitFor({ timeout: 20_000 });
      await page.waitForTimeout(500);
      await shoot(page, `backend-list-${width}-${theme}`);
      await page.goto(`${sim}/?${new URLSearchParams({ dialect: 'relavium', url: sim, run: `fanout~shot-${theme}-${width}` })}`);
      await page.getByText('Run succeeded').first().waitFor({ timeout: 60_000 });
      await page.getByRole('tab', { name: 'Durations' }).click();
      await page.getByRole('listbox', { name: 'Node attempts on a time axis' }).locator('[data-node="r3"]').click();
      await page.waitForTimeout(800);
      await shoot(page, `durations-${width}-${theme}`);
      await page.goto(`${sim}/?${new URLSearchParams({ dialect: 'shannon', url: sim, run: `retry~shot-${theme}-${width}` })}`);
      await page.getByText('Run failed').first().waitFor({ timeout: 60_000 });
      await page.getByRole('tab', { name: 'Durations' }).click();
      await page.getByRole('listbox', { name: 'Node attempts on a time axis' }).locator('[data-node]').first().waitFor();
      await page.waitForTimeout(800);
      await shoot(page, `durations-retry-${width}-${theme}`);
      await page.close();
    }
  }
} finally {
  await harness.close();
}
