/**
 * Focus never ends on the page body. When Escape closes something (node details, a raw
 * frame, a dialog opened while nothing had focus) or a click removes the focused element,
 * the browser drops focus on <body>, and the next Tab starts over from the top of the
 * page. This puts it back on the newest element that was focused and is still on screen
 * — usually what opened the closed thing — else on `fallback`.
 *
 * It runs after the page's own handlers (two zero timeouts: React commits a keypress's
 * changes in a microtask, and Radix returns a dialog's focus in a timeout of its own), and
 * only when focus really was lost: a click on empty space that leaves the
 * last focused element in place is the person's choice and is left alone.
 */
import { useEffect } from 'react';

const HISTORY = 20;

function focusable(el: HTMLElement): boolean {
  return el.isConnected && el.getClientRects().length > 0 && !el.closest('[inert], [aria-hidden="true"]');
}

export function useFocusRescue(fallback: () => HTMLElement | null): void {
  useEffect(() => {
    const history: HTMLElement[] = [];
    const lost = () => document.activeElement === null || document.activeElement === document.body;
    const rescue = () => {
      if (!lost()) return;
      for (let i = history.length - 1; i >= 0; i--) {
        const el = history[i];
        if (el && focusable(el)) return el.focus();
      }
      fallback()?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      const el = event.target;
      if (!(el instanceof HTMLElement) || el === history[history.length - 1]) return;
      history.push(el);
      if (history.length > HISTORY) history.shift();
    };
    // Capture phase: React's own handlers (closing the details) run later in the same event
    // and can remove the focused element before a bubbling listener would look.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !lost()) setTimeout(() => setTimeout(rescue, 0), 0);
    };
    const onClick = () =>
      setTimeout(() => {
        const last = history[history.length - 1];
        if (last && !last.isConnected) setTimeout(rescue, 0);
      }, 0);
    document.addEventListener('focusin', onFocusIn);
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('click', onClick);
    };
  }, [fallback]);
}
