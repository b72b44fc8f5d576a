/**
 * The overview's edges as a cached bitmap. 15,000 edges are most of a frame's drawing
 * (software rasterisation on machines without a GPU), yet they change only with the
 * layout: so they are drawn once into an offscreen canvas half a view larger on every
 * side, moved while the person pans, scaled while they zoom, and drawn afresh once the
 * view rests (the caller redraws when `paintEdges` says a sharp copy is due).
 */
import type { OverviewScene } from '@/features/canvas/overview/overview-scene';

export type EdgeView = Readonly<{ tx: number; ty: number; zoom: number; width: number; height: number; dpr: number }>;

type Cached = { canvas: HTMLCanvasElement; view: EdgeView; scene: OverviewScene; key: unknown };

export type EdgeLayer = { cached: Cached | undefined };

/** Zooming further than this from the cached copy redraws at once (a blurred copy would show). */
const MAX_SCALE = 2;

export function createEdgeLayer(): EdgeLayer {
  return { cached: undefined };
}

/**
 * Paints the edges onto `ctx` (screen space, dpr already applied) from the cache, redrawing
 * the cache with `draw(ctx, view)` when it cannot serve. `key` changes when what the edges
 * look like changes (theme, React Flow's window). Returns true when the copy was scaled.
 */
export function paintEdges(
  ctx: CanvasRenderingContext2D,
  layer: EdgeLayer,
  scene: OverviewScene,
  view: EdgeView,
  key: unknown,
  draw: (target: CanvasRenderingContext2D, view: EdgeView) => void,
): boolean {
  const mx = view.width / 2;
  const my = view.height / 2;
  let c = layer.cached;
  const usable = c && c.scene === scene && c.key === key && c.view.width === view.width && c.view.height === view.height && c.view.dpr === view.dpr;
  const scale = c ? view.zoom / c.view.zoom : 1;
  const shifted = c ? { x: view.tx - c.view.tx * scale, y: view.ty - c.view.ty * scale } : { x: 0, y: 0 };
  const within = Math.abs(shifted.x + mx * (scale - 1)) <= mx && Math.abs(shifted.y + my * (scale - 1)) <= my;
  if (!c || !usable || scale > MAX_SCALE || scale < 1 / MAX_SCALE || !within) {
    c = render(layer, scene, view, key, draw);
  }
  const s = view.zoom / c.view.zoom;
  const dx = view.tx - (c.view.tx + mx) * s;
  const dy = view.ty - (c.view.ty + my) * s;
  ctx.drawImage(c.canvas, dx, dy, (view.width + 2 * mx) * s, (view.height + 2 * my) * s);
  return s !== 1;
}

function render(layer: EdgeLayer, scene: OverviewScene, view: EdgeView, key: unknown, draw: (target: CanvasRenderingContext2D, view: EdgeView) => void): Cached {
  const canvas = layer.cached?.canvas ?? document.createElement('canvas');
  const width = view.width * 2;
  const height = view.height * 2;
  if (canvas.width !== Math.round(width * view.dpr)) canvas.width = Math.round(width * view.dpr);
  if (canvas.height !== Math.round(height * view.dpr)) canvas.height = Math.round(height * view.dpr);
  const target = canvas.getContext('2d');
  if (target) {
    target.setTransform(view.dpr, 0, 0, view.dpr, 0, 0);
    target.clearRect(0, 0, width, height);
    draw(target, { ...view, tx: view.tx + view.width / 2, ty: view.ty + view.height / 2, width, height });
  }
  layer.cached = { canvas, view, scene, key };
  return layer.cached;
}
