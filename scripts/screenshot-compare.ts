/**
 * Screenshots of the compare screen (issue 23), from the built app (`npx vite build` first)
 * against an in-process simulator: `npx tsx scripts/screenshot-compare.ts [out-dir] [shot...]`.
 * Each at 1024×700 and 1920×1080, light and dark. Default out-dir: tests/e2e/screenshots (ignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { startBrowserHarness, type BrowserHarness } from '../tests/e2e/browser';
import { backend, withBackends } from '../tests/e2e/console-support';

const SIZES = { 1024: { width: 1024, height: 700 }, 1920: { width: 1920, height: 1080 } } as const;
const THEMES = ['light', 'dark'] as const;
const SHOTS = ['recordings', 'protocols', 'diff', 'console', 'dialog'] as const;
type Shot = (typeof SHOTS)[number];

const [outDir = 'tests/e2e/screenshots', ...wanted] = process.argv.slice(2);
const shots = (wanted.length > 0 ? wanted : SHOTS) as readonly Shot[];
mkdirSync(outDir, { recursive: true });

const compareUrl = (origin: string, a: string, b: string) => {
  const params = new URLSearchParams();
  params.append('compare', a);
  params.append('compare', b);
  return `${origin}/?${params.toString()}`;
};

async function open(harness: BrowserHarness, page: Page, shot: Shot): Promise<void> {
  const url = harness.sim.url;
  if (shot === 'console') {
    await withBackends(page, url, [backend('r', 'relavium', url, 'Relavium sim'), backend('s', 'shannon', url, 'Shannon sim')]);
    const boxes = page.getByRole('checkbox', { name: /to compare$/ });
    await boxes.nth(1).waitFor({ timeout: 20_000 });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    return;
  }
  if (shot === 'dialog') {
    await page.goto(`${url}/?replay=${encodeURIComponent('/recordings/relavium-fanout.jsonl')}`);
    await page.getByRole('button', { name: 'Compare with…' }).click({ timeout: 20_000 });
    await page.getByRole('dialog').waitFor();
    return;
  }
  if (shot === 'recordings' || shot === 'diff') await page.goto(compareUrl(url, 'replay=/recordings/relavium-fanout.jsonl', 'replay=/recordings/relavium-gate.jsonl'));
  if (shot === 'protocols') await page.goto(compareUrl(url, 'replay=/recordings/shannon-fanout.jsonl', 'replay=/recordings/tolky-fanout.jsonl'));
  await page.getByRole('heading', { name: 'Compare two runs' }).waitFor({ timeout: 20_000 });
  await page.locator('[data-step-row]').first().waitFor({ timeout: 20_000 });
  if (shot === 'diff') await page.getByRole('button', { name: /Show (diff|output) of step 1/ }).click();
}

const harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true });
try {
  for (const shot of shots) {
    for (const theme of THEMES) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const page = await harness.newPage({ colorScheme: theme });
        await page.setViewportSize(viewport);
        await open(harness, page, shot);
        await page.waitForTimeout(300);
        const file = join(outDir, `compare-${shot}-${size}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: false });
        process.stdout.write(`${file}\n`);
        await page.close();
      }
    }
  }
} finally {
  await harness.close();
}
