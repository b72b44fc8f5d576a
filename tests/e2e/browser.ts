/**
 * Real headless Chromium for the browser tests: Debian's /usr/bin/chromium driven by
 * playwright-core (no browser download), and the simulator serving the built app on one
 * origin. Each harness is a fresh browser context (no storage, cache or permission shared
 * with any other file) in the run's one shared Chromium (chromium-server.ts); a file that
 * needs a real on-disk profile asks for `persistentProfile` and launches its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

import type { SimClock } from '@/simulator/engine/scripted-run';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { CHROMIUM_ARGS, chromiumPath } from './chromium-server';

export { CHROMIUM_ARGS };

const VIEWPORT = { width: 1440, height: 900 };

export type BrowserHarness = Readonly<{
  sim: SimulatorHandle;
  context: BrowserContext;
  newPage: (options?: { colorScheme?: 'light' | 'dark' }) => Promise<Page>;
  close: () => Promise<void>;
}>;

export type HarnessOptions = Readonly<{
  timeScale?: number;
  seedRuns?: boolean;
  /** The simulator's clock (held-clock.ts lets a test hold runs still). */
  clock?: SimClock;
  /**
   * A browser of its own with an on-disk profile, for what needs a profile's default context:
   * the notification permission set through CDP's Browser.setPermission, and notifications
   * shown (notifications.spec fails in a context `newContext` makes).
   */
  persistentProfile?: boolean;
}>;

export async function startBrowserHarness(options: HarnessOptions = {}): Promise<BrowserHarness> {
  const { timeScale = 0.1, seedRuns = false, clock } = options;
  const sim = await startSimulator({ timeScale, staticDir: resolve('dist'), seedRuns, ...(clock ? { clock } : {}) });
  const endpoint = sharedEndpoint();
  const { context, dispose } = options.persistentProfile || !endpoint ? await ownProfileContext() : await sharedBrowserContext(endpoint);
  const errors: string[] = [];
  return {
    sim,
    context,
    async newPage(pageOptions = {}) {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: pageOptions.colorScheme ?? 'light', reducedMotion: 'reduce' });
      page.on('pageerror', (error) => errors.push(error.message));
      await slowDownIfAsked(context, page);
      return page;
    },
    async close() {
      await context.close();
      await sim.close();
      dispose();
    },
  };
}

/**
 * `E2E_CPU_THROTTLE=6` runs every page's main thread six times slower (Chromium's own CPU
 * throttling), the way a loaded CI machine does: a test that passes here does not lean on
 * the machine's speed. Unset, pages run at full speed.
 */
async function slowDownIfAsked(context: BrowserContext, page: Page): Promise<void> {
  const rate = Number(process.env.E2E_CPU_THROTTLE ?? 1);
  if (!(rate > 1)) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The shared Chromium's endpoint inside a vitest run; scripts (screenshots) launch their own. */
const sharedEndpoint = (): string | undefined => (process.env.VITEST ? inject('chromiumEndpoint') : undefined);

/** One connection per test process to the run's shared Chromium. */
let shared: Promise<Browser> | undefined;

async function sharedBrowserContext(endpoint: string): Promise<{ context: BrowserContext; dispose: () => void }> {
  shared ??= chromium.connect(endpoint);
  const context = await (await shared).newContext({ viewport: VIEWPORT });
  return { context, dispose: () => undefined };
}

async function ownProfileContext(): Promise<{ context: BrowserContext; dispose: () => void }> {
  const profile = mkdtempSync(join(tmpdir(), 'runboard-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, viewport: VIEWPORT });
  return { context, dispose: () => rmSync(profile, { recursive: true, force: true }) };
}

/** A download's text, read as a stream: `path()` throws in a browser joined over its endpoint. */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The simulator's relavium backend approves a run's deploy gate itself, as another reviewer would. */
export async function approveElsewhere(sim: SimulatorHandle, run: string): Promise<void> {
  await fetch(`${sim.url}/sim/relavium/runs/${run}/gates/gate-deploy/remote-decision`, { method: 'POST', body: '{}' });
}

/** The live URL of a simulator run (the URL contract). */
export function liveUrl(sim: SimulatorHandle, dialect: string, run: string, base = sim.url): string {
  const params = new URLSearchParams({ dialect, url: base, run });
  return `${sim.url}/?${params.toString()}`;
}
