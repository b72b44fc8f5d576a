/**
 * Who decided a gate, by one rule in every protocol and every view, in real Chromium against
 * the built app: our own decision is named by the name the person set, else "you, from this
 * browser" — never the wire name a protocol was sent or echoes back (relavium echoes
 * "runboard-user", Shannon "api-user", AG-UI names nobody); a decision made elsewhere keeps
 * the backend's name. Checked in the confirmation, the run header, the timeline row, the node's
 * audit, the inbox's "Recently decided", and for a gate answered from the console's inbox.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { DIALECTS } from '@/protocol/dialects';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

import { approveElsewhere, startBrowserHarness, type BrowserHarness } from './browser';
import { backend, withBackends } from './console-support';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true });
});
afterAll(async () => {
  await harness.close();
});

const GATE = 'Deploy release 2.4 to production?';
const YOU = 'you, from this browser';
const confirmation = (page: Page) => page.getByRole('status', { name: 'Your gate decision' });
const headerGate = (page: Page) => page.locator('dt', { hasText: /^Gate:$/ }).locator('xpath=..');
const recentlyDecided = async (page: Page) => {
  await page.getByRole('button', { name: /^Gates/ }).click();
  const text = await page.getByRole('list', { name: 'Recently decided gates' }).textContent({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  return text;
};
const wireNames = (page: Page) => page.evaluate(() => /runboard-user|api-user/.exec(document.body.innerText)?.[0] ?? 'none');

async function openAndApprove(page: Page, id: 'relavium' | 'shannon' | 'agui', run: string): Promise<void> {
  const dialect = DIALECTS[id];
  const params = new URLSearchParams({ dialect: id, url: simulatorBackendUrl(dialect, harness.sim.url), run });
  if (dialect.capabilities.startsRuns) params.set('start', 'Deploy release 2.4');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${harness.sim.url}/?${params.toString()}`);
  if (dialect.capabilities.startsRuns) await page.getByRole('button', { name: 'Start run' }).click();
  const dialog = page.getByRole('alertdialog', { name: GATE });
  if (id === 'agui') {
    // The simulator's AG-UI interrupt asks with a schema: its form approves
    await dialog.getByRole('checkbox', { name: 'Approve this action' }).check({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Send answer' }).click();
  } else await dialog.getByRole('button', { name: 'Approve' }).click({ timeout: 30_000 });
  await dialog.waitFor({ state: 'detached' });
}

describe.each(['relavium', 'shannon', 'agui'] as const)('%s: a gate answered in the run', (id) => {
  test(`names the decider "${YOU}" in the confirmation, the header, the timeline and the inbox`, async () => {
    const page = await harness.newPage();
    await openAndApprove(page, id, `hold~decider-${id}`);
    await expect.poll(() => confirmation(page).textContent(), { timeout: 20_000 }).toMatch(new RegExp(`approved.* by ${YOU}`));
    await expect.poll(() => headerGate(page).textContent(), { timeout: 20_000 }).toMatch(new RegExp(`^Gate:approved.* by ${YOU}$`));
    await page.getByRole('searchbox', { name: 'Search timeline' }).fill('gate decided');
    await expect.poll(() => page.getByTestId('timeline-scroll').textContent(), { timeout: 10_000 }).toMatch(new RegExp(`Gate decided: .* by ${YOU}`));
    expect(await recentlyDecided(page)).toMatch(new RegExp(`approved.* by ${YOU} · \\d`));
    expect(await wireNames(page)).toBe('none');
    await page.close();
  });
});

test("the node's audit names our decision by the rule too", async () => {
  const page = await harness.newPage();
  await openAndApprove(page, 'relavium', 'hold~decider-audit');
  await page.getByText('Run succeeded').waitFor({ timeout: 20_000 });
  await page.locator('.react-flow__node[aria-label^="review:"]').click();
  const details = page.getByRole('complementary', { name: /^Node details: / });
  await expect.poll(() => details.textContent(), { timeout: 10_000 }).toMatch(new RegExp(`decided: approved by ${YOU}`));
  await expect(details.innerText()).resolves.toMatch(new RegExp(`Gate\\s+approved by ${YOU}`));
  expect(await wireNames(page)).toBe('none');
  await page.close();
});

test('a gate answered from the console’s inbox reads the same', async () => {
  await fetch(`${harness.sim.url}/runs/hold~decider-inbox`).then((r) => r.text());
  const page = await harness.newPage();
  await withBackends(page, harness.sim.url, [backend('r', 'relavium', harness.sim.url, 'Relavium sim', { watchRunning: true })]);
  await page.getByRole('button', { name: /^Gates/ }).click();
  const inbox = page.getByRole('dialog', { name: 'Reviewer inbox' });
  await inbox.getByRole('listitem').filter({ hasText: 'hold~decider-inbox' }).getByRole('button', { name: 'Answer' }).click({ timeout: 20_000 });
  const dialog = page.getByRole('alertdialog', { name: GATE });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => confirmation(page).textContent(), { timeout: 20_000 }).toMatch(new RegExp(`approved by ${YOU}`));
  await page.getByRole('button', { name: /^Gates/ }).click();
  const entry = page.getByRole('list', { name: 'Recently decided gates' }).getByRole('listitem').filter({ hasText: 'hold~decider-inbox' });
  await expect.poll(() => entry.textContent(), { timeout: 20_000 }).toMatch(new RegExp(`approved by ${YOU} · \\d`));
  expect(await wireNames(page)).toBe('none');
  await page.close();
});

test('with a name set in the inbox, our decision carries it; one made elsewhere keeps the backend’s name', async () => {
  const page = await harness.newPage();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${harness.sim.url}/?${new URLSearchParams({ dialect: 'relavium', url: harness.sim.url, run: 'hold~decider-named' }).toString()}`);
  await page.getByRole('alertdialog', { name: GATE }).getByRole('button', { name: 'Decide later' }).click({ timeout: 20_000 });
  await page.getByRole('button', { name: /^Gates/ }).click();
  const inbox = page.getByRole('dialog', { name: 'Reviewer inbox' });
  await inbox.getByRole('textbox', { name: 'Your name on decisions' }).fill('  Alice Example ');
  await inbox.getByRole('listitem').filter({ hasText: 'hold~decider-named' }).getByRole('button', { name: 'Answer' }).click();
  const dialog = page.getByRole('alertdialog', { name: GATE });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => confirmation(page).textContent(), { timeout: 20_000 }).toMatch(/approved by Alice Example/);
  await expect.poll(() => headerGate(page).textContent(), { timeout: 20_000 }).toBe('Gate:approved by Alice Example');
  expect(await recentlyDecided(page)).toMatch(/approved by Alice Example · from this browser/);

  // kept for the next page; a decision made elsewhere is still the backend's
  await page.goto(`${harness.sim.url}/?${new URLSearchParams({ dialect: 'relavium', url: harness.sim.url, run: 'hold~decider-elsewhere' }).toString()}`);
  await page.getByRole('alertdialog', { name: GATE }).waitFor({ timeout: 20_000 });
  await approveElsewhere(harness.sim, 'hold~decider-elsewhere');
  await expect.poll(() => headerGate(page).textContent(), { timeout: 20_000 }).toBe('Gate:approved by another-reviewer');
  await page.getByRole('alertdialog', { name: GATE }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: /^Gates/ }).click();
  await expect(page.getByRole('textbox', { name: 'Your name on decisions' }).inputValue()).resolves.toBe('Alice Example');
  await page.getByRole('textbox', { name: 'Your name on decisions' }).fill('');
  await page.close();
});
