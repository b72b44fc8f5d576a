/**
 * The pointer and the graph overview: what the overview specs do before they read its
 * pixels or count its draws. A pointer resting on the graph hovers a mark, and the
 * overview draws a ring around it (in the running status's colour); a zoom under a resting
 * pointer hovers another mark, and the overview draws again.
 */
import type { Page } from 'playwright-core';

/** The pointer off the canvas, its hover ring gone, and the frame after that drawn. */
export async function unhover(page: Page): Promise<void> {
  await page.mouse.move(2, 2);
  await page.getByRole('tooltip').waitFor({ state: 'detached' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
