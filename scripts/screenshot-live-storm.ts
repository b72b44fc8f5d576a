/**
 * Screenshots of a live run while its graph grows under a token storm (benchmark 3's
 * growing run, slowed to be watched): layers of 20 steps start every 2 s at 2,000
 * events/s; shots at 40 and 100 steps (React Flow nodes) and at 160 (the overview), then
 * once every step is done. `npx vite build --outDir bench/out/dist` first, then
 * `npx tsx scripts/screenshot-live-storm.ts [out-dir]`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { createRelaviumEncoder, type RelaviumWire } from '@/simulator/backends/relavium-encoder';
import type { SimStep } from '@/simulator/engine/scenario';

import { graphDrawn, launchBenchBrowser, liveUrl } from '../bench/browser/launch';
import { StormRun } from '../bench/lib/storm-run';

const outDir = process.argv[2] ?? 'tests/e2e/screenshots';
mkdirSync(outDir, { recursive: true });
const id = (i: number) => `n${String(i).padStart(3, '0')}`;
const layer = (k: number) => Array.from({ length: 20 }, (_, i) => id(k * 20 + i));
const browser = await launchBenchBrowser();
try {
  const run = new StormRun<RelaviumWire>(`storm~shot-${Date.now()}`, createRelaviumEncoder()).register(browser.sim, 'relavium');
  run.emit([{ op: 'run.start', title: 'Growing graph storm' }, ...layer(0).map((node): SimStep => ({ op: 'node.start', node }))]);
  const page = await browser.newPage();
  await page.goto(liveUrl(browser.sim, 'relavium', run.runId));
  await page.waitForFunction(graphDrawn, undefined, { timeout: 20_000 });
  for (let k = 0; k < 10; k++) {
    if (k > 0) run.emit([...layer(k - 1).map((node): SimStep => ({ op: 'node.done', node, output: { ok: true } })), ...layer(k).map((node): SimStep => ({ op: 'node.start', node }))]);
    for (let t = 0; t < 100; t++) {
      run.emit(layer(k).map((node, i): SimStep => ({ op: 'tokens', node, text: `word${t * 20 + i} ` })));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (k === 1 || k === 4 || k === 7) await shoot(`live-storm-${(k + 1) * 20}-steps`);
  }
  run.emit(layer(9).map((node): SimStep => ({ op: 'node.done', node, output: { ok: true } })));
  await page.waitForTimeout(800);
  await shoot('live-storm-done');

  async function shoot(name: string) {
    const file = join(outDir, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(file);
  }
} finally {
  await browser.close();
}
