/** Where the auto-fit puts a graph in its pane: whole, and clear of the legend in the top corner. */
import { describe, expect, it } from 'vitest';

import { fitViewport, LEGEND_INSET } from '@/features/canvas/use-auto-fit';

const onScreen = (bounds: { x: number; y: number; width: number; height: number }, view: { x: number; y: number; zoom: number }) => ({
  top: bounds.y * view.zoom + view.y,
  bottom: (bounds.y + bounds.height) * view.zoom + view.y,
  left: bounds.x * view.zoom + view.x,
  right: (bounds.x + bounds.width) * view.zoom + view.x,
});

describe('fitViewport', () => {
  // A 200-step burst's block: about as tall as the pane is, relative to its width.
  const block = { x: 0, y: 0, width: 3_000, height: 1_700 };

  it('shows the whole graph inside the pane', () => {
    const at = onScreen(block, fitViewport(block, 880, 430, 0.01, false));
    expect(at.left).toBeGreaterThanOrEqual(0);
    expect(at.right).toBeLessThanOrEqual(880);
    expect(at.bottom).toBeLessThanOrEqual(430);
  });

  it('starts the graph below the strip the overview legend takes at the top', () => {
    const at = onScreen(block, fitViewport(block, 880, 430, 0.01, false));
    expect(at.top).toBeGreaterThanOrEqual(LEGEND_INSET);
  });
});
