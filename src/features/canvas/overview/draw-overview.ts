/**
 * Draws the zoomed-out graph on a Canvas 2D context: edges from their cached bitmap
 * (edge-layer.ts), then the nodes from theirs (marks-layer.ts, brought to the latest
 * statuses first), then the hovered and selected node's ring. Nodes React Flow draws
 * itself (`inFlow`) are skipped, and only edges that leave them are drawn.
 * No React, no stores: graph-overview.tsx calls this once per frame at most.
 */
import { NODE_HEIGHT, NODE_WIDTH } from '@/features/canvas/layout/layout-types';
import type { EdgeView } from '@/features/canvas/overview/draw-edges';
import { markRadius, sx, sy } from '@/features/canvas/overview/draw-nodes';
import { paintEdges, type EdgeLayer, type EdgePaint } from '@/features/canvas/overview/edge-layer';
import { paintMarks, type MarksLayer } from '@/features/canvas/overview/marks-layer';
import { nodesIn, type OverviewScene } from '@/features/canvas/overview/overview-scene';
import type { Theme } from '@/features/canvas/status-style';

export type View = Readonly<{ tx: number; ty: number; zoom: number; width: number; height: number; dpr: number }>;

export type DrawOptions = Readonly<{
  theme: Theme;
  /** The edge bitmap kept between frames (edge-layer.ts). */
  edges: EdgeLayer;
  /** The nodes' bitmap kept between frames (marks-layer.ts). */
  marks: MarksLayer;
  /** 1 at the index of a node React Flow draws (zoomed in); undefined when it draws none. */
  inFlow: Uint8Array | undefined;
  selected: number;
  hovered: number;
  /** The view rests: a scaled copy of the edges or nodes is not good enough. */
  sharp: boolean;
}>;

const FOCUS_INK = '#0ea5e9';

/** What a frame drew: marks in view, and how its edges and nodes compare with the view (a scaled copy wants sharpening at rest). */
export type Drawn = Readonly<{ marks: number; edges: EdgePaint; nodes: 'exact' | 'scaled' }>;

export function drawOverview(ctx: CanvasRenderingContext2D, scene: OverviewScene, statuses: Uint8Array, view: View, options: DrawOptions): Drawn {
  ctx.setTransform(view.dpr, 0, 0, view.dpr, 0, 0);
  ctx.clearRect(0, 0, view.width, view.height);
  const edges = paintEdges(ctx, options.edges, scene, view, { theme: options.theme, inFlow: options.inFlow }, options.sharp);
  if (options.inFlow) return { marks: 0, edges, nodes: 'exact' };
  const nodes = paintMarks(ctx, options.marks, scene, statuses, view, options.theme, options.sharp);
  drawFocus(ctx, scene, view, options);
  return { marks: nodesIn(scene, viewRect(view)).length, edges, nodes };
}

const viewRect = (view: EdgeView) => ({ x: -view.tx / view.zoom, y: -view.ty / view.zoom, width: view.width / view.zoom, height: view.height / view.zoom });

function drawFocus(ctx: CanvasRenderingContext2D, scene: OverviewScene, view: View, options: DrawOptions) {
  for (const [i, width] of [[options.hovered, 1.5], [options.selected, 2.5]] as const) {
    if (i < 0) continue;
    const pad = Math.max(3, markRadius(view.zoom) * 0.6);
    const w = Math.max(NODE_WIDTH * view.zoom, 2 * markRadius(view.zoom)) + 2 * pad;
    const h = Math.max(NODE_HEIGHT * view.zoom, 2 * markRadius(view.zoom)) + 2 * pad;
    const cx = sx(view, (scene.x[i] ?? 0) + NODE_WIDTH / 2);
    const cy = sy(view, (scene.y[i] ?? 0) + NODE_HEIGHT / 2);
    ctx.beginPath();
    ctx.roundRect(cx - w / 2, cy - h / 2, w, h, 4);
    ctx.strokeStyle = FOCUS_INK;
    ctx.lineWidth = width;
    ctx.stroke();
  }
}
