/**
 * Which nodes React Flow draws on a big graph: none while zoomed out (the overview
 * canvas draws them all), and zoomed in, those in and around the view — so React Flow
 * never mounts or measures 10,000 nodes, only the few dozen a person can read.
 *
 * The window is the view grown by WINDOW_MARGIN on every side and is kept until the
 * view leaves it, so a pan re-windows now and then, not every frame. Pure rule in
 * `nextWindow` (use-detail-window.test.ts); the hook follows React Flow's viewport.
 */
import { useStoreApi } from '@xyflow/react';
import { useEffect, useRef, useState } from 'react';

import { nodesIn, type OverviewScene, type Rect } from '@/features/canvas/overview/overview-scene';

/** From this zoom on, steps are React Flow nodes (their text is readable); below it, overview marks. */
export const DETAIL_ZOOM = 0.4;
const WINDOW_MARGIN = 0.5;

export type DetailWindow = Readonly<{ scene: OverviewScene | undefined; rect: Rect | undefined; ids: ReadonlySet<string> }>;
export type ViewState = Readonly<{ tx: number; ty: number; zoom: number; width: number; height: number }>;

export const NO_WINDOW: DetailWindow = { scene: undefined, rect: undefined, ids: new Set() };

export function nextWindow(current: DetailWindow, scene: OverviewScene, view: ViewState): DetailWindow {
  if (view.zoom < DETAIL_ZOOM || view.width === 0) return current.rect ? NO_WINDOW : current;
  const seen = { x: -view.tx / view.zoom, y: -view.ty / view.zoom, width: view.width / view.zoom, height: view.height / view.zoom };
  if (current.scene === scene && current.rect && contains(current.rect, seen)) return current;
  const rect = {
    x: seen.x - seen.width * WINDOW_MARGIN,
    y: seen.y - seen.height * WINDOW_MARGIN,
    width: seen.width * (1 + 2 * WINDOW_MARGIN),
    height: seen.height * (1 + 2 * WINDOW_MARGIN),
  };
  return { scene, rect, ids: new Set(nodesIn(scene, rect).map((i) => scene.ids[i] ?? '')) };
}

function contains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

/** The ids React Flow should draw; undefined when there is no overview (small graph: all of them). */
export function useDetailWindow(scene: OverviewScene | undefined): ReadonlySet<string> | undefined {
  const flow = useStoreApi();
  const [win, setWin] = useState(NO_WINDOW);
  const current = useRef(win);
  useEffect(() => {
    if (!scene) return;
    const update = () => {
      const { transform, width, height } = flow.getState();
      const next = nextWindow(current.current, scene, { tx: transform[0], ty: transform[1], zoom: transform[2], width, height });
      if (next === current.current) return;
      current.current = next;
      setWin(next);
    };
    update();
    return flow.subscribe((s, prev) => {
      if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) update();
    });
  }, [flow, scene]);
  if (!scene) return undefined;
  return win.scene === scene ? win.ids : NO_WINDOW.ids;
}
