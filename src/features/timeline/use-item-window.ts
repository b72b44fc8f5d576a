/**
 * The timeline's window onto its items: which items to render for where the list is
 * scrolled, and where each goes. The items have known heights (rows and chapter headers,
 * never measured), so an item's place is arithmetic on the list's items
 * (build-timeline-items.ts: headers before it), and finding the item at a height a binary
 * search over those places. Nothing here walks the items.
 *
 * Why not @tanstack/react-virtual, which the durations and calls tables use: it keeps a
 * place for every item and makes them all again whenever the count changes, which a
 * replay seek always does. At a million frames (759k rows) that was 5.5 ms of each seek,
 * with a 12 MB array made each time. Like it, the window follows the scroll element's
 * scroll events and its size (a ResizeObserver), and renders a scroll synchronously
 * (flushSync) so a fast scroll never shows rows missing for a frame.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** Where items go: their count, and each one's top and height (tops never decrease). */
export type ItemPlaces = Readonly<{ count: number; topOf: (index: number) => number; heightOf: (index: number) => number }>;

/** The items in view, first and last (inclusive; -1 and -1 when there are none). */
export type ItemRange = Readonly<{ first: number; last: number }>;

export type PlacedItem = Readonly<{ index: number; top: number; height: number }>;

export type ItemWindow = Readonly<{
  /** The height of all the items. */
  totalHeight: number;
  /** The list's viewport: how far it is scrolled, and its height (600 px until measured). */
  scrollTop: number;
  viewportHeight: number;
  /** The items in view, for the scroll position given (default: the list's own). */
  rangeAt: (scrollTop?: number) => ItemRange;
  place: (index: number) => PlacedItem;
  /** Scrolls the least that shows the item whole (nothing when it is in view). */
  scrollToIndex: (index: number) => void;
  /**
   * Says the list was scrolled to `top` by a write of ours (following): the window places
   * its items there without waiting for the scroll event, which a write sends only at the
   * next frame (and jsdom never).
   */
  scrolledTo: (top: number) => void;
}>;

const UNMEASURED_HEIGHT = 600;

export function useItemWindow(scrollRef: RefObject<HTMLElement | null>, places: ItemPlaces): ItemWindow {
  const [view, setView] = useState({ scrollTop: 0, viewportHeight: UNMEASURED_HEIGHT });
  const viewRef = useRef(view);
  viewRef.current = view;
  /** A new view when it moved: at once (`sync`, a scroll the person sees) or with React's next render. */
  const update = useCallback((next: Partial<typeof view>, sync: boolean) => {
    const merged = { ...viewRef.current, ...next };
    if (merged.scrollTop === viewRef.current.scrollTop && merged.viewportHeight === viewRef.current.viewportHeight) return;
    viewRef.current = merged;
    if (sync) flushSync(() => setView(merged));
    else setView(merged);
  }, []);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onScroll = () => update({ scrollTop: el.scrollTop }, true);
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => update({ viewportHeight: entries[0]?.contentRect.height ?? el.clientHeight }, true)) : undefined;
    observer?.observe(el);
    update({ scrollTop: el.scrollTop, viewportHeight: el.clientHeight || UNMEASURED_HEIGHT }, false);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [scrollRef, update]);
  const scrolledTo = useCallback((top: number) => update({ scrollTop: top }, false), [update]);

  const { count, topOf, heightOf } = places;
  const totalHeight = count === 0 ? 0 : topOf(count - 1) + heightOf(count - 1);
  const rangeAt = useCallback(
    (scrollTop = viewRef.current.scrollTop): ItemRange => {
      if (count === 0) return { first: -1, last: -1 };
      const bottom = scrollTop + viewRef.current.viewportHeight;
      return { first: lastWhoseTop(places, (top) => top <= scrollTop), last: lastWhoseTop(places, (top) => top < bottom) };
    },
    [count, places],
  );
  const place = useCallback((index: number): PlacedItem => ({ index, top: topOf(index), height: heightOf(index) }), [topOf, heightOf]);
  const scrollToIndex = useCallback(
    (index: number) => {
      const el = scrollRef.current;
      if (!el || index < 0 || index >= count) return;
      const top = topOf(index);
      const bottom = top + heightOf(index);
      const { scrollTop, viewportHeight } = viewRef.current;
      if (top < scrollTop) el.scrollTop = top;
      else if (bottom > scrollTop + viewportHeight) el.scrollTop = bottom - viewportHeight;
    },
    [scrollRef, count, topOf, heightOf],
  );
  return useMemo(
    () => ({ totalHeight, scrollTop: view.scrollTop, viewportHeight: view.viewportHeight, rangeAt, place, scrollToIndex, scrolledTo }),
    [totalHeight, view, rangeAt, place, scrollToIndex, scrolledTo],
  );
}

/** The last item whose top passes `test` (0 when none does), by a binary search: tops never decrease. */
function lastWhoseTop({ count, topOf }: ItemPlaces, test: (top: number) => boolean): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (test(topOf(mid))) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The range with `overscan` items more on each side, within 0..count-1, as indexes. */
export function overscanned({ first, last }: ItemRange, count: number, overscan: number): number[] {
  if (first < 0) return [];
  const indexes: number[] = [];
  for (let i = Math.max(0, first - overscan); i <= Math.min(count - 1, last + overscan); i++) indexes.push(i);
  return indexes;
}
