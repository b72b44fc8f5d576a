/**
 * "Follow": while on, the list stays scrolled to its newest item after every change of
 * the items; a move up by the person (wheel, scrollbar, keys) turns it off. Guarded by
 * tests/e2e/timeline.spec.ts (real layout) and tests/integration/timeline.test.tsx.
 *
 * Why scrollTop from the virtualiser's total size: scrollToEnd() reads layout on every
 * batch, which at 2,000 events/s cost more than everything else together.
 */
import { useLayoutEffect, useRef, type RefObject, type UIEvent, type WheelEvent } from 'react';

export type FollowScroll = Readonly<{
  onScroll: (event: UIEvent<HTMLElement>) => void;
  onWheel: (event: WheelEvent<HTMLElement>) => void;
}>;

export function useFollowScroll(
  scrollRef: RefObject<HTMLElement | null>,
  totalSize: number,
  items: readonly number[],
  follow: boolean,
  onFollowChange: (follow: boolean) => void,
): FollowScroll {
  const lastTop = useRef(0);

  // Layout effect: the newest row is in place before the frame is painted, never one frame late.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!follow || !el || items.length === 0) return;
    el.scrollTop = totalSize;
    lastTop.current = el.scrollTop; // our own move: a later smaller scrollTop is the person's
  }, [scrollRef, follow, items, totalSize]);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    const atBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
    // Only a move up that leaves the bottom is the person's doing; follow scrolls go down.
    if (follow && el.scrollTop < lastTop.current && !atBottom) onFollowChange(false);
    lastTop.current = el.scrollTop;
  };
  // The wheel says what the person wants before any scroll happens (and even when a batch
  // lands in the same frame and would hide the move up from onScroll).
  const onWheel = (event: WheelEvent<HTMLElement>) => {
    if (follow && event.deltaY < 0) onFollowChange(false);
  };
  return { onScroll, onWheel };
}
