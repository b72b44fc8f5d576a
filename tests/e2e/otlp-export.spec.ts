/**
 * The OTLP export's round trip in real Chromium: "Export trace" on a live run, a replay and
 * a backend's history; the file Chromium downloads is decoded with the official OTLP
 * definitions and its spans checked (run root, steps, attempts, generations, gate events).
 * The SDK is not fetched until the click (its chunk is not in the page's first load).
 */

import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { decodeOtlpJson, type DecodedSpan } from '../otlp/otlp-decode';
import { downloadText, liveUrl, startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
});
afterAll(async () => {
  await harness.close();
});

async function exportTrace(page: Page): Promise<DecodedSpan[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export trace' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^runboard-.*\.otlp\.json$/);
  return decodeOtlpJson(await downloadText(file));
}

const root = (spans: DecodedSpan[]) => spans.find((s) => s.parentSpanId === '');
const childrenOf = (spans: DecodedSpan[], parent: DecodedSpan | undefined) => spans.filter((s) => s.parentSpanId === parent?.spanId);

test('a live Shannon run: the SDK loads on click; root, steps with attempts, generations with gen_ai attributes', async () => {
  const page = await harness.newPage();
  const scripts: string[] = [];
  page.on('request', (r: Request) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto(liveUrl(harness.sim, 'shannon', `fanout~otlp-${Date.now()}`));
  await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
  const before = scripts.length;
  const spans = await exportTrace(page);
  expect(scripts.slice(before).some((url) => /export-run/.test(url))).toBe(true);
  expect(scripts.slice(0, before).some((url) => /export-run/.test(url))).toBe(false);

  const run = root(spans);
  expect(run).toMatchObject({ name: 'run Market research report', status: { code: 1 }, attributes: { 'runboard.run.status': 'succeeded', 'runboard.dialect': 'shannon' } });
  const steps = childrenOf(spans, run);
  expect(steps.map((s) => s.name)).toEqual(expect.arrayContaining(['step Plan research', 'step Write report']));
  for (const step of steps) expect(childrenOf(spans, step).some((a) => a.name.startsWith('attempt 1 of'))).toBe(true);
  const generations = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
  expect(generations).toHaveLength(8);
  expect(generations[0]).toMatchObject({ kind: 3, attributes: expect.objectContaining({ 'gen_ai.request.model': 'gpt-4o-mini', 'gen_ai.usage.input_tokens': expect.any(String) }) });
  expect(generations.every((g) => steps.some((s) => childrenOf(spans, s).some((a) => a.spanId === g.parentSpanId)))).toBe(true);
  await page.close();
});

test('a gate run (relavium): the gate is two events on its step, with who decided what', async () => {
  const page = await harness.newPage();
  await page.goto(liveUrl(harness.sim, 'relavium', `hold~otlp-${Date.now()}`));
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).first();
  await dialog.waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: /Approve/ }).first().click();
  await page.getByText('Run succeeded').waitFor({ timeout: 30_000 });
  const spans = await exportTrace(page);
  const gated = spans.find((s) => s.events.some((e) => e.name === 'gate decided'));
  expect(gated?.events.map((e) => e.name)).toEqual(['gate opened', 'gate decided']);
  expect(gated?.events[1]?.attributes).toMatchObject({ 'runboard.gate.decided_by': 'you, from this browser', 'runboard.gate.decision': expect.stringMatching(/approve/i) });
  await page.close();
});

test('a replay exports the same way', async () => {
  const page = await harness.newPage();
  await page.goto(`${harness.sim.url}/?replay=/recordings/relavium-fanout.jsonl`);
  await page.getByRole('slider', { name: 'Replay position' }).waitFor({ timeout: 20_000 });
  const spans = await exportTrace(page);
  expect(root(spans)?.attributes['runboard.dialect']).toBe('relavium');
  expect(spans.filter((s) => s.name.startsWith('step ')).length).toBeGreaterThanOrEqual(3);
  await page.close();
});
