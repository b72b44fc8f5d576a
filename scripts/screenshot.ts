/**
 * Screenshots of the built app against an in-process simulator, for looking at the
 * product as a person would: `tsx scripts/screenshot.ts <out-dir> [dialect scenario theme]...`
 * (run `npx vite build` first). Defaults to a relavium fan-out in light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { startBrowserHarness } from '../tests/e2e/browser';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

const [outDir = 'tests/screenshots', ...specs] = process.argv.slice(2);
const jobs = specs.length > 0 ? specs.map((s) => s.split(':')) : [['relavium', 'fanout', 'light'], ['relavium', 'fanout', 'dark']];
mkdirSync(outDir, { recursive: true });
const harness = await startBrowserHarness({ timeScale: 0.2 });
try {
  for (const [dialectId = 'relavium', scenario = 'fanout', theme = 'light', waitText = 'Run succeeded'] of jobs) {
    const page = await harness.newPage({ colorScheme: theme === 'dark' ? 'dark' : 'light' });
    const { DIALECTS } = await import('../src/protocol/dialects');
    const dialect = DIALECTS[dialectId as keyof typeof DIALECTS];
    const base = simulatorBackendUrl(dialect, harness.sim.url);
    const params = new URLSearchParams({ dialect: dialectId, url: base, run: `${scenario}~shot-${Date.now()}` });
    if (dialect.capabilities.startsRuns) params.set('start', `[scenario:${scenario}] ${scenario}`);
    await page.goto(`${harness.sim.url}/?${params.toString()}`);
    if (dialect.capabilities.startsRuns) await page.getByRole('button', { name: 'Start run' }).click();
    await page.getByText(waitText).first().waitFor({ timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(600);
    const file = join(outDir, `${dialectId}-${scenario}-${theme}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    await page.close();
  }
} finally {
  await harness.close();
}
