// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { overscanned, useItemWindow, type ItemPlaces } from '@/features/timeline/use-item-window';

/** Items 0..count-1 of 10 px, except every tenth (a header) of 30 px. */
function places(count: number): ItemPlaces {
  const headersBefore = (i: number) => Math.ceil(i / 10);
  return { count, topOf: (i) => i * 10 + headersBefore(i) * 20, heightOf: (i) => (i % 10 === 0 ? 30 : 10) };
}

function scrollElement(height: number): HTMLDivElement {
  const el = document.createElement('div');
  Object.defineProperty(el, 'clientHeight', { get: () => height });
  document.body.appendChild(el);
  return el;
}

describe('useItemWindow', () => {
  it('places items by their heights and finds the ones in view, as the list scrolls', () => {
    const el = scrollElement(100);
    const ref = { current: el };
    const { result } = renderHook(() => useItemWindow(ref, places(1_000_000)));
    // Ten items of 10 px and one of 30 per 120 px.
    expect(result.current.totalHeight).toBe(1_000_000 * 10 + 100_000 * 20);
    expect(result.current.rangeAt()).toEqual({ first: 0, last: 7 });
    expect(result.current.place(11)).toEqual({ index: 11, top: 150, height: 10 });
    act(() => {
      el.scrollTop = 600_005;
      el.dispatchEvent(new Event('scroll'));
    });
    // 600,005 px: 5,000 groups of 120 px, then 5 px into the header of item 50,000; the
    // view's bottom (600,105) cuts item 50,008 (600,100–600,110).
    expect(result.current.scrollTop).toBe(600_005);
    expect(result.current.rangeAt()).toEqual({ first: 50_000, last: 50_008 });
  });

  it('scrolls the least that shows an item whole, and takes a follow write at once', () => {
    const el = scrollElement(100);
    const ref = { current: el };
    const { result } = renderHook(() => useItemWindow(ref, places(100)));
    act(() => result.current.scrollToIndex(3));
    expect(el.scrollTop).toBe(0);
    act(() => result.current.scrollToIndex(20));
    // Item 20 is a header at 20 × 10 + 2 × 20 = 240 px, 30 px tall: its bottom at the view's.
    expect(el.scrollTop).toBe(170);
    act(() => result.current.scrolledTo(500));
    expect(result.current.scrollTop).toBe(500);
    // 500 px is inside the header of item 40 (480–510 px).
    expect(result.current.rangeAt().first).toBe(40);
  });

  it('has no items in view when there are none, and overscans within the list', () => {
    const el = scrollElement(100);
    const ref = { current: el };
    const { result } = renderHook(() => useItemWindow(ref, places(0)));
    expect(result.current.totalHeight).toBe(0);
    expect(overscanned(result.current.rangeAt(), 0, 12)).toEqual([]);
    expect(overscanned({ first: 2, last: 4 }, 6, 3)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
