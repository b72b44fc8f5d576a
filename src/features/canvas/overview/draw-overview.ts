/**
 * Draws the zoomed-out graph on a Canvas 2D context: edges as one stroked path, nodes as
 * one filled path per status (eight fills for 10,000 nodes, not 10,000), culled to the
 * view. Zoomed out, a node is its status mark (status-glyphs.ts); from about a tenth of
 * full size it is a box with the mark, then its label and status as text. Nodes React
 * Flow draws itself (`inFlow`) are skipped, and only edges that leave them are drawn.
 * No React, no stores: the layer (overview-layer.tsx) calls this once per frame at most.
 */
import { NODE_STATUSES, type NodeStatus } from '@/protocol/run-event';

import { NODE_HEIGHT, NODE_WIDTH } from '@/features/canvas/layout/layout-types';
import { paintEdges, type EdgeLayer, type EdgeView } from '@/features/canvas/overview/edge-layer';
import { nodesIn, type OverviewScene } from '@/features/canvas/overview/overview-scene';
import { STATUS_GLYPH, traceGlyph } from '@/features/canvas/overview/status-glyphs';
import { STATUS_INK, STATUS_TEXT, STATUS_TINT, SUMMARY_RANK, type Theme } from '@/features/canvas/status-style';

export type View = Readonly<{ tx: number; ty: number; zoom: number; width: number; height: number; dpr: number }>;

export type DrawOptions = Readonly<{
  theme: Theme;
  /** The edge bitmap kept between frames (edge-layer.ts). */
  edges: EdgeLayer;
  /** 1 at the index of a node React Flow draws (zoomed in); undefined when it draws none. */
  inFlow: Uint8Array | undefined;
  selected: number;
  hovered: number;
}>;

/** Screen height of a node box from which boxes (not just marks) are drawn. */
const BOX_FROM_PX = 12;
/** Smallest label font worth drawing. */
const TEXT_FROM_PX = 7;
const ROW_PITCH = NODE_HEIGHT + 28;
const EDGE_RGB: Record<Theme, string> = { light: '100,116,139', dark: '148,163,184' };
const LABEL_INK: Record<Theme, string> = { light: '#0f172a', dark: '#f8fafc' };
const FOCUS_INK = '#0ea5e9';

/** What a frame drew: marks drawn, and whether a sharper frame is due once the view rests. */
export type Drawn = Readonly<{ marks: number; sharpen: boolean }>;

export function drawOverview(ctx: CanvasRenderingContext2D, scene: OverviewScene, statuses: Uint8Array, view: View, options: DrawOptions): Drawn {
  ctx.setTransform(view.dpr, 0, 0, view.dpr, 0, 0);
  ctx.clearRect(0, 0, view.width, view.height);
  const sharpen = paintEdges(ctx, options.edges, scene, view, edgeKey(options), (target, v) => drawEdges(target, scene, v, viewRect(v), options));
  if (options.inFlow) return { marks: 0, sharpen };
  const rect = viewRect(view);
  const visible = nodesIn(scene, rect);
  const byStatus = bucketByStatus(visible, statuses);
  const boxH = NODE_HEIGHT * view.zoom;
  if (boxH >= BOX_FROM_PX) drawBoxes(ctx, scene, view, byStatus, options.theme);
  else drawMarks(ctx, scene, view, byStatus, options.theme);
  drawFocus(ctx, scene, view, options);
  return { marks: visible.length, sharpen };
}

const viewRect = (view: EdgeView) => ({ x: -view.tx / view.zoom, y: -view.ty / view.zoom, width: view.width / view.zoom, height: view.height / view.zoom });

/** What the edge bitmap depends on besides the view: the theme and React Flow's window. */
const edgeKeys = new WeakMap<Uint8Array, Record<Theme, object>>();
const NO_WINDOW_KEYS: Record<Theme, object> = { light: {}, dark: {} };
function edgeKey(options: DrawOptions): object {
  if (!options.inFlow) return NO_WINDOW_KEYS[options.theme];
  let keys = edgeKeys.get(options.inFlow);
  if (!keys) edgeKeys.set(options.inFlow, (keys = { light: {}, dark: {} }));
  return keys[options.theme];
}

const sx = (view: EdgeView, x: number) => x * view.zoom + view.tx;
const sy = (view: EdgeView, y: number) => y * view.zoom + view.ty;

function drawEdges(ctx: CanvasRenderingContext2D, scene: OverviewScene, view: EdgeView, rect: { x: number; y: number; width: number; height: number }, options: DrawOptions) {
  const lr = scene.direction === 'LR';
  const right = rect.x + rect.width;
  const bottom = rect.y + rect.height;
  ctx.beginPath();
  for (let e = 0; e < scene.edgeFrom.length; e++) {
    const a = scene.edgeFrom[e] ?? -1;
    const b = scene.edgeTo[e] ?? -1;
    if (a < 0 || b < 0) continue;
    if (options.inFlow && options.inFlow[a] === 1 && options.inFlow[b] === 1) continue; // React Flow draws it
    const x1 = (scene.x[a] ?? 0) + (lr ? NODE_WIDTH : NODE_WIDTH / 2);
    const y1 = (scene.y[a] ?? 0) + (lr ? NODE_HEIGHT / 2 : NODE_HEIGHT);
    const x2 = (scene.x[b] ?? 0) + (lr ? 0 : NODE_WIDTH / 2);
    const y2 = (scene.y[b] ?? 0) + (lr ? NODE_HEIGHT / 2 : 0);
    if (Math.max(x1, x2) < rect.x || Math.min(x1, x2) > right || Math.max(y1, y2) < rect.y || Math.min(y1, y2) > bottom) continue;
    ctx.moveTo(sx(view, x1), sy(view, y1));
    ctx.lineTo(sx(view, x2), sy(view, y2));
  }
  ctx.strokeStyle = `rgba(${EDGE_RGB[options.theme]},${edgeAlpha(view.zoom, options.inFlow !== undefined)})`;
  ctx.lineWidth = edgeWidth(view);
  ctx.stroke();
}

/**
 * At most one device pixel: a line that thin is a hairline to the rasteriser, drawn
 * straight, while a thicker one is first turned into an outline polygon — for 15,000
 * edges, 1.5 px took 1.3–1.5 s to draw without a GPU and 1 px 0.1–0.2 s (bench/profile-big-graph.ts --zoom).
 */
function edgeWidth(view: EdgeView): number {
  return Math.min(1, Math.max(0.5, view.zoom * 3)) / Math.max(1, view.dpr);
}

/**
 * Zoomed far out, thousands of edges overlap into a grey fog over the marks, so they
 * fade with the zoom; zoomed in, only the edges leaving React Flow's window are drawn
 * here, faintly, behind its own.
 */
function edgeAlpha(zoom: number, zoomedIn: boolean): number {
  if (zoomedIn) return 0.25;
  return Math.min(0.45, Math.max(0.05, zoom * 3));
}

function bucketByStatus(visible: readonly number[], statuses: Uint8Array): number[][] {
  const buckets: number[][] = NODE_STATUSES.map(() => []);
  for (const i of visible) buckets[statuses[i] ?? 0]?.push(i);
  return buckets;
}

/** Mark radius: fills most of a row, never below a pixel and a half. */
export function markRadius(zoom: number): number {
  return Math.max(1.5, Math.min(NODE_WIDTH, ROW_PITCH) * zoom * 0.42);
}

/**
 * Statuses that need eyes (failed, waiting, retrying, running) are drawn last, on top, and
 * larger, so one failure among 10,000 marks still shows when zoomed all the way out.
 */
const PAINT_ORDER = [...NODE_STATUSES].sort((a, b) => SUMMARY_RANK[b] - SUMMARY_RANK[a]);
const URGENT: ReadonlySet<NodeStatus> = new Set<NodeStatus>(['failed', 'waiting', 'retrying', 'running']);
const URGENT_SCALE = 1.8;
const URGENT_MIN_PX = 3.5;
/** Mark radius from which each status is drawn as its own shape. */
const SHAPES_FROM_PX = 2.5;

function drawMarks(ctx: CanvasRenderingContext2D, scene: OverviewScene, view: View, byStatus: readonly number[][], theme: Theme) {
  const base = markRadius(view.zoom);
  for (const status of PAINT_ORDER) {
    const indices = byStatus[NODE_STATUSES.indexOf(status)] ?? [];
    if (indices.length === 0) continue;
    const r = URGENT.has(status) ? Math.max(URGENT_MIN_PX, base * URGENT_SCALE) : base;
    ctx.beginPath();
    if (r < SHAPES_FROM_PX) {
      // Under ~5 px no shape can be told apart, and squares cost a fraction of outlines.
      for (const i of indices) ctx.rect(sx(view, (scene.x[i] ?? 0) + NODE_WIDTH / 2) - r, sy(view, (scene.y[i] ?? 0) + NODE_HEIGHT / 2) - r, 2 * r, 2 * r);
      ctx.fillStyle = STATUS_INK[theme][status];
      ctx.fill();
      continue;
    }
    const glyph = STATUS_GLYPH[status];
    for (const i of indices) traceGlyph(ctx, glyph, sx(view, (scene.x[i] ?? 0) + NODE_WIDTH / 2), sy(view, (scene.y[i] ?? 0) + NODE_HEIGHT / 2), r);
    paint(ctx, STATUS_INK[theme][status], glyph.hollow, r);
  }
}

function paint(ctx: CanvasRenderingContext2D, ink: string, hollow: boolean, r: number) {
  if (hollow) {
    ctx.strokeStyle = ink;
    ctx.lineWidth = Math.max(1, r * 0.35);
    ctx.stroke();
  } else {
    ctx.fillStyle = ink;
    ctx.fill();
  }
}

function drawBoxes(ctx: CanvasRenderingContext2D, scene: OverviewScene, view: View, byStatus: readonly number[][], theme: Theme) {
  const w = NODE_WIDTH * view.zoom;
  const h = NODE_HEIGHT * view.zoom;
  const r = Math.min(9, h * 0.16);
  const font = h * 0.24;
  byStatus.forEach((indices, s) => {
    const status = NODE_STATUSES[s] as NodeStatus;
    if (indices.length === 0) return;
    // Border and fill as two filled rectangles: strokes and rounded corners cost several
    // times more to rasterise without a GPU, for a difference not seen at this size.
    const border = Math.max(1, h * 0.02);
    ctx.beginPath();
    for (const i of indices) ctx.rect(sx(view, scene.x[i] ?? 0), sy(view, scene.y[i] ?? 0), w, h);
    ctx.fillStyle = STATUS_INK[theme][status];
    ctx.fill();
    ctx.beginPath();
    for (const i of indices) ctx.rect(sx(view, scene.x[i] ?? 0) + border, sy(view, scene.y[i] ?? 0) + border, w - 2 * border, h - 2 * border);
    ctx.fillStyle = STATUS_TINT[theme][status];
    ctx.fill();
    const glyph = STATUS_GLYPH[status];
    ctx.beginPath();
    for (const i of indices) traceGlyph(ctx, glyph, sx(view, scene.x[i] ?? 0) + h * 0.1 + r, sy(view, scene.y[i] ?? 0) + h * 0.1 + r, r);
    paint(ctx, STATUS_INK[theme][status], glyph.hollow, r);
    if (font >= TEXT_FROM_PX) drawLabels(ctx, scene, view, indices, status, theme, font);
  });
}

function drawLabels(ctx: CanvasRenderingContext2D, scene: OverviewScene, view: View, indices: readonly number[], status: NodeStatus, theme: Theme, font: number) {
  const w = NODE_WIDTH * view.zoom;
  const h = NODE_HEIGHT * view.zoom;
  const pad = h * 0.1;
  const fits = (size: number) => Math.max(1, Math.floor((w - 2 * pad) / (size * 0.56)));
  ctx.textBaseline = 'top';
  ctx.font = `600 ${font}px ui-sans-serif, system-ui, sans-serif`;
  ctx.fillStyle = LABEL_INK[theme];
  for (const i of indices) ctx.fillText(cut(scene.labels[i] ?? '', fits(font)), sx(view, scene.x[i] ?? 0) + pad, sy(view, scene.y[i] ?? 0) + h * 0.38);
  const small = font * 0.8;
  if (small < TEXT_FROM_PX) return;
  ctx.font = `${small}px ui-sans-serif, system-ui, sans-serif`;
  ctx.fillStyle = STATUS_INK[theme][status];
  const text = cut(STATUS_TEXT[status], fits(small));
  for (const i of indices) ctx.fillText(text, sx(view, scene.x[i] ?? 0) + pad + h * 0.3, sy(view, scene.y[i] ?? 0) + h * 0.1);
}

function cut(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;
}

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
