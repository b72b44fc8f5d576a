/**
 * Screenshots of the built app against an in-process simulator, for looking at the
 * product as a person would: `tsx scripts/screenshot.ts <out-dir> [dialect:scenario:theme]...`
 * (run `npx vite build` first). Defaults to a relavium fan-out in light and dark.
 * `replay:<file.jsonl>:<theme>` opens a recording file as a person picks one, and shoots it
 * while it loads and once it shows its end.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import type { Page } from 'playwright-core';

import { startBrowserHarness } from '../tests/e2e/browser';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

const [outDir = 'tests/screenshots', ...specs] = process.argv.slice(2);
const jobs = specs.length > 0 ? specs.map((s) => s.split(':')) : [['relavium', 'fanout', 'light'], ['relavium', 'fanout', 'dark']];
mkdirSync(outDir, { recursive: true });
const harness = await startBrowserHarness({ timeScale: 0.2 });
try {
  for (const [dialectId = 'relavium', scenario = 'fanout', theme = 'light', waitText = 'Run succeeded'] of jobs) {
    const page = await harness.newPage({ colorScheme: theme === 'dark' ? 'dark' : 'light' });
    if (dialectId === 'replay') {
      await shootReplay(page, scenario, theme);
      continue;
    }
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

async function shootReplay(page: Page, file: string, theme: string) {
  const name = basename(file, '.jsonl');
  await page.goto(`${harness.sim.url}/`);
  await page.getByLabel('Open a recording file (.jsonl)').setInputFiles({ name: basename(file), mimeType: 'application/x-ndjson', buffer: readFileSync(file) });
  await page.getByText(/Decoding: [\d,]+ lines/).waitFor({ timeout: 60_000 });
  await page.screenshot({ path: join(outDir, `replay-${name}-loading-${theme}.png`) });
  await page.getByRole('slider', { name: 'Replay position' }).waitFor({ timeout: 600_000 });
  // the graph is laid out after the view shows: wait for its nodes (or the overview's marks) to be drawn
  await page.waitForFunction(() => document.querySelector('.react-flow__node') !== null || Number(document.querySelector<HTMLElement>('[data-testid="graph-overview"]')?.dataset.drawn ?? 0) > 0, undefined, { timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(outDir, `replay-${name}-end-${theme}.png`) });
  console.log(join(outDir, `replay-${name}-*-${theme}.png`));
  await page.close();
}
