/**
 * The size math of a two-pane splitter (split-panes.tsx). A size is the first pane's share of
 * the room the two panes have (the separator's own pixels left out), in percent; the second
 * pane gets the rest. Pure, so it is tested without a layout engine.
 */

/** `horizontal`: the panes sit side by side; `vertical`: one over the other. */
export type SplitOrientation = 'horizontal' | 'vertical';

/** The first pane's allowed range, in percent. */
export type SplitLimits = Readonly<{ min: number; max: number }>;

/** How far one arrow key moves the separator, in percent. */
export const KEY_STEP = 5;

/** The first pane's range when each pane must keep its own minimum share. */
export function toSplitLimits(minSizes: readonly [number, number]): SplitLimits {
  return { min: minSizes[0], max: 100 - minSizes[1] };
}

export function clampSize(size: number, limits: SplitLimits): number {
  return Math.min(limits.max, Math.max(limits.min, size));
}

/**
 * The size after the pointer moved `deltaPx` along the split axis since the drag began at
 * `startSize`; `spanPx` is the room both panes had then. Nothing to share keeps the size.
 */
export function sizeAfterDrag(startSize: number, deltaPx: number, spanPx: number, limits: SplitLimits): number {
  if (!(spanPx > 0)) return startSize;
  return clampSize(startSize + (deltaPx / spanPx) * 100, limits);
}

/**
 * The size after a key press on the separator (the window-splitter keys: the arrows along the
 * split axis, Home and End to the first pane's least and most; Enter puts the default back),
 * or undefined for a key the separator leaves alone.
 */
export function sizeAfterKey(key: string, orientation: SplitOrientation, size: number, defaultSize: number, limits: SplitLimits): number | undefined {
  const [back, forward] = orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  switch (key) {
    case back:
      return clampSize(size - KEY_STEP, limits);
    case forward:
      return clampSize(size + KEY_STEP, limits);
    case 'Home':
      return limits.min;
    case 'End':
      return limits.max;
    case 'Enter':
      return clampSize(defaultSize, limits);
    default:
      return undefined;
  }
}
