/**
 * myagent in real Chromium against the built app and the simulator's myagent server (which
 * waits as the shipped server does: 600 s for a plan, 300 s for a tool, time-scaled here):
 * - a reload mid-run does not lose the run: the tab kept the latest signed_state in its
 *   sessionStorage (never the URL), resumes with it, offers no "Start run" again, and says
 *   how the run ended (the closed socket cancelled it on the server);
 * - a tool confirmation shows the tool and its arguments and a deadline read from the
 *   server's code as "About … left", never "Time is up", and once the server denied it on
 *   its own (no event says so; the tool's result does) reads timed out.
 * Screenshots go to tests/e2e/screenshots (git-ignored).
 */
import { mkdirSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { myagentDialect } from '@/protocol/myagent/myagent-dialect';

import { startBrowserHarness, type BrowserHarness } from './browser';

const SHOTS = 'tests/e2e/screenshots';
let harness: BrowserHarness;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Plan confirmations wait 30 s here, tool confirmations 15 s.
  harness = await startBrowserHarness({ timeScale: 0.05 });
});
afterAll(async () => {
  await harness.close();
});

function startLink(start: string): string {
  const params = new URLSearchParams({ dialect: 'myagent', url: simulatorBackendUrl(myagentDialect, harness.sim.url), start });
  return `${harness.sim.url}/?${params.toString()}`;
}

describe('myagent in the browser', () => {
  test('a reload mid-run resumes the run with the tab’s kept signed_state, and says how it ended', async () => {
    const page = await harness.newPage();
    await page.goto(startLink('[scenario:gate] Deploy release 2.4'));
    await page.getByRole('button', { name: 'Start run' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm plan before solving' });
    await dialog.waitFor({ timeout: 20_000 });
    await expect(dialog.textContent()).resolves.toMatch(/About \d+s left — on timeout, myagent declines the plan and ends the run/);
    await page.screenshot({ path: `${SHOTS}/myagent-plan-gate-about.png` });
    await dialog.getByRole('button', { name: 'Decide later' }).click();

    const kept = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('runboard.resume.')).map((k) => sessionStorage.getItem(k) ?? ''));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain('signature');
    expect(page.url()).not.toContain('signature');
    const sessionBefore = (JSON.parse(kept[0] ?? '{}') as { session_id?: string }).session_id;

    await page.reload();
    // Resumed, not offered again: the history is back and the end is said.
    await page.getByText('Run cancelled').first().waitFor({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Start run' }).count()).resolves.toBe(0);
    await page.locator('[aria-label^="Draft deploy plan: succeeded"]').waitFor({ timeout: 5_000 });
    const reconnects = harness.sim.received.filter((c) => c.kind === 'user.reconnect_with_state' && (c.body as { session_id?: string }).session_id === sessionBefore);
    expect(reconnects).toHaveLength(1);
    expect(harness.sim.received.filter((c) => c.kind === 'user.message')).toHaveLength(1);
    await page.screenshot({ path: `${SHOTS}/myagent-after-reload.png` });
    await page.close();
  });

  test('a duplicated tab (same sessionStorage) is refused while the first holds the run, and says so instead of running forever', async () => {
    const page = await harness.newPage();
    const link = startLink('[scenario:gate] Deploy release 2.5');
    await page.goto(link);
    await page.getByRole('button', { name: 'Start run' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm plan before solving' }).waitFor({ timeout: 20_000 });
    const storage = await page.evaluate(() => Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k) ?? ''])));
    // A duplicated tab starts with a copy of the tab's sessionStorage.
    const duplicate = await harness.newPage();
    await duplicate.addInitScript((items: Record<string, string>) => {
      for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, value);
    }, storage);
    await duplicate.goto(link);
    await duplicate.getByText('Run failed').first().waitFor({ timeout: 20_000 });
    await expect(duplicate.getByRole('button', { name: 'Start run' }).count()).resolves.toBe(0);
    await expect(duplicate.locator('body').textContent()).resolves.toContain('Session already active on another connection');
    await duplicate.screenshot({ path: `${SHOTS}/myagent-duplicate-tab-refused.png` });
    // The first tab still holds its run.
    await expect(page.getByText('Run waiting for a human').count()).resolves.toBeGreaterThan(0);
    await duplicate.close();
    await page.close();
  });

  test('a tool confirmation: tool and arguments, "About … left", and after the server’s silent denial it reads timed out — never "Time is up"', async () => {
    const page = await harness.newPage();
    const texts: string[] = [];
    await page.goto(startLink('[scenario:tools] Mail the Q3 revenue to the CFO'));
    await page.getByRole('button', { name: 'Start run' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm tool execution: send_email' });
    await dialog.waitFor({ timeout: 20_000 });
    const first = (await dialog.textContent()) ?? '';
    expect(first).toMatch(/About 1\ds left — on timeout, myagent denies the tool call without sending any event/);
    expect(first).toContain('cfo@example.com');
    await page.screenshot({ path: `${SHOTS}/myagent-tool-gate-about.png` });
    // Watch the dialog until the gate is decided by the server's own wait.
    for (let i = 0; i < 60; i++) {
      const text = (await dialog.textContent().catch(() => '')) ?? '';
      texts.push(text);
      if (/Timed out/.test(text)) break;
      await page.waitForTimeout(500);
    }
    expect(texts.at(-1)).toMatch(/Timed out: the backend rejected it/);
    expect(texts.join('\n')).not.toMatch(/Time is up/i);
    await page.screenshot({ path: `${SHOTS}/myagent-tool-gate-timed-out.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByText('Run ended — gate timed out').waitFor({ timeout: 10_000 });
    await page.locator('[aria-label^="assistant"]').first().waitFor({ timeout: 5_000 });
    await page.screenshot({ path: `${SHOTS}/myagent-tool-run.png` });
    await page.close();
  });
});
