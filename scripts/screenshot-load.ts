/**
 * Screenshots for the lazy loading of issue 22: a live run (tolky) while every chunk the run
 * screen does not wait for is held back, the same run finished, the start page, and the
 * console with the simulator's backends kept. `npm run build` first; PNGs in tests/e2e/screenshots/.
 */
import { resolve } from 'node:path';

import type { Route } from 'playwright-core';

import { DIALECT_INFO } from '@/protocol/dialect-info';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

import { dialectModule, ENTRY, LIVE_PAGE, readManifest, staticFiles } from '../bench/lib/chunk-graph';
import { startBrowserHarness } from '../tests/e2e/browser';
import { backend, withBackends } from '../tests/e2e/console-support';

const OUT = resolve('tests/e2e/screenshots');

async function main() {
  const harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true });
  const manifest = readManifest(resolve('dist'));
  const page = await harness.newPage();
  const counted = staticFiles(manifest, [ENTRY, ...LIVE_PAGE, dialectModule('tolky')]);
  const held: Route[] = [];
  let holding = true;
  await page.route('**/assets/*.js', (route) => (!holding || counted.has(new URL(route.request().url()).pathname.slice(1)) ? route.continue() : void held.push(route)));
  const params = new URLSearchParams({ dialect: 'tolky', url: simulatorBackendUrl(DIALECT_INFO.tolky, harness.sim.url), run: 'fanout~load-shot' });
  await page.goto(`${harness.sim.url}/?${params.toString()}`);
  await page.getByRole('status', { name: 'Stream status' }).waitFor();
  await page.screenshot({ path: `${OUT}/load-live-held.png` });
  holding = false;
  await Promise.all(held.map((route) => route.continue()));
  await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/load-live-done.png` });
  await page.goto(`${harness.sim.url}/?page=welcome`);
  await page.getByRole('heading', { name: 'Try a simulated run' }).waitFor();
  await page.screenshot({ path: `${OUT}/load-start.png` });
  const sim = harness.sim.url;
  await withBackends(page, sim, [
    backend('b1', 'relavium', sim, 'Simulator · relavium'),
    backend('b2', 'tolky', sim, 'Simulator · tolky', { session: 'demo' }),
    backend('b3', 'shannon', sim, 'Simulator · shannon'),
  ]);
  await page.locator('table tbody tr').first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${OUT}/load-console.png` });
  await harness.close();
}

await main();
