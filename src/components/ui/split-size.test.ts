import { describe, expect, it } from 'vitest';

import { clampSize, KEY_STEP, sizeAfterDrag, sizeAfterKey, toSplitLimits } from '@/components/ui/split-size';

const limits = toSplitLimits([30, 20]);

describe('toSplitLimits', () => {
  it('keeps each pane its least share: the first from below, the second from above', () => {
    expect(limits).toEqual({ min: 30, max: 80 });
  });
});

describe('clampSize', () => {
  it('holds a size inside the limits and leaves one inside alone', () => {
    expect(clampSize(10, limits)).toBe(30);
    expect(clampSize(95, limits)).toBe(80);
    expect(clampSize(64, limits)).toBe(64);
  });
});

describe('sizeAfterDrag', () => {
  it('moves the size by the pointer’s share of the room the panes had', () => {
    expect(sizeAfterDrag(50, 100, 1000, limits)).toBe(60);
    expect(sizeAfterDrag(50, -150, 1000, limits)).toBe(35);
  });

  it('stops at either pane’s least share however far the pointer goes', () => {
    expect(sizeAfterDrag(50, -5000, 1000, limits)).toBe(30);
    expect(sizeAfterDrag(50, 5000, 1000, limits)).toBe(80);
  });

  it('keeps the size when the panes had no room to share', () => {
    expect(sizeAfterDrag(50, 40, 0, limits)).toBe(50);
    expect(sizeAfterDrag(50, 40, Number.NaN, limits)).toBe(50);
  });
});

describe('sizeAfterKey', () => {
  it('moves side by side panes with Left and Right, and leaves Up and Down to the page', () => {
    expect(sizeAfterKey('ArrowRight', 'horizontal', 50, 64, limits)).toBe(50 + KEY_STEP);
    expect(sizeAfterKey('ArrowLeft', 'horizontal', 50, 64, limits)).toBe(50 - KEY_STEP);
    expect(sizeAfterKey('ArrowUp', 'horizontal', 50, 64, limits)).toBeUndefined();
    expect(sizeAfterKey('ArrowDown', 'horizontal', 50, 64, limits)).toBeUndefined();
  });

  it('moves stacked panes with Up and Down, and leaves Left and Right to the page', () => {
    expect(sizeAfterKey('ArrowDown', 'vertical', 50, 64, limits)).toBe(50 + KEY_STEP);
    expect(sizeAfterKey('ArrowUp', 'vertical', 50, 64, limits)).toBe(50 - KEY_STEP);
    expect(sizeAfterKey('ArrowLeft', 'vertical', 50, 64, limits)).toBeUndefined();
  });

  it('stops an arrow at the limits', () => {
    expect(sizeAfterKey('ArrowLeft', 'horizontal', 32, 64, limits)).toBe(30);
    expect(sizeAfterKey('ArrowRight', 'horizontal', 78, 64, limits)).toBe(80);
  });

  it('goes to the first pane’s least and most with Home and End, and back to the default with Enter', () => {
    expect(sizeAfterKey('Home', 'horizontal', 50, 64, limits)).toBe(30);
    expect(sizeAfterKey('End', 'vertical', 50, 64, limits)).toBe(80);
    expect(sizeAfterKey('Enter', 'horizontal', 41, 64, limits)).toBe(64);
  });

  it('leaves every other key alone', () => {
    for (const key of ['Tab', ' ', 'Escape', 'a', 'PageDown']) expect(sizeAfterKey(key, 'horizontal', 50, 64, limits)).toBeUndefined();
  });
});
