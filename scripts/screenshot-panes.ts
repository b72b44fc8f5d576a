/**
 * Screenshots of the run screen's resizable panes, from a build (`npm run build` first):
 *   `npx tsx scripts/screenshot-panes.ts [dist] [out-dir] [prefix]`
 * A finished relavium fan-out at 1440 × 900 (graph over events, side panel beside) and
 * 1920 × 1080 (graph across, events beside the side panel), light and dark, and once with a
 * separator focused from the keyboard and moved two steps, and with one held mid-drag.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { chromium } from 'playwright-core';

import { startSimulator } from '@/simulator/server';

import { CHROMIUM_ARGS, liveUrl } from '../tests/e2e/browser';

const [dist = 'dist', outDir = 'tests/e2e/screenshots', prefix = 'panes'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const sim = await startSimulator({ timeScale: 0.1, staticDir: resolve(dist) });
const profile = mkdtempSync(join(tmpdir(), 'runboard-chromium-'));
const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
try {
  for (const [name, width, height] of [['narrow', 1440, 900], ['wide', 1920, 1080]] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto(liveUrl(sim, 'relavium', `fanout~panes-${name}-${scheme}`));
      await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(outDir, `${prefix}-${name}-${scheme}.png`) });
      if (scheme === 'light') {
        const separator = page.getByRole('separator').first();
        await separator.focus();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Shift+Tab');
        for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
        await page.screenshot({ path: join(outDir, `${prefix}-${name}-focused.png`) });
      }
      // Mid-drag: the separator lit while the pointer holds it, the panes following.
      const box = await page.getByRole('separator').last().boundingBox();
      if (box) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 - 60, { steps: 3 });
        await page.screenshot({ path: join(outDir, `${prefix}-${name}-${scheme}-dragging.png`) });
        await page.mouse.up();
      }
      await page.close();
    }
  }
} finally {
  await context.close();
  await sim.close();
  rmSync(profile, { recursive: true, force: true });
}
