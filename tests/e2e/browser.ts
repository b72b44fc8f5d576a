/**
 * Real headless Chromium for the browser tests: Debian's /usr/bin/chromium driven by
 * playwright-core (no browser download), a fresh profile per launch, and the simulator
 * serving the built app on one origin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { chromium, type BrowserContext, type Page } from 'playwright-core';

import { startSimulator, type SimulatorHandle } from '@/simulator/server';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export type BrowserHarness = Readonly<{
  sim: SimulatorHandle;
  context: BrowserContext;
  newPage: (options?: { colorScheme?: 'light' | 'dark' }) => Promise<Page>;
  close: () => Promise<void>;
}>;

export async function startBrowserHarness(options: { timeScale?: number; seedRuns?: boolean } = {}): Promise<BrowserHarness> {
  const sim = await startSimulator({ timeScale: options.timeScale ?? 0.1, staticDir: resolve('dist'), seedRuns: options.seedRuns ?? false });
  const profile = mkdtempSync(join(tmpdir(), 'runboard-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
  });
  const errors: string[] = [];
  return {
    sim,
    context,
    async newPage(pageOptions = {}) {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: pageOptions.colorScheme ?? 'light', reducedMotion: 'reduce' });
      page.on('pageerror', (error) => errors.push(error.message));
      return page;
    },
    async close() {
      await context.close();
      await sim.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The live URL of a simulator run (the URL contract). */
export function liveUrl(sim: SimulatorHandle, dialect: string, run: string, base = sim.url): string {
  const params = new URLSearchParams({ dialect, url: base, run });
  return `${sim.url}/?${params.toString()}`;
}
