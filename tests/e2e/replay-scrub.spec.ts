/**
 * Scrubbing a replay in real Chromium against the built app: a diverse run of ~20k frames
 * (thousands of timeline rows) opened by URL, then seeks the way a drag makes them (the
 * scrubber's value set and its input event fired). The frame drawn right after a seek
 * shows the seeked position: the timeline's rows at the new end are already in the page
 * when that frame starts (not one frame later, once the list's scroll caught up), and
 * nothing on screen changes after the second frame (benchmark 10 times a seek to there):
 * not the text, not the graph overview's pixels (its layout by start time is the seeked
 * position's in that frame, not one a worker sends later).
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

/** The page's text and a digest of the graph overview's pixels, two frames after a seek (or now). */
function screenState(page: Page, position?: number): Promise<{ text: string; overview: string }> {
  return page.evaluate(`new Promise((resolve) => {
    const slider = document.querySelector('[aria-label="Replay position"]');
    if (${position ?? -1} >= 0) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(slider, String(${position ?? -1}));
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    }
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const canvas = document.querySelector('[data-testid="graph-overview"]');
      const data = canvas ? canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data : [];
      let hash = 0;
      for (let i = 0; i < data.length; i++) hash = (hash * 31 + data[i]) | 0;
      resolve({ text: document.body.innerText, overview: canvas ? canvas.width + 'x' + canvas.height + ':' + hash : 'none' });
    }));
  })`);
}

describe('scrubbing a replay', () => {
  test('nothing on screen changes after the second frame of a seek', async () => {
    const page = await harness.newPage();
    await openAtEnd(page);
    await page.mouse.move(2, 2);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="graph-overview"]')?.dataset.nodes === '1000', undefined, { timeout: 20_000 });
    // A third of the way the graph is not whole yet (steps appear as they first start).
    for (const position of [Math.floor(frames / 3), Math.floor((frames * 2) / 3), 4_000, frames]) {
      const painted = await screenState(page, position);
      expect(painted.overview).not.toBe('none');
      await page.waitForTimeout(600);
      const settled = await screenState(page);
      expect(settled.text, `text after a seek to ${position}`).toBe(painted.text);
      expect(settled.overview, `overview after a seek to ${position}`).toBe(painted.overview);
    }
    await page.close();
  }, 120_000);

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
