/**
 * Reviewers in real Chromium: the gate dialog is found by role and name, answered by
 * keyboard alone, a double-click sends one answer, a countdown reaching zero shows the
 * timeout outcome, and a decision made elsewhere closes the dialog with nothing sent.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

const GATE_NAME = 'Deploy release 2.4 to production?';
const decisions = (run: string) => harness.sim.received.filter((c) => c.kind === 'gate.decide' && c.runId === run);

async function openGate(page: Page, run: string) {
  await page.goto(liveUrl(harness.sim, 'relavium', run));
  const dialog = page.getByRole('alertdialog', { name: GATE_NAME });
  await dialog.waitFor({ timeout: 20_000 });
  return dialog;
}

describe('gate dialog', () => {
  test('is answered by keyboard alone, once, and the run continues', async () => {
    const page = await harness.newPage();
    const dialog = await openGate(page, 'gate~keyboard');
    for (let i = 0; i < 10; i++) {
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused === 'Approve') break;
      await page.keyboard.press('Tab');
    }
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Approve');
    await page.keyboard.press('Enter');
    await dialog.getByText(/Sent “Approve”|Decided: “approved”/).waitFor();
    await page.getByText('Run succeeded').waitFor({ timeout: 20_000 });
    expect(decisions('gate~keyboard')).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ gateId: 'gate-deploy', decision: 'approved' }) }),
    ]);
    await page.close();
  });

  test('a double-click sends one answer', async () => {
    const page = await harness.newPage();
    const dialog = await openGate(page, 'gate~double');
    await dialog.getByRole('button', { name: 'Approve' }).dblclick();
    await page.getByText('Run succeeded').waitFor({ timeout: 20_000 });
    expect(decisions('gate~double')).toHaveLength(1);
    await page.close();
  });

  test('a countdown reaching zero shows the timeout outcome', async () => {
    const page = await harness.newPage();
    const dialog = await openGate(page, 'deadline~countdown');
    await dialog.getByText(/left — on timeout the backend will reject it/).waitFor();
    await dialog.getByText(/Timed out: the backend resolved it as “rejected”|Time is up/).waitFor({ timeout: 10_000 });
    expect(decisions('deadline~countdown')).toHaveLength(0);
    await page.close();
  });

  test('a decision made elsewhere closes the dialog with a notice and nothing is sent', async () => {
    const page = await harness.newPage();
    const dialog = await openGate(page, 'gate~elsewhere');
    await fetch(`${harness.sim.url}/sim/relavium/runs/gate~elsewhere/gates/gate-deploy/remote-decision`, { method: 'POST', body: '{}' });
    await dialog.getByText(/Decided elsewhere: “approved” by another-reviewer\. Nothing was sent from here\./).waitFor();
    await expect(dialog.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);
    expect(decisions('gate~elsewhere')).toHaveLength(0);
    await page.close();
  });

  test('the inbox lists the waiting gate and answering from it is the same as from the run', async () => {
    const page = await harness.newPage();
    const dialog = await openGate(page, 'gate~inbox');
    await dialog.getByRole('button', { name: 'Later' }).click();
    await page.getByRole('button', { name: /Gates \(1 waiting\)/ }).click();
    const inbox = page.getByRole('dialog', { name: 'Reviewer inbox' });
    await inbox.getByText(GATE_NAME).waitFor();
    await expect(page.title()).resolves.toBe('(1) Runboard');
    await inbox.getByRole('button', { name: 'Answer' }).click();
    await page.getByRole('alertdialog', { name: GATE_NAME }).getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Run succeeded').waitFor({ timeout: 20_000 });
    expect(decisions('gate~inbox')).toEqual([expect.objectContaining({ body: expect.objectContaining({ decision: 'rejected' }) })]);
    await page.close();
  });
});
