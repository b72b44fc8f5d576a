/**
 * AG-UI interrupts with a response schema, in real Chromium against the built app: the
 * dialog shows the question (from metadata), the tool and its arguments, and a form built
 * from the schema; a reviewer approves and denies with the keyboard alone and the producer
 * carries the decision out — the simulator and the real Mastra adapter (@ag-ui/mastra on the
 * ai mock model). Bad input (an invalid or huge schema, bad JSON, a payload the schema
 * refuses, hostile metadata) is said in the dialog and sends nothing.
 */
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import type { Page } from 'playwright-core';
import { Observable } from 'rxjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { aguiDialect } from '@/protocol/agui/agui-dialect';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

import { createMastraHarness, type MastraHarness } from '../support/agui-adapters/mastra-agent';
import { serveAgui, type AguiServer } from '../support/agui-adapters/serve-agui';
import { seriousViolations } from './axe-scan';
import { startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

const QUESTION = 'Deploy release 2.4 to production?';

async function startRun(page: Page, url: string, run: string, start: string) {
  const params = new URLSearchParams({ dialect: 'agui', url, run, start });
  await page.goto(`${harness.sim.url}/?${params.toString()}`);
  await page.getByRole('button', { name: 'Start run' }).click();
}

async function tabTo(page: Page, matches: (el: { tag: string; type: string; name: string }) => boolean) {
  for (let i = 0; i < 25; i++) {
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLInputElement | null;
      return { tag: a?.tagName ?? '', type: a?.type ?? '', name: a?.labels?.[0]?.textContent ?? a?.textContent ?? '' };
    });
    if (matches(el)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the control was never reached with Tab');
}
const checkbox = (el: { type: string }) => el.type === 'checkbox';
const sendButton = (el: { tag: string; name: string }) => el.tag === 'BUTTON' && el.name === 'Send answer';

const simResumes = (run: string) => harness.sim.received.filter((c) => c.dialect === 'agui' && c.runId === run && c.kind === 'resume').map((c) => c.body);

describe('schema-typed interrupts from the simulator', () => {
  const sim = () => simulatorBackendUrl(aguiDialect, harness.sim.url);

  test.each(['light', 'dark'] as const)('shows the question, the tool and its arguments and a form, with no serious axe violation (%s)', async (theme) => {
    const page = await harness.newPage({ colorScheme: theme });
    await startRun(page, sim(), `hold~form-look-${theme}`, 'Deploy release 2.4');
    const dialog = page.getByRole('alertdialog', { name: QUESTION });
    await dialog.getByRole('checkbox', { name: /Approve this action/ }).waitFor({ timeout: 20_000 });
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('approve_review');
    expect(text).toContain('kubectl rollout release-2.4 --canary 10%');
    expect(text).not.toMatch(/^runboard-sim:tool_suspend$/m);
    expect(await dialog.getByRole('textbox', { name: /Note for the agent/ }).isVisible()).toBe(true);
    await page.screenshot({ path: `tests/e2e/screenshots/agui-schema-gate-${theme}.png` });
    expect(await seriousViolations(page, `schema gate (${theme})`)).toEqual([]);
    await page.close();
  });

  test('approve with the keyboard alone: focus starts on no button, Space ticks, Enter on Send answer sends {approved: true}', async () => {
    const page = await harness.newPage();
    const run = 'hold~form-approve';
    await startRun(page, sim(), run, 'Deploy release 2.4');
    const dialog = page.getByRole('alertdialog', { name: QUESTION });
    await dialog.getByRole('checkbox').waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BUTTON');
    await tabTo(page, checkbox);
    await page.keyboard.press('Space');
    await tabTo(page, sendButton);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Run succeeded').waitFor({ timeout: 20_000 });
    expect(simResumes(run)).toEqual([{ interruptId: 'gate-deploy', status: 'resolved', payload: { approved: true } }]);
    await expect.poll(() => page.getByRole('status', { name: 'Your gate decision' }).textContent()).toMatch(/approved with \{"approved":true\}/);
    await page.close();
  });

  test('deny with the keyboard alone: the unticked box sends {approved: false} and the deploy is skipped', async () => {
    const page = await harness.newPage();
    const run = 'hold~form-deny';
    await startRun(page, sim(), run, 'Deploy release 2.4');
    const dialog = page.getByRole('alertdialog', { name: QUESTION });
    await dialog.getByRole('checkbox').waitFor({ timeout: 20_000 });
    await tabTo(page, sendButton);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // The run ends, but the deploy it asked about was turned down: never "Run succeeded".
    await page.getByText(/Run ended — gate rejected/).waitFor({ timeout: 20_000 });
    expect(simResumes(run)).toEqual([{ interruptId: 'gate-deploy', status: 'resolved', payload: { approved: false } }]);
    await expect.poll(() => page.getByRole('status', { name: 'Your gate decision' }).textContent()).toMatch(/rejected with \{"approved":false\}/);
    await page.close();
  });
  test('cancel with the keyboard: "Skip this step" asks to confirm, then sends status cancelled with no payload', async () => {
    const page = await harness.newPage();
    const run = 'hold~form-cancel';
    await startRun(page, sim(), run, 'Deploy release 2.4');
    const dialog = page.getByRole('alertdialog', { name: QUESTION });
    await dialog.getByRole('checkbox').waitFor({ timeout: 20_000 });
    await tabTo(page, (el) => el.tag === 'BUTTON' && el.name === 'Skip this step');
    await page.keyboard.press('Enter');
    // Focus lands on "Back" in the confirmation: a second Enter would not send.
    await tabTo(page, (el) => el.tag === 'BUTTON' && el.name.startsWith('Confirm'));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/Run ended — gate rejected/).waitFor({ timeout: 20_000 });
    expect(simResumes(run)).toEqual([{ interruptId: 'gate-deploy', status: 'cancelled' }]);
    await expect.poll(() => page.getByRole('status', { name: 'Your gate decision' }).textContent()).toMatch(/cancelled/);
    await page.close();
  });
});

describe('a schema-typed interrupt from the real Mastra adapter', () => {
  let mastra: MastraHarness;
  let server: AguiServer;
  beforeAll(async () => {
    mastra = createMastraHarness();
    server = await serveAgui(mastra.agent);
  });
  afterAll(async () => server.close());

  test('approved with the keyboard: Mastra resumes the tool and it deploys', async () => {
    const page = await harness.newPage();
    await startRun(page, server.url, 'mastra-browser', 'Deploy release 2.4');
    const dialog = page.getByRole('alertdialog', { name: QUESTION });
    await dialog.getByRole('checkbox', { name: /approved/i }).waitFor({ timeout: 20_000 });
    expect((await dialog.textContent()) ?? '').toContain('deploy');
    await page.screenshot({ path: 'tests/e2e/screenshots/agui-mastra-gate.png' });
    await tabTo(page, checkbox);
    await page.keyboard.press('Space');
    await tabTo(page, sendButton);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Run succeeded').waitFor({ timeout: 20_000 });
    expect(mastra.deployed).toEqual(['2.4']);
    expect(server.received.at(-1)?.resume?.[0]).toMatchObject({ status: 'resolved', payload: { approved: true } });
    await page.close();
  });

  test('denied with the keyboard: Mastra resumes the tool with approved false and nothing is deployed', async () => {
    const page = await harness.newPage();
    const before = mastra.deployed.length;
    await startRun(page, server.url, 'mastra-browser-deny', 'Deploy release 2.4');
    const dialog = page.getByRole('alertdialog', { name: QUESTION });
    await dialog.getByRole('checkbox', { name: /approved/i }).waitFor({ timeout: 20_000 });
    await tabTo(page, sendButton);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/Run ended — gate rejected/).waitFor({ timeout: 20_000 });
    expect(server.received.at(-1)?.resume?.[0]).toMatchObject({ status: 'resolved', payload: { approved: false } });
    expect(mastra.deployed).toHaveLength(before);
    await page.getByText(/the reviewer said no/).first().waitFor();
    await page.close();
  });
});

/** A producer that ends its first run at one crafted interrupt (bad input for the dialog), and finishes any resume. */
function craftedProducer(interrupt: Record<string, unknown>) {
  return {
    run: (input: RunAgentInput) =>
      new Observable<BaseEvent>((sub) => {
        const ids = { threadId: input.threadId, runId: input.runId };
        sub.next({ type: 'RUN_STARTED', ...ids } as BaseEvent);
        const outcome = input.resume?.length ? { type: 'success' } : { type: 'interrupt', interrupts: [interrupt] };
        sub.next({ type: 'RUN_FINISHED', ...ids, outcome } as BaseEvent);
        sub.complete();
      }),
  };
}

describe('bad input in the dialog says what is wrong and sends nothing', () => {
  const HOSTILE = '<img src=x onerror="window.pwned=1"> Delete <b>everything</b>?';
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['an invalid schema', { id: 'i1', reason: 'x:tool_suspend', responseSchema: { type: 'object', properties: { approved: { type: 'yes-or-no' } } }, metadata: { x: { suspendPayload: { question: 'Go ahead?' } } } }, /not valid JSON Schema/],
    ['a huge schema', { id: 'i1', reason: 'x:tool_suspend', responseSchema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`field${i}`, { type: 'string', description: 'x'.repeat(20) }])) }, metadata: { x: { suspendPayload: { question: 'Go ahead?' } } } }, /too large for a form/],
  ];

  test.each(cases)('%s: a clear message, a JSON editor, bad JSON refused, valid JSON sent', async (_what, interrupt, message) => {
    const server = await serveAgui(craftedProducer(interrupt));
    const page = await harness.newPage();
    await startRun(page, server.url, `bad-${String(_what).replace(/\W+/g, '-')}`, 'go');
    const dialog = page.getByRole('alertdialog', { name: 'Go ahead?' });
    await dialog.getByText(message).waitFor({ timeout: 20_000 });
    const box = dialog.getByRole('textbox', { name: 'Your answer (JSON)' });
    await box.fill('{"approved": tru');
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await dialog.getByRole('alert').getByText(/Not valid JSON/).waitFor();
    await page.screenshot({ path: `tests/e2e/screenshots/agui-schema-gate-${String(_what).replace(/\W+/g, '-')}.png` });
    expect(server.received).toHaveLength(1);
    expect(await box.inputValue()).toBe('{"approved": tru');
    await box.fill('{"approved": true}');
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(server.received.at(-1)?.resume?.[0]).toMatchObject({ status: 'resolved', payload: { approved: true } });
    await page.close();
    await server.close();
  });

  test('a payload the schema refuses is named in the form and nothing is sent; hostile metadata stays text', async () => {
    const schema = { type: 'object', properties: { reason: { type: 'string', title: 'Why', minLength: 5 }, level: { type: 'string', enum: ['low', 'high'], default: 'low' } }, required: ['reason'] };
    const server = await serveAgui(craftedProducer({ id: 'i1', reason: 'x:tool_suspend', responseSchema: schema, metadata: { x: { toolName: '<script>alert(1)</script>', args: { path: '<img src=y onerror=alert(2)>' }, suspendPayload: { question: HOSTILE } } } }));
    const page = await harness.newPage({ colorScheme: 'dark' });
    await startRun(page, server.url, 'bad-payload', 'go');
    const dialog = page.getByRole('alertdialog', { name: HOSTILE });
    await dialog.getByRole('textbox', { name: /Why/ }).fill('no');
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await dialog.getByText(/too short/).first().waitFor();
    expect(server.received).toHaveLength(1);
    await page.screenshot({ path: 'tests/e2e/screenshots/agui-schema-gate-invalid-dark.png' });
    expect(await dialog.locator('img, script, b').count()).toBe(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await dialog.getByRole('textbox', { name: /Why/ }).fill('routine cleanup');
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(server.received.at(-1)?.resume?.[0]).toMatchObject({ payload: { reason: 'routine cleanup', level: 'low' } });
    await page.close();
    await server.close();
  });
});
