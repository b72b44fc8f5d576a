/**
 * What benchmark 3 reads from the page besides frames and long tasks: when every step of
 * the run shows a final status (after the last event was sent), and the frame intervals of
 * an empty page in the same browser (the floor the run's frame p95 is held against), and
 * the renderer's CPU time per task.
 */
import type { Page } from 'playwright-core';

import { ms } from '../lib/report';
import { PROBE_SCRIPT, startRecording, stopRecording, type BenchBrowser } from './launch';
import { traceTasks } from './trace-long-tasks';

/**
 * The wall-clock time (ms since the epoch, the simulator's clock on this machine) of the
 * first animation frame in which the overview's legend counts `total` steps and none of
 * them pending, running, retrying or waiting; NaN if that does not happen in `timeoutMs`.
 * The legend is what a person reads on a graph this size (zoomed out: every node a mark).
 */
export function allFinalAt(page: Page, total: number, timeoutMs = 10_000): Promise<number> {
  // A string, not a function: tsx would wrap the inner functions in a helper the page lacks.
  return page.evaluate(`new Promise((resolve) => {
    const open = new Set(['pending', 'running', 'retrying', 'waiting']);
    const until = Date.now() + ${timeoutMs};
    const check = () => {
      const items = [...document.querySelectorAll('[data-testid="overview-legend"] li[data-status]')];
      const count = items.reduce((sum, li) => sum + Number((li.querySelector('.tabular-nums')?.textContent ?? '0').replace(/,/g, '')), 0);
      if (count === ${total} && items.every((li) => !open.has(li.dataset.status ?? ''))) return resolve(Date.now());
      if (Date.now() > until) return resolve(Number.NaN);
      requestAnimationFrame(check);
    };
    check();
  })`) as Promise<number>;
}

/** rAF intervals of a blank page for `seconds`: what "one frame" is in this browser, now. */
export async function emptyPageFrames(browser: BenchBrowser, seconds: number): Promise<number[]> {
  const page = await browser.newPage();
  try {
    await page.goto('about:blank');
    await page.evaluate(PROBE_SCRIPT);
    await startRecording(page);
    await page.waitForTimeout(seconds * 1000);
    return (await stopRecording(page)).frames;
  } finally {
    await page.close();
  }
}

/**
 * Wraps a storm in a performance trace and keeps its main-thread tasks' CPU time. On a
 * loaded machine the Long Tasks API's wall time mostly measures how long the renderer
 * waited for a core (a 5 ms task read 55 ms); the renderer's own CPU time per task is the
 * work, and is reported beside it.
 */
export function cpuTasks() {
  let cpu: number[] = [];
  return {
    around: async (page: Page, storm: () => Promise<void>) => {
      cpu = (await traceTasks(page, storm)).tasks.map((t) => t.cpuMs);
    },
    /** "by CPU time: longest 35 ms, 0 > 50 ms" */
    text: (over: number) => `by the renderer's CPU time: longest ${ms(Math.max(0, ...cpu))}, ${cpu.filter((c) => c > over).length} > ${over} ms`,
  };
}
