import { useState, type PointerEvent, type RefObject } from 'react';

import { sizeAfterDrag, type SplitLimits } from '@/components/ui/split-size';

type Drag = Readonly<{ pointerId: number; from: number; startSize: number; spanPx: number }>;

type Options = Readonly<{
  horizontal: boolean;
  size: number;
  limits: SplitLimits;
  onSize: (size: number) => void;
  /** The two panes: their sizes, read once as a drag begins, are the room the pointer moves through. */
  panes: readonly [RefObject<HTMLElement | null>, RefObject<HTMLElement | null>];
}>;

/**
 * A separator's pointer drag: the primary button captures the pointer (the drag goes on over
 * the graph, outside the window, until the button is let go), and each move sets the size from
 * how far the pointer went along the split axis.
 */
export function useSplitDrag({ horizontal, size, limits, onSize, panes }: Options) {
  const [drag, setDrag] = useState<Drag>();
  const along = (event: PointerEvent) => (horizontal ? event.clientX : event.clientY);
  const span = (el: HTMLElement | null) => (el ? (horizontal ? el.getBoundingClientRect().width : el.getBoundingClientRect().height) : 0);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ pointerId: event.pointerId, from: along(event), startSize: size, spanPx: span(panes[0].current) + span(panes[1].current) });
  };
  const onPointerMove = (event: PointerEvent) => {
    if (drag?.pointerId === event.pointerId) onSize(sizeAfterDrag(drag.startSize, along(event) - drag.from, drag.spanPx, limits));
  };
  const endDrag = (event: PointerEvent) => {
    if (drag?.pointerId === event.pointerId) setDrag(undefined);
  };
  return { dragging: drag !== undefined, handlers: { onPointerDown, onPointerMove, onPointerUp: endDrag, onPointerCancel: endDrag, onLostPointerCapture: endDrag } };
}
