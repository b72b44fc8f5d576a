/**
 * The overview's nodes as a cached bitmap, as the edges are (edge-layer.ts). Without a GPU,
 * rasterising 50,000 marks took most of every frame of a pan or zoom; now they are drawn
 * once into a bitmap half a view larger on every side, which is moved while the person
 * pans and scaled while they zoom. A fresh copy is drawn when the view leaves what the
 * copy covers or is zoomed more than twice from it, on another layout or theme, and when
 * the view rests on a scaled copy (graph-overview.tsx asks for `sharp` then).
 *
 * A status change must show in the next frame and costs one mark, not 50,000: each frame
 * compares the statuses with those the copy was drawn with, clears only the pixels the
 * changed marks (at their largest) can cover, and draws again, clipped to those pixels,
 * every mark that reaches into them, in the usual paint order. Many changes at once (a
 * grouping) draw the whole copy again. Unlike the edges this is drawn on the page: the
 * statuses it shows must be the latest, frame by frame.
 */
import { NODE_HEIGHT, NODE_WIDTH } from '@/features/canvas/layout/layout-types';
import type { EdgeView } from '@/features/canvas/overview/draw-edges';
import { drawNodes, nodeReach } from '@/features/canvas/overview/draw-nodes';
import { blit, copyView, coverage, type Copy } from '@/features/canvas/overview/edge-layer';
import { nodesIn, type OverviewScene } from '@/features/canvas/overview/overview-scene';
import type { Theme } from '@/features/canvas/status-style';

type MarksCopy = Copy & { readonly image: HTMLCanvasElement; readonly drawn: Uint8Array };

export type MarksLayer = { copy: MarksCopy | undefined };

/** Above this many changed marks in one frame the whole copy is drawn again: cheaper than as many clips. */
const PATCH_UP_TO = 2_000;
const THEME_KEYS: Record<Theme, object> = { light: {}, dark: {} };

export function createMarksLayer(): MarksLayer {
  return { copy: undefined };
}

/**
 * Paints the nodes onto `ctx` (screen space, dpr already applied) from the copy, first
 * bringing the copy to `statuses`; says whether the copy was drawn for this view or scaled.
 */
export function paintMarks(ctx: CanvasRenderingContext2D, layer: MarksLayer, scene: OverviewScene, statuses: Uint8Array, view: EdgeView, theme: Theme, sharp: boolean): 'exact' | 'scaled' {
  // Before React Flow knows its size there is nothing to see: no bitmap for an empty view.
  if (view.width <= 0 || view.height <= 0) return 'exact';
  const key = THEME_KEYS[theme];
  const state = coverage(layer.copy, scene, view, key);
  if (state === 'none' || (sharp && state === 'scaled')) drawCopy(layer, scene, statuses, view, theme);
  else if (layer.copy) patchCopy(layer, statuses, theme);
  const copy = layer.copy;
  if (!copy) {
    // No 2D context for a bitmap (never in a browser): draw straight onto the screen.
    drawNodes(ctx, scene, view, nodesIn(scene, reachRect(view, view)), statuses, theme);
    return 'exact';
  }
  blit(ctx, copy.image, copy.view, view);
  return copy.view.zoom === view.zoom ? 'exact' : 'scaled';
}

/** The flow rectangle of `area` (a view), grown by how far a node drawn at `view`'s zoom reaches. */
function reachRect(area: EdgeView, view: EdgeView) {
  const reach = nodeReach(view.zoom);
  const x = -area.tx / area.zoom - (reach.x / view.zoom - NODE_WIDTH / 2);
  const y = -area.ty / area.zoom - (reach.y / view.zoom - NODE_HEIGHT / 2);
  return { x, y, width: area.width / area.zoom + 2 * (reach.x / view.zoom), height: area.height / area.zoom + 2 * (reach.y / view.zoom) };
}

function drawCopy(layer: MarksLayer, scene: OverviewScene, statuses: Uint8Array, view: EdgeView, theme: Theme) {
  const canvas = layer.copy?.image ?? document.createElement('canvas');
  const big = copyView(view);
  const target = sizeAndClear(canvas, Math.round(big.width * big.dpr), Math.round(big.height * big.dpr));
  if (!target) {
    layer.copy = undefined;
    return;
  }
  target.setTransform(big.dpr, 0, 0, big.dpr, 0, 0);
  drawNodes(target, scene, big, nodesIn(scene, reachRect(big, big)), statuses, theme);
  layer.copy = { image: canvas, view, scene, key: THEME_KEYS[theme], drawn: statuses.slice() };
}

function sizeAndClear(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D | null {
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width; // also clears it
    canvas.height = height;
    return canvas.getContext('2d');
  }
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(1, 0, 0, 1, 0, 0);
  ctx?.clearRect(0, 0, width, height);
  return ctx;
}

/** Indices whose status differs from the one the copy shows. */
function changedMarks(drawn: Uint8Array, statuses: Uint8Array): number[] {
  const changed: number[] = [];
  for (let i = 0; i < statuses.length; i++) if (statuses[i] !== drawn[i]) changed.push(i);
  return changed;
}

function patchCopy(layer: MarksLayer, statuses: Uint8Array, theme: Theme) {
  const copy = layer.copy;
  if (!copy) return;
  const changed = changedMarks(copy.drawn, statuses);
  if (changed.length === 0) return;
  if (changed.length > PATCH_UP_TO) return drawCopy(layer, copy.scene, statuses, copy.view, theme);
  copy.drawn.set(statuses);
  const ctx = copy.image.getContext('2d');
  if (!ctx) return;
  const big = copyView(copy.view);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.beginPath();
  const near = new Set<number>();
  const reach = nodeReach(big.zoom);
  for (const i of changed) clearMark(ctx, copy.scene, i, big, reach, near);
  ctx.clip();
  ctx.setTransform(big.dpr, 0, 0, big.dpr, 0, 0);
  drawNodes(ctx, copy.scene, big, near, statuses, theme);
  ctx.restore();
}

/**
 * Clears the device pixels mark `i` can cover (whole pixels: a clip on fractions would leave
 * a faint seam), adds them to the clip path, and adds to `near` every node that reaches them.
 */
function clearMark(ctx: CanvasRenderingContext2D, scene: OverviewScene, i: number, big: EdgeView, reach: { x: number; y: number }, near: Set<number>) {
  // The mark's centre in flow space, then in the copy's space.
  const fx = (scene.x[i] ?? 0) + NODE_WIDTH / 2;
  const fy = (scene.y[i] ?? 0) + NODE_HEIGHT / 2;
  const cx = fx * big.zoom + big.tx;
  const cy = fy * big.zoom + big.ty;
  const x0 = Math.max(0, Math.floor((cx - reach.x) * big.dpr));
  const y0 = Math.max(0, Math.floor((cy - reach.y) * big.dpr));
  const x1 = Math.min(ctx.canvas.width, Math.ceil((cx + reach.x) * big.dpr));
  const y1 = Math.min(ctx.canvas.height, Math.ceil((cy + reach.y) * big.dpr));
  if (x1 <= x0 || y1 <= y0) return; // outside the copy
  ctx.rect(x0, y0, x1 - x0, y1 - y0);
  ctx.clearRect(x0, y0, x1 - x0, y1 - y0);
  // A node reaches these pixels when its centre is within twice the reach (and a pixel) of this one's.
  const hx = (2 * reach.x + 1) / big.zoom;
  const hy = (2 * reach.y + 1) / big.zoom;
  for (const j of nodesIn(scene, { x: fx - hx + NODE_WIDTH / 2, y: fy - hy + NODE_HEIGHT / 2, width: 2 * hx - NODE_WIDTH, height: 2 * hy - NODE_HEIGHT })) near.add(j);
}
