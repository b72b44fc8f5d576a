/**
 * Screenshots of the connection vocabulary and the decider rule (issue 20, items 7 and 11),
 * from the built app (`npx vite build` first) against an in-process simulator:
 *   `npx tsx scripts/screenshot-conn20.ts [out-dir]`
 * Shots: a tolky run that ended (status "Closed — the run ended"), an AG-UI run paused at a
 * gate ("Paused", no Resume), a relavium gate's confirmation ("approved by you, from this
 * browser"), the inbox after it (with the name field); each at 1024×700 and 1920×1080, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { DIALECTS } from '@/protocol/dialects';

import { startBrowserHarness, type BrowserHarness } from '../tests/e2e/browser';

const SIZES = { 1024: { width: 1024, height: 700 }, 1920: { width: 1920, height: 1080 } } as const;
const THEMES = ['light', 'dark'] as const;
const [outDir = 'tests/e2e/screenshots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const status = (page: Page) => page.getByRole('status', { name: 'Stream status' });

async function ended(harness: BrowserHarness, page: Page): Promise<void> {
  await page.goto(`${harness.sim.url}/?${new URLSearchParams({ dialect: 'tolky', url: harness.sim.url, run: `fanout~shot-${Date.now()}` }).toString()}`);
  await status(page).getByText('the run ended').waitFor({ timeout: 30_000 });
}

async function paused(harness: BrowserHarness, page: Page): Promise<void> {
  const url = simulatorBackendUrl(DIALECTS.agui, harness.sim.url);
  await page.goto(`${harness.sim.url}/?${new URLSearchParams({ dialect: 'agui', url, run: `gate~shot-${Date.now()}`, start: 'Deploy release 2.4' }).toString()}`);
  await page.getByRole('button', { name: 'Start run' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Decide later' }).click({ timeout: 30_000 });
  await status(page).getByText('Paused', { exact: true }).waitFor({ timeout: 10_000 });
}

async function confirmed(harness: BrowserHarness, page: Page): Promise<void> {
  await page.goto(`${harness.sim.url}/?${new URLSearchParams({ dialect: 'relavium', url: harness.sim.url, run: `gate~shot-${Date.now()}` }).toString()}`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click({ timeout: 30_000 });
  await page.getByRole('status', { name: 'Your gate decision' }).getByText(/approved by/).waitFor({ timeout: 20_000 });
}

/** The inbox after our own decision: "Recently decided" by the rule, and the name field. */
async function inbox(harness: BrowserHarness, page: Page): Promise<void> {
  await confirmed(harness, page);
  await page.getByRole('button', { name: /^Gates/ }).click();
  await page.getByRole('list', { name: 'Recently decided gates' }).waitFor({ timeout: 10_000 });
}

const SHOTS = { ended, paused, confirmed, inbox } as const;

const harness = await startBrowserHarness({ timeScale: 0.1 });
try {
  for (const [shot, open] of Object.entries(SHOTS)) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const theme of THEMES) {
        const page = await harness.newPage({ colorScheme: theme });
        await page.setViewportSize(viewport);
        await open(harness, page);
        await page.waitForTimeout(500);
        const file = join(outDir, `conn20-${shot}-${size}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(file);
        await page.close();
      }
    }
  }
} finally {
  await harness.close();
}
