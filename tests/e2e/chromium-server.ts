/**
 * The browser tests' one Chromium: started once for the whole run (vitest's globalSetup) as a
 * Playwright browser server, which every test file joins over its endpoint and in which each
 * file gets a fresh browser context of its own — the isolation a fresh profile gave, without
 * a browser launch per file (about 2 s each on this machine, against 0.4 s for a context).
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

/**
 * Chromium 156 headless still builds each tab's window with the omnibox's popup as web pages of
 * its own (chrome://omnibox-popup.top-chrome, about 400 module scripts): about 1.4 s of CPU in
 * the seconds after every new page, more than our start page costs to load. With these off, a
 * blank tab costs about 0.4 s of CPU instead of 1.7 (bench/page-cost.ts measures both).
 */
export const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * The features Playwright disables (its own `--disable-features`, for its reasons: paint
 * holding, HTTPS upgrades, storage partitioning, …). Chromium reads only the last
 * `--disable-features` it is given and ours comes after Playwright's, so ours repeats them;
 * chromium-flags.spec.ts fails, naming the feature, when a Playwright upgrade adds one.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** Flags for Debian's Chromium in a container: no sandbox, no GPU, nothing phoning home, no omnibox popup. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

export default async function startSharedChromium(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
