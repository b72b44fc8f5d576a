/**
 * Shannon's research-plan review and a swarm in real Chromium against the built app and
 * the simulator's Shannon gateway: the plan is a gate dialog holding the plan, counted as
 * waiting; feedback without words is refused in the dialog, with words it brings a revised
 * plan, which is approved over the real POST; a review nobody answered never reads
 * "succeeded"; a swarm's graph shows each task once with its agent, and a task's details
 * hold its agent's output. Screenshots go to tests/e2e/screenshots/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

const SHOTS = 'tests/e2e/screenshots';
let harness: BrowserHarness;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

const reviews = (run: string) => harness.sim.received.filter((c) => c.kind === 'review' && c.runId === run).map((c) => c.body);

describe('shannon in the browser', () => {
  test('the research plan is a gate: shown with the plan, counted as waiting, revised on feedback, approved over the review endpoint', async () => {
    const run = 'shannon-research~browser';
    const page = await harness.newPage();
    await page.goto(liveUrl(harness.sim, 'shannon', run));
    const dialog = page.getByRole('alertdialog', { name: /Review the research plan/ });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByText(/Capacity/).first().waitFor();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toMatch(/^\(1\) /);
    await page.screenshot({ path: `${SHOTS}/shannon-plan-gate.png` });
    // Decided later, it waits in the header's count and the inbox, which reopens it.
    await dialog.getByRole('button', { name: 'Decide later' }).click();
    await page.getByRole('button', { name: 'Gates (1 waiting)' }).click();
    const pending = page.getByRole('list', { name: 'Pending gates' });
    await pending.getByText(/Review the research plan/).waitFor();
    await pending.getByRole('button', { name: 'Answer' }).click();
    await dialog.waitFor({ timeout: 30_000 });
    // Feedback needs words: refused in the dialog, nothing sent.
    await dialog.getByRole('button', { name: 'Request changes' }).click();
    await dialog.getByRole('alert').getByText(/Write what should change in the plan/).waitFor();
    expect(reviews(run)).toEqual([]);
    await dialog.getByRole('textbox').fill('Please add the UK.');
    await dialog.getByRole('button', { name: 'Request changes' }).click();
    const revised = page.getByRole('alertdialog', { name: /round 2/ });
    await revised.waitFor({ timeout: 30_000 });
    await revised.getByText(/Your request/).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/shannon-plan-revised.png` });
    await revised.getByRole('button', { name: 'Approve plan' }).click();
    await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
    expect(reviews(run)).toEqual([{ action: 'feedback', message: 'Please add the UK.' }, { action: 'approve' }]);
    await expect.poll(() => page.title(), { timeout: 10_000 }).not.toMatch(/^\(\d+\) /);
    await page.close();
  });

  test('a review nobody answered reads timed out and failed, never succeeded', async () => {
    const page = await harness.newPage();
    await page.goto(liveUrl(harness.sim, 'shannon', 'shannon-review-timeout~browser'));
    await page.getByRole('alertdialog', { name: /Review the research plan/ }).waitFor({ timeout: 20_000 });
    await page.getByText('Run failed').first().waitFor({ timeout: 30_000 });
    await page.getByText(/Review timed out/).first().waitFor();
    expect(await page.getByText('Run succeeded').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/shannon-review-timeout.png` });
    await page.close();
  });

  test('a swarm: each task once with its agent named, and a task’s details hold its agent’s output', async () => {
    const page = await harness.newPage();
    await page.goto(liveUrl(harness.sim, 'shannon', 'shannon-swarm~browser'));
    await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
    const nodes = page.locator('.react-flow__node');
    await expect.poll(() => nodes.count(), { timeout: 10_000 }).toBe(3);
    expect((await nodes.allTextContents()).join(' | ')).toMatch(/Survey EU recycling capacity.*agent Ebisu/);
    expect(await page.locator('.react-flow__node[data-id="Ebisu"]').count()).toBe(0);
    await page.locator('.react-flow__node[data-id="T1"]').click();
    const details = page.getByRole('complementary', { name: /^Node details: / });
    await details.getByText(/EU plants recycle about 140 kt a year/).first().waitFor({ timeout: 10_000 });
    expect(await details.getByText('No output yet').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/shannon-swarm.png` });
    await page.close();
  });
});
