/**
 * "Follow": while on, the list stays scrolled to its newest item after every change of
 * the items; a move up by the person (wheel, scrollbar, keys) turns it off. Guarded by
 * tests/e2e/timeline.spec.ts (real layout) and tests/integration/timeline.test.tsx.
 *
 * Why the end is computed, not read: a scroll position written and read back forces the
 * browser to lay the page out there and then, and at 2,000 events/s that cost more than
 * everything else together. So the end comes from the list's window (use-item-window.ts):
 * its total height and its viewport height (which it keeps from a ResizeObserver); the
 * position is written only when that end moved, and nothing is read back.
 *
 * Why it is written from a ResizeObserver: even a bare write lays out everything the
 * batch changed (the whole page: new canvas nodes too) in the middle of React's commit,
 * and the frame lays it out again after the effects that follow. Observing the list's
 * content, the write happens once the frame's own layout is done (the content grew), so
 * it costs no layout of its own, and the newest row still shows in that frame (rows just
 * past the old end are already rendered: the window's overscan). Where there is no
 * ResizeObserver, and when following is switched on, the write happens in a layout effect.
 *
 * Why the list asks `pinnedTo` while it renders: the window picks its rows from the
 * scroll position it last saw, and a follow write is seen only at the next frame's scroll
 * event. A replay's seek moves the end by thousands of rows, so the frame after a seek
 * drew the list at its new end with the rows of its old one (an empty box), and the next
 * frame rendered and laid the list out again. While the list stands where following last
 * put it, the list renders the rows at the end instead (timeline-list.tsx).
 */
import { useEffect, useLayoutEffect, useRef, type RefObject, type UIEvent, type WheelEvent } from 'react';

export type FollowScroll = Readonly<{
  onScroll: (event: UIEvent<HTMLElement>) => void;
  onWheel: (event: WheelEvent<HTMLElement>) => void;
  /** Where following last scrolled the list (undefined before it did): the list is still there unless someone moved it. */
  pinnedTo: () => number | undefined;
}>;

export type FollowInput = Readonly<{
  scrollRef: RefObject<HTMLElement | null>;
  /** The element whose height is `totalSize`: it grows with every new row. */
  contentRef: RefObject<HTMLElement | null>;
  /** The height of everything in the list (the window's total height). */
  totalSize: number;
  /** The height of the list's viewport, as the window last measured it. */
  viewportHeight: number;
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
  /** Told each position a follow write scrolled the list to (the list's window places its rows there). */
  onScrolled?: (top: number) => void;
}>;

export function useFollowScroll({ scrollRef, contentRef, totalSize, viewportHeight, follow, onFollowChange, onScrolled }: FollowInput): FollowScroll {
  // Where our own last follow scroll put the list: a smaller scrollTop later is the person's.
  const lastTop = useRef(0);
  // The same, written only by our follow writes (never by a scroll event).
  const written = useRef<number | undefined>(undefined);
  const end = Math.max(0, totalSize - viewportHeight);
  const wanted = useRef({ follow, end: totalSize === 0 ? undefined : end });
  const before = useRef({ follow: false, viewportHeight });
  const onScrolledRef = useRef(onScrolled);
  onScrolledRef.current = onScrolled;

  // Layout effect: the newest row is in place before the frame is painted, never one frame late.
  useLayoutEffect(() => {
    wanted.current = { follow, end: totalSize === 0 ? undefined : end };
    const el = scrollRef.current;
    // Only new rows moved the end: the observer below writes it, after the frame's layout.
    const rowsOnly = observing() && before.current.follow && before.current.viewportHeight === viewportHeight;
    before.current = { follow, viewportHeight };
    if (!follow || !el || totalSize === 0 || rowsOnly) return;
    el.scrollTop = end;
    lastTop.current = end;
    written.current = end;
    onScrolledRef.current?.(end);
  }, [scrollRef, follow, end, totalSize, viewportHeight]);

  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!observing() || !el || !content) return;
    const observer = new ResizeObserver(() => {
      const { follow: on, end: at } = wanted.current;
      if (!on || at === undefined) return;
      el.scrollTop = at;
      lastTop.current = at;
      written.current = at;
      onScrolledRef.current?.(at);
    });
    observer.observe(content);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef, contentRef]);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    // The window reads the offset on this same event, so reading it here lays nothing out again.
    const el = event.currentTarget;
    const top = el.scrollTop;
    // Only a move up that leaves the bottom is the person's doing; follow scrolls go down.
    if (follow && top < lastTop.current && top + el.clientHeight < el.scrollHeight - 2) onFollowChange(false);
    lastTop.current = top;
  };
  // The wheel says what the person wants before any scroll happens (and even when a batch
  // lands in the same frame and would hide the move up from onScroll).
  const onWheel = (event: WheelEvent<HTMLElement>) => {
    if (follow && event.deltaY < 0) onFollowChange(false);
  };
  const pinnedTo = () => (follow ? written.current : undefined);
  return { onScroll, onWheel, pinnedTo };
}

const observing = () => typeof ResizeObserver === 'function';
