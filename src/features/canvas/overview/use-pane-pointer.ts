/**
 * Pointer events on React Flow's empty pane, in coordinates relative to the canvas. The
 * overview's canvas lets every event through to the pane (React Flow pans and zooms
 * there), so it listens on React Flow's root instead and keeps only what hits the pane.
 * A press that moved (a pan) is not a click.
 */
import { useEffect, useRef, type RefObject } from 'react';

type Handlers = Readonly<{ onMove: (x: number, y: number) => void; onLeave: () => void; onClick: (x: number, y: number) => void }>;

const CLICK_SLOP_PX = 4;

export function usePanePointer(anchorRef: RefObject<HTMLElement | null>, handlers: Handlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const root = anchorRef.current?.closest<HTMLElement>('.react-flow');
    if (!root) return;
    const onPane = (event: Event) => event.target instanceof Element && event.target.classList.contains('react-flow__pane');
    const local = (event: MouseEvent) => {
      const box = root.getBoundingClientRect();
      return [event.clientX - box.left, event.clientY - box.top] as const;
    };
    let down: readonly [number, number] | undefined;
    const onDown = (event: PointerEvent) => {
      down = onPane(event) ? [event.clientX, event.clientY] : undefined;
    };
    const onMove = (event: PointerEvent) => {
      if (event.buttons !== 0) return; // panning
      if (onPane(event)) latest.current.onMove(...local(event));
      else latest.current.onLeave();
    };
    const onClick = (event: MouseEvent) => {
      const moved = !down || Math.hypot(event.clientX - down[0], event.clientY - down[1]) > CLICK_SLOP_PX;
      if (!moved && onPane(event)) latest.current.onClick(...local(event));
    };
    const onLeave = () => latest.current.onLeave();
    root.addEventListener('pointerdown', onDown, true);
    root.addEventListener('pointermove', onMove);
    root.addEventListener('pointerleave', onLeave);
    root.addEventListener('click', onClick);
    return () => {
      root.removeEventListener('pointerdown', onDown, true);
      root.removeEventListener('pointermove', onMove);
      root.removeEventListener('pointerleave', onLeave);
      root.removeEventListener('click', onClick);
    };
  }, [anchorRef]);
}
