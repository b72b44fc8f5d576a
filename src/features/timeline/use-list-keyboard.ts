/**
 * The timeline list as ONE Tab stop (a roving tabindex): exactly one item's main button
 * is tabbable; ↑/↓, PageUp/PageDown, Home/End move between items, → reaches the row's
 * "raw" button and ← goes back; Enter and Space are the buttons' own (select a row,
 * fold a chapter). Guarded by tests/e2e/timeline.spec.ts.
 *
 * Virtualised rows come and go as the list scrolls, so:
 * - while the list holds focus, the list keeps the focused item (`current`) rendered
 *   although it may be out of view, so wheeling it away does not drop focus on the body;
 * - while it does not, the list makes an item in view the Tab stop, so tabbing in never
 *   jumps the scroll position (timeline-list.tsx).
 */
import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/** The item a focused element belongs to (its `data-item-index`), or undefined. */
function itemIndexOf(target: EventTarget | null): number | undefined {
  const item = (target as HTMLElement | null)?.closest?.('[data-item-index]');
  const index = item ? Number(item.getAttribute('data-item-index')) : Number.NaN;
  return Number.isInteger(index) ? index : undefined;
}

export type ListKeyboardInput = Readonly<{
  scrollRef: RefObject<HTMLElement | null>;
  count: number;
  /** Items a PageUp/PageDown moves. */
  pageSize: () => number;
  scrollToIndex: (index: number) => void;
}>;

export type ListKeyboard = Readonly<{
  /** The item that holds focus (or last held it), clamped to the items. */
  current: number;
  /** Whether focus is inside the list: then `current` is the Tab stop and is kept rendered. */
  focusWithin: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}>;

export function useListKeyboard({ scrollRef, count, pageSize, scrollToIndex }: ListKeyboardInput): ListKeyboard {
  const [active, setActive] = useState(0);
  const [focusWithin, setFocusWithin] = useState(false);
  const pendingFocus = useRef<number | undefined>(undefined);
  const last = Math.max(0, count - 1);
  const current = Math.min(active, last);

  // Focus the item a key moved to once it is rendered (after setActive and the scroll).
  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (target === undefined) return;
    const main = scrollRef.current?.querySelector<HTMLElement>(`[data-item-index="${target}"] [data-item-main]`);
    if (!main) return;
    pendingFocus.current = undefined;
    main.focus({ preventScroll: true });
  });

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(index, last));
    pendingFocus.current = next;
    setActive(next);
    scrollToIndex(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = itemIndexOf(event.target);
    if (index === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    const page = pageSize();
    const step: Record<string, number | undefined> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: last,
    };
    const next = step[event.key];
    if (next !== undefined) {
      event.preventDefault();
      moveTo(next);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const item = (event.target as HTMLElement).closest('[data-item-index]');
      const to = item?.querySelector<HTMLElement>(event.key === 'ArrowRight' ? '[data-item-secondary]' : '[data-item-main]');
      if (to && to !== event.target) {
        event.preventDefault();
        to.focus();
      }
    }
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const index = itemIndexOf(event.target);
    if (index !== undefined) setActive(index);
    setFocusWithin(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
  };

  return { current, focusWithin, onKeyDown, onFocus, onBlur };
}
