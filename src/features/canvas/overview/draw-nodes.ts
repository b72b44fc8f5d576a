/**
 * The overview's nodes on a Canvas 2D context: one filled path per status (eight fills for
 * 10,000 nodes, not 10,000). Zoomed out, a node is its status mark (status-glyphs.ts);
 * from about a tenth of full size it is a box with the mark, then its label and status as
 * text. Pure drawing: marks-layer.ts decides where (its cached bitmap) and which nodes.
 */
import { NODE_STATUSES, type NodeStatus } from '@/protocol/run-event';

import { NODE_HEIGHT, NODE_WIDTH } from '@/features/canvas/layout/layout-types';
import type { EdgeView } from '@/features/canvas/overview/draw-edges';
import type { OverviewScene } from '@/features/canvas/overview/overview-scene';
import { STATUS_GLYPH, traceGlyph } from '@/features/canvas/overview/status-glyphs';
import { STATUS_INK, STATUS_TEXT, STATUS_TINT, SUMMARY_RANK, type Theme } from '@/features/canvas/status-style';

/** Screen height of a node box from which boxes (not just marks) are drawn. */
const BOX_FROM_PX = 12;
/** Smallest label font worth drawing. */
const TEXT_FROM_PX = 7;
const ROW_PITCH = NODE_HEIGHT + 28;
const LABEL_INK: Record<Theme, string> = { light: '#0f172a', dark: '#f8fafc' };

export const sx = (view: EdgeView, x: number) => x * view.zoom + view.tx;
export const sy = (view: EdgeView, y: number) => y * view.zoom + view.ty;

/** Draws the nodes at `indices` (any order) with their `statuses` onto `ctx`, whose transform applies the dpr. */
export function drawNodes(ctx: CanvasRenderingContext2D, scene: OverviewScene, view: EdgeView, indices: Iterable<number>, statuses: Uint8Array, theme: Theme): void {
  const byStatus = bucketByStatus(indices, statuses);
  if (NODE_HEIGHT * view.zoom >= BOX_FROM_PX) drawBoxes(ctx, scene, view, byStatus, theme);
  else drawMarks(ctx, scene, view, byStatus, theme);
}

function bucketByStatus(indices: Iterable<number>, statuses: Uint8Array): number[][] {
  const buckets: number[][] = NODE_STATUSES.map(() => []);
  for (const i of indices) buckets[statuses[i] ?? 0]?.push(i);
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

/**
 * How far (screen px) from a node's centre anything drawn for it can reach, whatever its
 * status: the largest mark with its outline and a pixel of anti-aliasing, or the box.
 */
export function nodeReach(zoom: number): { x: number; y: number } {
  const mark = Math.max(URGENT_MIN_PX, markRadius(zoom) * URGENT_SCALE) * 1.2 + 1;
  if (NODE_HEIGHT * zoom >= BOX_FROM_PX) return { x: (NODE_WIDTH * zoom) / 2 + 1, y: (NODE_HEIGHT * zoom) / 2 + 1 };
  return { x: Math.max(mark, (NODE_WIDTH * zoom) / 2), y: Math.max(mark, (NODE_HEIGHT * zoom) / 2) };
}

function drawMarks(ctx: CanvasRenderingContext2D, scene: OverviewScene, view: EdgeView, byStatus: readonly number[][], theme: Theme) {
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

function drawBoxes(ctx: CanvasRenderingContext2D, scene: OverviewScene, view: EdgeView, byStatus: readonly number[][], theme: Theme) {
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

function drawLabels(ctx: CanvasRenderingContext2D, scene: OverviewScene, view: EdgeView, indices: readonly number[], status: NodeStatus, theme: Theme, font: number) {
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
