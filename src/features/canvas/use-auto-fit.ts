/**
 * Keeps the whole graph in view as steps arrive — until the person pans or zooms.
 *
 * Why: a run usually starts with one step, so a fit on the first layout alone would leave
 * later steps off-screen. After any manual move (React Flow passes an event only for user
 * moves; programmatic ones get `null`) or a zoom button, the viewport is theirs; the Fit
 * control hands it back to auto-fit.
 *
 * The fit is computed from the layout's own bounds (not React Flow's nodes: on a big graph
 * React Flow holds only the nodes in view). On a small graph that would only fit at an
 * unreadable size — an expanded fan-out on a 1024 px screen — the fit stops at
 * READABLE_ZOOM, centred, rather than shrinking text below ~9 px (fitViewport).
 */
import { getViewportForBounds, useReactFlow, useStoreApi, type OnMoveStart, type Viewport } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';

import { NODE_HEIGHT, NODE_WIDTH, type LayoutResult } from '@/features/canvas/layout/layout-types';
import type { Rect } from '@/features/canvas/overview/overview-scene';

export const FIT_PADDING = 0.1;
/** The far node body's 30 px text is ~9 px on screen here; below, text is a blur. */
export const READABLE_ZOOM = 0.3;
/** A graph needing less than this to fit is shown whole (overview-like) rather than cut. */
const FLOOR_FROM = 0.2;

export type AutoFit = Readonly<{ onMoveStart: OnMoveStart; onManualZoom: () => void; fit: () => void; focus: (bounds: Rect) => void; reveal: (x: number, y: number) => void }>;

export function layoutBounds(layout: LayoutResult, only?: ReadonlySet<string>): Rect {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (x: number, y: number) => {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x + NODE_WIDTH);
    maxY = Math.max(maxY, y + NODE_HEIGHT);
  };
  // A big graph's layout is typed arrays: its node objects are never built for a fit.
  const compact = layout.compact?.layout;
  if (compact) {
    compact.viewIds.forEach((id, v) => (only && !only.has(id) ? undefined : add(compact.x[v] ?? 0, compact.y[v] ?? 0)));
  } else {
    for (const node of layout.nodes) if (!only || only.has(node.id)) add(node.position.x, node.position.y);
  }
  return minX === Infinity ? { x: 0, y: 0, width: 0, height: 0 } : { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/**
 * Pixels kept clear at the pane's top: the overview's legend sits in the top corner, and a
 * block as tall as the pane (a wrapped burst of steps) would run under it.
 */
export const LEGEND_INSET = 40;

/** The viewport showing `bounds`; with `floor`, never below READABLE_ZOOM unless the graph is far too big for it. */
export function fitViewport(bounds: Rect, width: number, height: number, minZoom: number, floor: boolean): Viewport {
  const inset = height > 4 * LEGEND_INSET ? LEGEND_INSET : 0;
  const room = height - inset;
  const fitted = getViewportForBounds(bounds, width, room, minZoom, 1, FIT_PADDING);
  if (!floor || fitted.zoom >= READABLE_ZOOM || fitted.zoom < FLOOR_FROM) return { ...fitted, y: fitted.y + inset };
  const zoom = READABLE_ZOOM;
  return { x: width / 2 - (bounds.x + bounds.width / 2) * zoom, y: inset + room / 2 - (bounds.y + bounds.height / 2) * zoom, zoom };
}

export type AutoFitOptions = Readonly<{
  minZoom: number;
  floor: boolean;
  /**
   * React Flow does not hold the graph's nodes (a big graph's overview draws them), so the
   * fit need not wait a frame for React Flow's store: it happens at once, and React Flow
   * never mounts the handful of nodes a zoom of 1 would show for that frame.
   */
  fromLayoutOnly: boolean;
}>;

export function useAutoFit(layout: LayoutResult | undefined, options: AutoFitOptions): AutoFit {
  const flow = useReactFlow();
  const store = useStoreApi();
  const userMoved = useRef(false);
  const { minZoom, floor, fromLayoutOnly } = options;
  const show = useCallback(
    (bounds: Rect, withFloor: boolean) => {
      const { width, height } = store.getState();
      if (width === 0 || height === 0) return;
      void flow.setViewport(fitViewport(bounds, width, height, minZoom, withFloor));
    },
    [flow, store, minZoom],
  );
  const fit = useCallback(() => {
    if (layout) show(layoutBounds(layout), floor);
  }, [layout, show, floor]);
  useEffect(() => {
    if (!layout || userMoved.current) return;
    // After React Flow's own store update for these nodes (its effects ran before ours).
    if (fromLayoutOnly) fit();
    const frame = fromLayoutOnly ? 0 : requestAnimationFrame(fit);
    // The panel may not be measured yet on the first layout: fit again once it is.
    const off = store.subscribe((s, prev) => {
      if (!userMoved.current && (s.width !== prev.width || s.height !== prev.height)) fit();
    });
    return () => {
      cancelAnimationFrame(frame);
      off();
    };
  }, [layout, fit, store, fromLayoutOnly]);
  const onMoveStart = useCallback<OnMoveStart>((event) => {
    if (event) userMoved.current = true;
  }, []);
  return useMemo(
    () => ({
      onMoveStart,
      onManualZoom: () => void (userMoved.current = true),
      fit: () => {
        userMoved.current = false;
        fit();
      },
      focus: (bounds: Rect) => {
        userMoved.current = true;
        show(bounds, true);
      },
      reveal: (x: number, y: number) => {
        userMoved.current = true;
        void flow.setCenter(x, y, { zoom: flow.getZoom() });
      },
    }),
    [onMoveStart, fit, show, flow],
  );
}
