/**
 * The zoomed-out view of a big graph: one <canvas> under React Flow's nodes, drawn with
 * Canvas 2D (README "Why these libraries": measured against pixi.js and sigma.js), plus
 * its legend. Loaded lazily, only for graphs above OVERVIEW_ABOVE nodes.
 *
 *   React Flow viewport (transform, size) ─┐
 *   node-status store (by reference diff) ─┼→ one draw per animation frame at most
 *   selection / hover / zoomed-in window ──┘
 *
 * Nothing here is React state that changes per frame: the store subscriptions write a
 * byte array and schedule a draw (features/canvas/README.md). A click on the pane picks the node
 * under the pointer: a step opens its details, a group expands.
 */
import { useStoreApi } from '@xyflow/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { nodeOf } from '@/stores/node-map';
import { useRunSession } from '@/stores/run-session';

import { NODE_HEIGHT, NODE_WIDTH } from '@/features/canvas/layout/layout-types';
import { markRadius } from '@/features/canvas/overview/draw-nodes';
import { drawOverview, type DrawOptions, type Drawn } from '@/features/canvas/overview/draw-overview';
import { createEdgeLayer, disposeEdgeLayer } from '@/features/canvas/overview/edge-layer';
import { createMarksLayer } from '@/features/canvas/overview/marks-layer';
import { OverviewLegend } from '@/features/canvas/overview/overview-legend';
import { nodeAt, type OverviewScene } from '@/features/canvas/overview/overview-scene';
import { createStatusSync, syncStatuses, type StatusSync } from '@/features/canvas/overview/overview-statuses';
import { STATUS_TEXT, type Theme } from '@/features/canvas/status-style';
import { usePanePointer } from '@/features/canvas/overview/use-pane-pointer';

export type GraphOverviewProps = Readonly<{
  scene: OverviewScene;
  /** 1 where React Flow draws the node itself (zoomed in); undefined: the overview draws all. */
  inFlow: Uint8Array | undefined;
  selectedId: string | undefined;
  onSelectNode: (nodeId: string) => void;
  onExpandGroup: (groupKey: string) => void;
  theme: Theme;
}>;

export function GraphOverview({ scene, inFlow, selectedId, onSelectNode, onExpandGroup, theme }: GraphOverviewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [hovered, setHovered] = useState(-1);
  const [edges] = useState(createEdgeLayer);
  const [marks] = useState(createMarksLayer);
  useEffect(() => () => disposeEdgeLayer(edges), [edges]);
  const options = useRef<FrameOptions>({ theme, edges, marks, inFlow, selected: -1, hovered: -1 });
  const nodeStatus = useRunSession().nodeStatus;
  const sync = useMemo(() => createStatusSync(scene, nodeStatus.getState().byId), [scene, nodeStatus]);
  const redraw = useOverviewDrawing(canvasRef, sync, options);
  useLayoutEffect(() => {
    options.current = { theme, edges, marks, inFlow, selected: selectedId === undefined ? -1 : (scene.indexOf.get(selectedId) ?? -1), hovered: inFlow ? -1 : hovered };
    redraw();
  }, [theme, edges, marks, inFlow, selectedId, hovered, scene, redraw]);
  const pick = useNodePicker(scene, !inFlow);
  usePanePointer(canvasRef, {
    onMove: (x, y) => setHovered(pick(x, y)),
    onLeave: () => setHovered(-1),
    onClick: (x, y) => {
      const i = pick(x, y);
      if (i < 0) return;
      const key = scene.groupKeys[i];
      if (key !== undefined) onExpandGroup(key);
      else onSelectNode(scene.ids[i] ?? '');
    },
  });
  return (
    <>
      <canvas
        ref={canvasRef}
        aria-hidden="true"
        data-testid="graph-overview"
        className="pointer-events-none absolute inset-0 z-[3] h-full w-full"
        style={{ cursor: hovered >= 0 ? 'pointer' : undefined }}
      />
      {hovered >= 0 && !inFlow && <HoverLabel scene={scene} index={hovered} />}
      {!inFlow && <OverviewLegend sync={sync} theme={theme} />}
    </>
  );
}

type FlowStore = ReturnType<typeof useStoreApi>;
/** What a frame is drawn with besides the view; `sharp` is the frame's own (set when the view rests). */
type FrameOptions = Omit<DrawOptions, 'sharp'>;

/** How long the view must rest on a scaled copy of the edges or nodes before a sharp one is asked for. */
const SHARPEN_MS = 120;

/**
 * Subscribes to the viewport and the statuses; returns a stable "draw at the next frame".
 * A status change only asks for a frame: the frame brings the statuses (and the legend's
 * counts) to the store's latest once, however many changes came since the last one.
 */
function useOverviewDrawing(canvasRef: React.RefObject<HTMLCanvasElement | null>, sync: StatusSync, options: React.RefObject<FrameOptions>) {
  const flow = useStoreApi();
  const nodeStatus = useRunSession().nodeStatus;
  const scheduleRef = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    const { scene, statuses } = sync;
    let frame = 0;
    let sharpen: ReturnType<typeof setTimeout> | undefined;
    let sharp = false;
    // Asked for by node-status changes alone: many change no mark (a step's progress or
    // output), and then the canvas already shows what is true.
    let statusesOnly = true;
    const draw = () => {
      frame = 0;
      const marksChanged = syncStatuses(sync, nodeStatus.getState().byId);
      const skip = statusesOnly && !marksChanged;
      statusesOnly = true;
      if (skip) return;
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      clearTimeout(sharpen);
      const drawn = canvas && ctx ? paintFrame(canvas, ctx, flow, scene, statuses, { ...options.current, sharp }) : undefined;
      sharp = false;
      // While the view moves, edges and nodes are scaled copies; once it rests for SHARPEN_MS, sharp ones are asked for.
      if (drawn?.edges !== 'scaled' && drawn?.nodes !== 'scaled') return;
      sharpen = setTimeout(() => {
        sharp = true;
        schedule();
      }, SHARPEN_MS);
    };
    const askFrame = () => {
      frame ||= requestAnimationFrame(draw);
    };
    const schedule = () => {
      statusesOnly = false;
      askFrame();
    };
    scheduleRef.current = schedule;
    options.current.edges.onReady = schedule;
    const offFlow = flow.subscribe((s, prev) => {
      if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) schedule();
    });
    const offStatus = nodeStatus.subscribe((s) => {
      if (s.byId !== sync.seen) askFrame();
    });
    schedule();
    return () => {
      offFlow();
      offStatus();
      cancelAnimationFrame(frame);
      clearTimeout(sharpen);
    };
  }, [canvasRef, flow, nodeStatus, sync, options]);
  return useCallback(() => scheduleRef.current(), []);
}

/** Draws one frame; says how its edges and nodes compare with the view. */
function paintFrame(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D, flow: FlowStore, scene: OverviewScene, statuses: Uint8Array, options: DrawOptions): Drawn {
  const { transform, width, height } = flow.getState();
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  const w = Math.round(width * dpr);
  const h = Math.round(height * dpr);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const drawn = drawOverview(ctx, scene, statuses, { tx: transform[0], ty: transform[1], zoom: transform[2], width, height, dpr }, options);
  // For tests and benchmarks: how many marks the last frame drew, of how many, whether its
  // edges were drawn for this view, and where the selected one is (canvas pixels) — the
  // marks themselves are not in the DOM.
  canvas.dataset.drawn = String(drawn.marks);
  canvas.dataset.edges = drawn.edges;
  canvas.dataset.nodes = String(scene.ids.length);
  const i = options.selected;
  if (i >= 0) canvas.dataset.selectedAt = `${((scene.x[i] ?? 0) + NODE_WIDTH / 2) * transform[2] + transform[0]},${((scene.y[i] ?? 0) + NODE_HEIGHT / 2) * transform[2] + transform[1]}`;
  else delete canvas.dataset.selectedAt;
  return drawn;
}

/** Screen point (relative to the canvas) → node index, with some slop: marks are small. */
function useNodePicker(scene: OverviewScene, active: boolean) {
  const flow = useStoreApi();
  return (x: number, y: number): number => {
    if (!active) return -1;
    const [tx, ty, zoom] = flow.getState().transform;
    const slop = Math.max(0, 6 / zoom - Math.min(NODE_WIDTH, NODE_HEIGHT) / 2, markRadius(zoom) / zoom);
    return nodeAt(scene, (x - tx) / zoom, (y - ty) / zoom, slop);
  };
}

function HoverLabel({ scene, index }: { scene: OverviewScene; index: number }) {
  const flow = useStoreApi();
  const nodeStatus = useRunSession().nodeStatus;
  const [tx, ty, zoom] = flow.getState().transform;
  const id = scene.ids[index] ?? '';
  const members = scene.members[index];
  const status = nodeOf(nodeStatus.getState().byId, id)?.status ?? 'pending';
  const left = ((scene.x[index] ?? 0) + NODE_WIDTH / 2) * zoom + tx;
  const top = ((scene.y[index] ?? 0) + NODE_HEIGHT) * zoom + ty + markRadius(zoom);
  return (
    <div
      role="tooltip"
      className="pointer-events-none absolute z-[6] -translate-x-1/2 rounded border border-slate-300 bg-white px-2 py-1 text-xs whitespace-nowrap text-slate-800 shadow dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      style={{ left, top: top + 4 }}
    >
      <span className="font-semibold">{scene.labels[index]}</span>
      {members ? ` · group of ${members.length} — click to expand` : ` · ${STATUS_TEXT[status]} — click for details`}
    </div>
  );
}
