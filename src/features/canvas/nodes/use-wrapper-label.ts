/**
 * Names React Flow's node wrapper — the element that takes keyboard focus — with
 * "<label>: <status>", so a screen reader announces the status on focus.
 *
 * Why through the DOM: the wrapper's `aria-label` would otherwise come from the node
 * object, and status must never be written into the nodes array (features/canvas/README.md). React
 * Flow never sets this attribute itself while `node.ariaLabel` is undefined.
 */
import { useLayoutEffect, type RefObject } from 'react';

export function useWrapperLabel(ref: RefObject<HTMLElement | null>, label: string): void {
  useLayoutEffect(() => {
    const wrapper = ref.current?.closest('.react-flow__node');
    if (wrapper && wrapper.getAttribute('aria-label') !== label) wrapper.setAttribute('aria-label', label);
  }, [ref, label]);
}
