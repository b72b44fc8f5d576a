/**
 * What the canvas hands React Flow beyond the layout itself: on a big graph only the
 * nodes and edges of the zoomed-in window; the mini map only when it helps; after a
 * fan-out is expanded, a view of its steps at a readable size; a selected step in view.
 */
import { useStore as useFlowStore, useStoreApi } from '@xyflow/react';
import { useEffect, useMemo, useRef, type RefObject } from 'react';

import { NODE_HEIGHT, NODE_WIDTH, type CanvasEdge, type CanvasNode, type LayoutResult } from '@/features/canvas/layout/layout-types';
import { positionOf } from '@/features/canvas/layout/compact-result';
import type { OverviewScene, Rect } from '@/features/canvas/overview/overview-scene';
import { layoutBounds } from '@/features/canvas/use-auto-fit';

/** The mini map needs room: below this panel width it would cover the nodes it maps. */
export const MINIMAP_MIN_WIDTH = 720;

const NO_NODES: CanvasNode[] = [];
const NO_EDGES: CanvasEdge[] = [];

/**
 * The nodes and edges React Flow gets: all of them, or those inside the detail window —
 * on a big graph's compact layout built for the window's steps only (in layout order),
 * never for all of them.
 */
export function useFlowArrays(layout: LayoutResult | undefined, inWindow: ReadonlySet<string> | undefined) {
  return useMemo(() => {
    if (!layout) return { nodes: NO_NODES, edges: NO_EDGES };
    const compact = layout.compact;
    if (!inWindow) return { nodes: layout.nodes, edges: layout.edges };
    if (!compact) {
      return { nodes: layout.nodes.filter((n) => inWindow.has(n.id)), edges: layout.edges.filter((e) => inWindow.has(e.source) && inWindow.has(e.target)) };
    }
    const mask = new Uint8Array(compact.layout.viewIds.length);
    for (const id of inWindow) mask[compact.indexOf.get(id) ?? -1] = 1;
    const nodes: CanvasNode[] = [];
    mask.forEach((inside, v) => inside && nodes.push(compact.flowNode(v)));
    const edges: CanvasEdge[] = [];
    const { edgeFrom, edgeTo } = compact.layout;
    for (let e = 0; e < edgeFrom.length; e++) if (mask[edgeFrom[e] ?? -1] && mask[edgeTo[e] ?? -1]) edges.push(compact.flowEdge(e));
    return { nodes, edges };
  }, [layout, inWindow]);
}

/** 1 at the scene index of every node React Flow draws; undefined while it draws none. */
export function useInFlowMask(scene: OverviewScene | undefined, inWindow: ReadonlySet<string> | undefined): Uint8Array | undefined {
  return useMemo(() => {
    if (!scene || !inWindow || inWindow.size === 0) return undefined;
    const mask = new Uint8Array(scene.ids.length);
    for (const id of inWindow) {
      const i = scene.indexOf.get(id);
      if (i !== undefined) mask[i] = 1;
    }
    return mask;
  }, [scene, inWindow]);
}

/** Shown only on a small graph that does not fit the view, in a panel wide enough for it. */
export function useMiniMapWanted(layout: LayoutResult | undefined, big: boolean): boolean {
  const bounds = useMemo(() => (layout && !big ? layoutBounds(layout) : undefined), [layout, big]);
  return useFlowStore((s) => bounds !== undefined && s.width >= MINIMAP_MIN_WIDTH && !fitsInView(bounds, s.transform, s.width, s.height));
}

function fitsInView(b: Rect, [tx, ty, zoom]: readonly [number, number, number], width: number, height: number): boolean {
  return b.x * zoom + tx >= 0 && b.y * zoom + ty >= 0 && (b.x + b.width) * zoom + tx <= width && (b.y + b.height) * zoom + ty <= height;
}

/** After "Expand": once the new layout holds the group's steps, show them at a readable size. */
export function useFocusExpandedGroup(layout: LayoutResult | undefined, pending: RefObject<readonly string[] | undefined>, focus: (bounds: Rect) => void) {
  useEffect(() => {
    const [key] = pending.current ?? [];
    const group = layout?.groups.find((g) => g.key === key && !g.collapsed);
    if (!layout || !group) return;
    pending.current = undefined;
    const frame = requestAnimationFrame(() => focus(layoutBounds(layout, new Set(group.memberIds))));
    return () => cancelAnimationFrame(frame);
  }, [layout, pending, focus]);
}

/**
 * A step selected from outside the graph (a timeline row, a `&node=` link) that is out of
 * view is brought to the centre at the current zoom; one already in view stays put, so a
 * click on the graph itself never moves it.
 */
export function useRevealSelected(layout: LayoutResult | undefined, selectedId: string | undefined, reveal: (x: number, y: number) => void) {
  const store = useStoreApi();
  const revealed = useRef<string | undefined>(undefined);
  useEffect(() => {
    const at = selectedId === undefined || !layout ? undefined : positionOf(layout, selectedId);
    // Once per selection: a later layout (the run grows) must not pull the view back.
    if (!at || revealed.current === selectedId) return;
    revealed.current = selectedId;
    const frame = requestAnimationFrame(() => {
      const { transform, width, height } = store.getState();
      const [tx, ty, zoom] = transform;
      const sx = (at.x + NODE_WIDTH / 2) * zoom + tx;
      const sy = (at.y + NODE_HEIGHT / 2) * zoom + ty;
      if (width > 0 && (sx < 0 || sy < 0 || sx > width || sy > height)) reveal(at.x + NODE_WIDTH / 2, at.y + NODE_HEIGHT / 2);
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId, layout, store, reveal]);
}
