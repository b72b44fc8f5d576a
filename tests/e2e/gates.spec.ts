/**
 * Reviewers in real Chromium: the gate dialog is found by role and name, opens with focus
 * on no deciding button, is answered by keyboard alone, closes after the person's own
 * answer and leaves a non-modal confirmation (who decided what); a reject asks to confirm
 * first, and a rejected or timed-out gate is shown as such on the node, the run and in the
 * inbox's "recently decided" list (never "succeeded"); a double-click sends one answer, a
 * countdown reaching zero shows the timeout outcome (tolky's deadline gate too), and a
 * decision made elsewhere turns the dialog into a notice with nothing sent.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { approveElsewhere, liveUrl, startBrowserHarness, type BrowserHarness } from './browser';
import { heldClock } from './held-clock';

let harness: BrowserHarness;
/** Runs a test starts once their page is ready (a clock it holds), at 0.3x: a 20 s deadline is 6 s. */
let heldRuns: BrowserHarness;
const heldRunsClock = heldClock();
beforeAll(async () => {
  [harness, heldRuns] = await Promise.all([startBrowserHarness({ timeScale: 0.1 }), startBrowserHarness({ timeScale: 0.3, clock: heldRunsClock })]);
});
afterAll(async () => {
  await Promise.all([harness.close(), heldRuns.close()]);
});

const GATE_NAME = 'Deploy release 2.4 to production?';
const decisions = (run: string, on = harness) => on.sim.received.filter((c) => c.kind === 'gate.decide' && c.runId === run);

/**
 * Opens a run of the standing gate (`hold~…`): the approval story without a deadline, so the
 * gate waits however slowly the page draws. The deadline's own tests use openGateOnceReady.
 */
async function openGate(page: Page, run: `hold~${string}`) {
  await page.goto(liveUrl(harness.sim, 'relavium', run));
  const dialog = page.getByRole('alertdialog', { name: GATE_NAME });
  await dialog.waitFor({ timeout: 20_000 });
  return dialog;
}

/**
 * Opens a run on the held simulator, in a page of its own. Its clock is held until the page's
 * run view is drawn, its stream is live and `whileHeld` is done, so a gate's deadline is spent on
 * the dialog, never on a slow machine loading the page.
 */
async function openGateOnceReady(dialect: 'relavium' | 'tolky', run: string, whileHeld?: (page: Page) => Promise<void>) {
  const page = await heldRuns.newPage();
  heldRunsClock.hold();
  try {
    await page.goto(liveUrl(heldRuns.sim, dialect, run));
    await expect.poll(() => page.getByRole('status', { name: 'Stream status' }).textContent(), { timeout: 20_000 }).toMatch(/Live/);
    await whileHeld?.(page);
  } finally {
    heldRunsClock.letGo();
  }
  const dialog = page.getByRole('alertdialog', { name: GATE_NAME });
  await dialog.waitFor({ timeout: 20_000 });
  return { page, dialog };
}

const confirmation = (page: Page) => page.getByRole('status', { name: 'Your gate decision' });

describe('gate dialog', () => {
  test('opens with focus on no deciding button: Enter as it appears sends nothing', async () => {
    const page = await harness.newPage();
    const dialog = await openGate(page, 'hold~focus');
    const focused = await page.evaluate(() => ({ role: document.activeElement?.getAttribute('role'), tag: document.activeElement?.tagName, text: document.activeElement?.textContent ?? '' }));
    expect(focused.tag).not.toBe('BUTTON');
    expect(focused.role).toBe('alertdialog');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await page.waitForTimeout(500);
    expect(decisions('hold~focus')).toHaveLength(0);
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.close();
  });

  test('is answered by keyboard alone, once, then closes and leaves a confirmation of who decided what', async () => {
    const page = await harness.newPage();
    const dialog = await openGate(page, 'hold~keyboard');
    for (let i = 0; i < 10; i++) {
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused === 'Approve') break;
      await page.keyboard.press('Tab');
    }
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Approve');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => confirmation(page).textContent()).toMatch(/approved by you, from this browser/);
    expect(await confirmation(page).textContent()).toContain(GATE_NAME);
    // Non-modal: the page behind is reachable (nothing is aria-hidden, no overlay).
    expect(await page.locator('[aria-hidden="true"][data-aria-hidden]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    await page.getByText('Run succeeded').waitFor({ timeout: 20_000 });
    expect(decisions('hold~keyboard')).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ gateId: 'gate-deploy', decision: 'approved' }) }),
    ]);
    await page.close();
  });

  test('a double-click sends one answer', async () => {
    const page = await harness.newPage();
    const dialog = await openGate(page, 'hold~double');
    await dialog.getByRole('button', { name: 'Approve' }).dblclick();
    await page.getByText('Run succeeded').waitFor({ timeout: 20_000 });
    expect(decisions('hold~double')).toHaveLength(1);
    await page.close();
  });

  test('the dialog draws in the frame its run starts waiting: its code was fetched while the page was idle', async () => {
    const { page } = await openGateOnceReady('relavium', 'gate~same-frame', async (page) => {
      const dialogCodeIn = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/gate-dialog-[^/]*\.js$/.test(e.name)));
      await expect.poll(dialogCodeIn, { timeout: 20_000 }).toBe(true);
      // The frame each first appears in: the header's waiting badge, the dialog.
      await page.evaluate(() => {
        const seen: Record<string, number> = {};
        let frame = 0;
        const tick = () => ((frame += 1), requestAnimationFrame(tick));
        requestAnimationFrame(tick);
        new MutationObserver(() => {
          if (seen.waiting === undefined && document.querySelector('[data-run-status="waiting"]')) seen.waiting = frame;
          if (seen.dialog === undefined && document.querySelector('[role="alertdialog"]')) seen.dialog = frame;
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
        Object.assign(window, { seenInFrame: seen });
      });
    });
    const seen = await page.evaluate(() => (window as unknown as { seenInFrame: Record<string, number> }).seenInFrame);
    expect(seen.waiting).toBeGreaterThanOrEqual(0);
    expect((seen.dialog ?? Infinity) - (seen.waiting ?? 0)).toBeLessThanOrEqual(1);
    await page.close();
  });

  test('a countdown reaching zero shows the timeout outcome', async () => {
    const { page, dialog } = await openGateOnceReady('relavium', 'deadline~countdown');
    await dialog.getByText(/left — on timeout, the backend will reject it/).waitFor();
    await dialog.getByText(/Timed out: the backend rejected it|Time is up/).waitFor({ timeout: 20_000 });
    expect(decisions('deadline~countdown', heldRuns)).toHaveLength(0);
    await page.close();
  });

  test('a decision made elsewhere closes the dialog with a notice and nothing is sent', async () => {
    const page = await harness.newPage();
    const dialog = await openGate(page, 'hold~elsewhere');
    await approveElsewhere(harness.sim, 'hold~elsewhere');
    await dialog.getByText(/Decided elsewhere: approved by another-reviewer\. Nothing was sent from here\./).waitFor();
    await expect(dialog.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);
    expect(decisions('hold~elsewhere')).toHaveLength(0);
    await page.close();
  });

  test('a reject asks to confirm first; the rejected gate shows as rejected on the node, the run and the inbox', async () => {
    const page = await harness.newPage();
    const dialog = await openGate(page, 'hold~reject');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText(/“Reject” turns this down/).waitFor();
    await page.waitForTimeout(300);
    expect(decisions('hold~reject')).toHaveLength(0);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByRole('button', { name: 'Confirm “Reject”' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => confirmation(page).textContent()).toMatch(/rejected by you, from this browser/);

    const badge = page.locator('[data-run-status]');
    await expect.poll(() => badge.getAttribute('data-run-status'), { timeout: 20_000 }).toBe('succeeded');
    expect(await badge.textContent()).toMatch(/gate rejected/);
    expect(await badge.textContent()).not.toMatch(/succeeded/);
    const node = page.locator('.react-flow__node[aria-label^="review:"]');
    await expect.poll(() => node.getByTestId('node-status-text').textContent()).toBe('rejected');
    await expect.poll(() => page.locator('dt', { hasText: 'Nodes:' }).locator('xpath=..').textContent()).toMatch(/1 rejected/);
    await node.click();
    await expect.poll(() => page.locator('[data-fact="status"]').textContent()).toMatch(/rejected by you, from this browser/);

    await page.getByRole('button', { name: /^Gates/ }).click();
    const decided = page.getByRole('list', { name: 'Recently decided gates' });
    await expect.poll(() => decided.textContent()).toMatch(/rejected by you, from this browser/);
    expect(decisions('hold~reject')).toEqual([expect.objectContaining({ body: expect.objectContaining({ decision: 'rejected' }) })]);
    await page.close();
  });

  test('a gate that timed out shows as timed out, with what the backend did, never as succeeded', async () => {
    const { page, dialog } = await openGateOnceReady('relavium', 'deadline~shown');
    await dialog.getByRole('button', { name: 'Decide later' }).click();
    const badge = page.locator('[data-run-status]');
    await expect.poll(() => badge.textContent(), { timeout: 20_000 }).toMatch(/gate timed out/);
    const node = page.locator('.react-flow__node[aria-label^="review:"]');
    await expect.poll(() => node.getByTestId('node-status-text').textContent()).toBe('timed out (rejected)');
    await page.getByRole('button', { name: /^Gates/ }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Recently decided gates' }).textContent()).toMatch(/timed out — the backend rejected it/);
    await page.close();
  });

  test("tolky's deadline gate shows its countdown", async () => {
    const { page, dialog } = await openGateOnceReady('tolky', 'deadline~tolky-countdown');
    await dialog.getByText(/left — on timeout, the backend will reject it/).waitFor();
    await page.close();
  });

  test('the inbox lists the waiting gate and answering from it is the same as from the run', async () => {
    const page = await harness.newPage();
    const dialog = await openGate(page, 'hold~inbox');
    await dialog.getByRole('button', { name: 'Decide later' }).click();
    await page.getByRole('button', { name: /Gates \(1 waiting\)/ }).click();
    const inbox = page.getByRole('dialog', { name: 'Reviewer inbox' });
    await inbox.getByText(GATE_NAME).waitFor();
    await expect(page.title()).resolves.toBe('(1) Runboard');
    await inbox.getByRole('button', { name: 'Answer' }).click();
    const again = page.getByRole('alertdialog', { name: GATE_NAME });
    await again.getByRole('button', { name: 'Reject' }).click();
    await again.getByRole('button', { name: 'Confirm “Reject”' }).click();
    await page.getByText('Run ended — gate rejected').waitFor({ timeout: 20_000 });
    expect(decisions('hold~inbox')).toEqual([expect.objectContaining({ body: expect.objectContaining({ decision: 'rejected' }) })]);
    await page.close();
  });
});
