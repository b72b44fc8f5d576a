/**
 * Screenshots of the replay page in a build: a recording opened by URL while it decodes
 * (its progress), at its end, and after a seek to the middle (the cost tab shows, as a run
 * view opens on it).
 *
 *   npx tsx scripts/screenshot-replay.ts [--dir=bench/out/dist] [--out=tests/e2e/screenshots/replay] [recording.jsonl]
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';

import { launchBenchBrowser } from '../bench/browser/launch';
import { atEnd } from '../bench/browser/replay-open';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const dir = arg('dir') ?? 'bench/out/dist';
const out = arg('out') ?? 'tests/e2e/screenshots/replay';
const [path = 'bench/out/replay-diverse-relavium-100000.keyframed.jsonl'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
mkdirSync(join(dir, 'bench-recordings'), { recursive: true });
const served = `bench-recordings/${basename(path)}`;
copyFileSync(path, join(dir, served));
mkdirSync(join(out, '..'), { recursive: true });

process.env.BENCH_STATIC_DIR = dir;
const browser = await launchBenchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(`${browser.sim.url}/?replay=${encodeURIComponent(`/${served}`)}`);
  await page.getByText(/^Decoding: /).waitFor({ timeout: 120_000 });
  await page.screenshot({ path: `${out}-loading.png` });
  const slider = page.getByRole('slider', { name: 'Replay position' });
  await slider.waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => /^frame ([\d,]+) of \1$/.test(document.querySelector('[aria-label="Replay position"]')?.getAttribute('aria-valuetext') ?? ''), undefined, { timeout: 120_000 });
  const total = Number((await slider.getAttribute('aria-valuetext'))?.replace(/,/g, '').split(' ').pop());
  await page.waitForFunction(atEnd, total, { timeout: 120_000 });
  await page.getByText('Loading…', { exact: true }).waitFor({ state: 'detached' }).catch(() => undefined);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}-end.png` });
  await slider.fill(String(Math.floor(total / 2)));
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}-middle.png` });
  console.log(`${out}-end.png, ${out}-middle.png (${total} frames)`);
} finally {
  await browser.close();
}
