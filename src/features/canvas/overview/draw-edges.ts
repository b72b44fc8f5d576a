/**
 * The overview's edges, drawn for one view: one stroked path of straight segments, culled
 * to the view's rectangle; edges between two nodes React Flow draws itself are left out.
 * Pure drawing on any 2D context (a canvas here, an OffscreenCanvas in edge.worker.ts),
 * so the main thread and the worker draw the same picture.
 */
import { NODE_HEIGHT, NODE_WIDTH, type LayoutDirection } from '@/features/canvas/layout/layout-types';
import type { Theme } from '@/features/canvas/status-style';

/** What drawing edges needs of a scene: positions and index pairs (a structured-clonable subset). */
export type EdgeGeometry = Readonly<{ x: Float64Array; y: Float64Array; edgeFrom: Int32Array; edgeTo: Int32Array; direction: LayoutDirection }>;

export type EdgeView = Readonly<{ tx: number; ty: number; zoom: number; width: number; height: number; dpr: number }>;

/** What the edges look like besides the view: the theme, and React Flow's window (1 at its nodes). */
export type EdgeStyle = Readonly<{ theme: Theme; inFlow: Uint8Array | undefined }>;

const EDGE_RGB: Record<Theme, string> = { light: '100,116,139', dark: '148,163,184' };

type Drawable = Pick<CanvasRenderingContext2D, 'beginPath' | 'moveTo' | 'lineTo' | 'stroke'> & { strokeStyle: unknown; lineWidth: number };

/** Draws onto `ctx`, whose transform already applies the device pixel ratio. */
export function drawEdges(ctx: Drawable, geometry: EdgeGeometry, view: EdgeView, style: EdgeStyle): void {
  const { x, y, edgeFrom, edgeTo, direction } = geometry;
  const { inFlow } = style;
  const lr = direction === 'LR';
  const left = -view.tx / view.zoom;
  const top = -view.ty / view.zoom;
  const right = left + view.width / view.zoom;
  const bottom = top + view.height / view.zoom;
  ctx.beginPath();
  for (let e = 0; e < edgeFrom.length; e++) {
    const a = edgeFrom[e] ?? -1;
    const b = edgeTo[e] ?? -1;
    if (a < 0 || b < 0) continue;
    if (inFlow && inFlow[a] === 1 && inFlow[b] === 1) continue; // React Flow draws it
    const x1 = (x[a] ?? 0) + (lr ? NODE_WIDTH : NODE_WIDTH / 2);
    const y1 = (y[a] ?? 0) + (lr ? NODE_HEIGHT / 2 : NODE_HEIGHT);
    const x2 = (x[b] ?? 0) + (lr ? 0 : NODE_WIDTH / 2);
    const y2 = (y[b] ?? 0) + (lr ? NODE_HEIGHT / 2 : 0);
    if (Math.max(x1, x2) < left || Math.min(x1, x2) > right || Math.max(y1, y2) < top || Math.min(y1, y2) > bottom) continue;
    ctx.moveTo(x1 * view.zoom + view.tx, y1 * view.zoom + view.ty);
    ctx.lineTo(x2 * view.zoom + view.tx, y2 * view.zoom + view.ty);
  }
  ctx.strokeStyle = `rgba(${EDGE_RGB[style.theme]},${edgeAlpha(view.zoom, inFlow !== undefined)})`;
  ctx.lineWidth = edgeWidth(view);
  ctx.stroke();
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

/**
 * At most one device pixel: a line that thin is a hairline to the rasteriser, drawn
 * straight, while a thicker one is first turned into an outline polygon — for 15,000
 * edges, 1.5 px took 1.3–1.5 s to draw without a GPU and 1 px 0.1–0.2 s (bench/profile-big-graph.ts --zoom).
 */
function edgeWidth(view: EdgeView): number {
  return Math.min(1, Math.max(0.5, view.zoom * 3)) / Math.max(1, view.dpr);
}
