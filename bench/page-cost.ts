/**
 * What one new page costs the machine in CPU, with the browser tests' Chromium flags and with
 * the flags that leave Chromium's own omnibox popup on, in turns in the same minutes. Each page
 * opens in a fresh tab of one context (as a browser test opens its pages), loads a blank
 * document or Runboard's start page, and is kept for two seconds, the time a test works in it.
 * The CPU counted is the whole machine's (Linux's /proc/stat), since Chromium spends it in
 * several processes: keep the machine otherwise idle while it runs.
 *
 *   npm run build && npx tsx bench/page-cost.ts [pages per round, default 6] [rounds, default 2]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { chromium, type Browser } from 'playwright-core';

import { startSimulator } from '@/simulator/server';

import { CHROMIUM_ARGS, chromiumPath, PLAYWRIGHT_DISABLED_FEATURES } from '../tests/e2e/chromium-server';

const pages = Number(process.argv[2] ?? 6);
const rounds = Number(process.argv[3] ?? 2);
const KEPT_MS = 2_000;

/** The browser tests' flags with Playwright's disabled features only: the omnibox popup on. */
const popupOn = CHROMIUM_ARGS.map((arg) => (arg.startsWith('--disable-features=') ? `--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}` : arg));
if (popupOn.join(' ') === CHROMIUM_ARGS.join(' ')) throw new Error('CHROMIUM_ARGS no longer turns the omnibox popup off: nothing to compare');
const VARIANTS = {
  'omnibox popup on (Chromium as it comes)': popupOn,
  'browser tests’ flags': CHROMIUM_ARGS,
} as const;
type Variant = keyof typeof VARIANTS;
type Target = 'blank' | 'start page';

/** CPU seconds the whole machine has spent busy since boot. */
function machineBusySeconds(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / 100;
}

const sim = await startSimulator({ timeScale: 0.1, staticDir: resolve('dist'), seedRuns: false });

/** Mean CPU seconds per page over `pages` pages opened one after another. */
async function cpuPerPage(browser: Browser, target: Target): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const before = machineBusySeconds();
  for (let i = 0; i < pages; i++) {
    const page = await context.newPage();
    if (target === 'blank') await page.goto('about:blank');
    else {
      await page.goto(`${sim.url}/`);
      await page.getByRole('heading').first().waitFor();
    }
    await page.waitForTimeout(KEPT_MS);
    await page.close();
  }
  const spent = (machineBusySeconds() - before) / pages;
  await context.close();
  return spent;
}

const results = new Map<string, number[]>();
for (let round = 0; round < rounds; round++) {
  for (const [variant, args] of Object.entries(VARIANTS) as [Variant, readonly string[]][]) {
    const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...args] });
    for (const target of ['blank', 'start page'] as const) {
      const key = `${target} · ${variant}`;
      results.set(key, [...(results.get(key) ?? []), await cpuPerPage(browser, target)]);
    }
    await browser.close();
  }
}
await sim.close();

console.log(`CPU per new page, kept ${KEPT_MS / 1000} s (${pages} pages a round, ${rounds} rounds; mean of rounds):`);
for (const [key, values] of results) console.log(`  ${key.padEnd(58)} ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(2)} s   (rounds: ${values.map((v) => v.toFixed(2)).join(', ')})`);
