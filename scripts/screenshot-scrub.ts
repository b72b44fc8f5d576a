/**
 * Screenshots of a replay after scrubber seeks, light and dark, with the cost tab's chart
 * on its own: a recording opened by URL in a build, the scrubber set to a third and two
 * thirds of the way (as a drag sets it), each shot two frames after its seek.
 *
 *   npx tsx scripts/screenshot-scrub.ts [--dir=bench/out/dist] [--out=tests/e2e/screenshots/scrub] [recording URL path]
 */
import { mkdirSync } from 'node:fs';

import { launchBenchBrowser } from '../bench/browser/launch';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const dir = arg('dir') ?? 'bench/out/dist';
const out = arg('out') ?? 'tests/e2e/screenshots/scrub';
const [path = '/recordings/shannon-fanout.jsonl'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
mkdirSync(out, { recursive: true });

process.env.BENCH_STATIC_DIR = dir;
const browser = await launchBenchBrowser();
try {
  for (const scheme of ['light', 'dark'] as const) {
    const page = await browser.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${browser.sim.url}/?replay=${encodeURIComponent(path)}`);
    const slider = page.getByRole('slider', { name: 'Replay position' });
    await slider.waitFor({ timeout: 120_000 });
    await page.getByText('Loading…', { exact: true }).waitFor({ state: 'detached' }).catch(() => undefined);
    const total = Number(await slider.getAttribute('max'));
    for (const [name, position] of [['third', Math.round(total / 3)], ['two-thirds', Math.round((total * 2) / 3)]] as const) {
      await page.evaluate(`new Promise((resolve) => {
        const slider = document.querySelector('[aria-label="Replay position"]');
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(slider, '${position}');
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        requestAnimationFrame(() => requestAnimationFrame(resolve));
      })`);
      await page.screenshot({ path: `${out}/${scheme}-${name}.png` });
      await page.getByRole('region', { name: 'Cost' }).screenshot({ path: `${out}/${scheme}-${name}-cost.png` });
    }
    await page.close();
  }
  console.log(`screenshots in ${out}/`);
} finally {
  await browser.close();
}
