/**
 * Screenshots of the screens issue 20 changed, from the built app (`npx vite build` first)
 * against an in-process simulator with its seeded runs:
 *   `npx tsx scripts/screenshot-issue20.ts [out-dir] [shot...]`
 * Each at 1024×700 and 1920×1080, light and dark. Default out-dir: tests/e2e/screenshots (ignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { liveUrl, startBrowserHarness, type BrowserHarness } from '../tests/e2e/browser';
import { BACKENDS_KEY, backend } from '../tests/e2e/console-support';

const SIZES = { 1024: { width: 1024, height: 700 }, 1440: { width: 1440, height: 900 }, 1920: { width: 1920, height: 1080 } } as const;
const THEMES = ['light', 'dark'] as const;
const SHOTS = ['durations-rejected', 'not-found', 'long-id', 'form-long-id', 'console', 'inbox-decided', 'tolky-from-console', 'raw-frame', 'add-backend', 'down-tested'] as const;
type Shot = (typeof SHOTS)[number];

const [outDir = 'tests/e2e/screenshots', ...wanted] = process.argv.slice(2);
const shots = (wanted.length > 0 ? wanted : SHOTS) as readonly Shot[];
mkdirSync(outDir, { recursive: true });

async function keep(page: Page, origin: string, backends: unknown[]) {
  await page.goto(`${origin}/?page=welcome`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [BACKENDS_KEY, JSON.stringify(backends)] as const);
  await page.goto(`${origin}/`);
}

async function open(harness: BrowserHarness, page: Page, shot: Shot, tag: string): Promise<void> {
  const url = harness.sim.url;
  if (shot === 'durations-rejected') {
    await page.goto(liveUrl(harness.sim, 'relavium', `gate~shot-${tag}`));
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Reject' }).click({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Confirm “Reject”' }).click();
    await page.getByText('Run ended — gate rejected').waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'Durations' }).click();
    await page.locator('[data-verdict]').first().waitFor();
  } else if (shot === 'not-found') {
    await page.goto(liveUrl(harness.sim, 'relavium', 'does-not-exist-123'));
    await page.getByRole('heading', { name: 'No such run' }).waitFor({ timeout: 20_000 });
  } else if (shot === 'long-id') {
    await page.goto(liveUrl(harness.sim, 'relavium', 'x'.repeat(10_000)));
    await page.getByRole('heading', { name: 'This link cannot be opened' }).waitFor();
  } else if (shot === 'form-long-id') {
    await page.goto(url);
    const form = page.getByRole('form', { name: 'Connect to a backend' });
    await form.getByLabel('Protocol').selectOption('relavium');
    await form.getByLabel('Backend URL').fill(url);
    await form.getByLabel('Run id').fill('y'.repeat(200_000));
    await form.getByRole('button', { name: 'Open run' }).click();
    await form.getByRole('alert').waitFor();
  } else if (shot === 'console' || shot === 'inbox-decided' || shot === 'tolky-from-console') {
    if (shot === 'inbox-decided') await fetch(`${url}/runs/hold~shot-${tag}`).then((r) => r.text());
    await keep(page, url, [
      backend('r', 'relavium', url, 'Relavium sim', { watchRunning: shot === 'inbox-decided' }),
      backend('s', 'shannon', url, 'Shannon sim', { watchRunning: true }),
      backend('t', 'tolky', url, 'tolky sim', { session: 'demo' }),
      backend('d', 'relavium', 'http://127.0.0.1:9', 'Down'),
    ]);
    await page.locator('tbody tr[data-run]').first().waitFor({ timeout: 20_000 });
    if (shot === 'tolky-from-console') {
      await page.locator('tr[data-run="hold~demo-waiting"]').filter({ hasText: 'tolky sim' }).getByRole('link').click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: 'Decide later' }).click({ timeout: 20_000 });
    } else if (shot === 'inbox-decided') {
      await page.getByRole('button', { name: /Gates \(\d+ waiting\)/ }).click({ timeout: 20_000 });
      const inbox = page.getByRole('dialog', { name: 'Reviewer inbox' });
      await inbox.getByRole('listitem').filter({ hasText: `hold~shot-${tag}` }).getByRole('button', { name: 'Answer' }).click({ timeout: 20_000 });
      await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Gates/ }).click();
      await page.getByRole('list', { name: 'Recently decided gates' }).waitFor({ timeout: 20_000 });
    } else {
      await page.getByRole('listitem', { name: 'Down' }).getByText(/Unreachable/).waitFor({ timeout: 20_000 });
    }
  } else if (shot === 'down-tested') {
    await keep(page, url, [backend('r', 'relavium', url, 'Relavium sim'), backend('d', 'relavium', 'http://127.0.0.1:9', 'Down')]);
    const row = page.getByRole('listitem', { name: 'Down' });
    await row.getByText(/Unreachable/).waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: 'Test connection' }).click();
    await row.getByText(/Tested again/).waitFor();
  } else if (shot === 'add-backend') {
    await keep(page, url, [backend('r', 'relavium', url, 'Relavium sim')]);
    await page.getByRole('button', { name: 'Add backend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a backend' });
    await dialog.getByLabel('Backend URL').fill(url.replace(/^http:\/\//, ''));
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByRole('button', { name: /^Use / }).waitFor();
  } else if (shot === 'raw-frame') {
    await page.goto(liveUrl(harness.sim, 'relavium', `fanout~shot-${tag}`));
    await page.locator('[data-run-status="succeeded"]').waitFor({ timeout: 30_000 });
    const scroller = page.getByTestId('timeline-scroll');
    const raw = page.locator('#timeline-raw-frame');
    // The list may still re-render as the last rows land: click again until the panel is there.
    for (let i = 0; i < 5 && (await raw.count()) === 0; i++) {
      await scroller.locator('[data-timeline-item]').nth(3).locator('[aria-controls="timeline-raw-frame"]').click();
      await page.waitForTimeout(300);
    }
  }
  await page.waitForTimeout(400);
}

const harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true });
try {
  for (const shot of shots) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const theme of THEMES) {
        const page = await harness.newPage({ colorScheme: theme });
        await page.setViewportSize(viewport);
        const tag = `${size}-${theme}`;
        await open(harness, page, shot, tag);
        const file = join(outDir, `${shot}-${tag}.png`);
        await page.screenshot({ path: file });
        console.log(file);
        await page.close();
      }
    }
  }
} finally {
  await harness.close();
}
