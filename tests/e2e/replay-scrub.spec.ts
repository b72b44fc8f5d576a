/**
 * Scrubbing a replay in real Chromium against the built app: a diverse run of ~20k frames
 * (thousands of timeline rows) opened by URL, then seeks the way a drag makes them (the
 * scrubber's value set and its input event fired). The frame drawn right after a seek
 * shows the seeked position: the timeline's rows at the new end are already in the page
 * when that frame starts (not one frame later, once the list's scroll caught up).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { buildDiverseSteps } from '../../bench/lib/diverse-steps';
import { writeRecording } from '../../bench/lib/write-recording';
import { startBrowserHarness, type BrowserHarness } from './browser';

let harness: BrowserHarness;
let frames = 0;

beforeAll(async () => {
  harness = await startBrowserHarness({ timeScale: 0.1 });
  mkdirSync(resolve('dist', 'e2e-scrub'), { recursive: true });
  frames = writeRecording(join(resolve('dist', 'e2e-scrub'), 'run.jsonl'), 'relavium', buildDiverseSteps(20_000)).frames;
}, 120_000);
afterAll(async () => {
  await harness.close();
});

const slider = (page: Page) => page.getByRole('slider', { name: 'Replay position' });

async function openAtEnd(page: Page): Promise<void> {
  await page.goto(`${harness.sim.url}/?replay=${encodeURIComponent('/e2e-scrub/run.jsonl')}`);
  await slider(page).waitFor({ timeout: 60_000 });
  await expect.poll(() => slider(page).getAttribute('aria-valuetext'), { timeout: 30_000 }).toBe(`frame ${frames} of ${frames}`);
  await expect.poll(() => page.getByText('Loading…', { exact: true }).count(), { timeout: 30_000 }).toBe(0);
}

type FirstFrame = Readonly<{ valuetext: string; shown: number; newestRendered: boolean }>;

/** A seek as a drag makes it; what the page holds when the next frame starts (its rAF callback). */
function seekAndReadFirstFrame(page: Page, position: number): Promise<FirstFrame> {
  return page.evaluate(`new Promise((resolve) => {
    const slider = document.querySelector('[aria-label="Replay position"]');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(slider, String(${position}));
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    requestAnimationFrame(() => {
      const shown = Number((document.querySelector('[data-testid="timeline-count"]')?.textContent ?? '').replace(/[^0-9]/g, ''));
      const rows = [...document.querySelectorAll('[data-row]')].map((el) => Number(el.getAttribute('data-row')));
      resolve({ valuetext: slider.getAttribute('aria-valuetext'), shown, newestRendered: rows.includes(shown - 1) });
    });
  })`);
}

/** Whether the newest row is inside the list's visible box, two frames after. */
function newestInView(page: Page): Promise<boolean> {
  return page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const list = document.querySelector('[data-testid="timeline-scroll"]');
    const shown = Number((document.querySelector('[data-testid="timeline-count"]')?.textContent ?? '').replace(/[^0-9]/g, ''));
    const row = document.querySelector('[data-row="' + (shown - 1) + '"]');
    const box = list.getBoundingClientRect();
    const at = row && row.getBoundingClientRect();
    resolve(!!at && at.top >= box.top - 1 && at.bottom <= box.bottom + 1);
  })))`);
}

describe('scrubbing a replay', () => {
  test('the frame after a seek already holds the timeline rows at the seeked position, both ways', async () => {
    const page = await harness.newPage();
    await openAtEnd(page);
    for (const position of [Math.floor(frames / 4), Math.floor((frames * 3) / 4), 5_000, frames - 3]) {
      const first = await seekAndReadFirstFrame(page, position);
      expect(first.valuetext).toBe(`frame ${position} of ${frames}`);
      expect(first.shown).toBeGreaterThan(100);
      expect(first.newestRendered, `after a seek to ${position}`).toBe(true);
      await expect(newestInView(page)).resolves.toBe(true);
    }
    await page.close();
  }, 120_000);
});
