/**
 * The overview's status marks: every status has its own SHAPE as well as its own colour
 * (status is never shown by colour alone), drawn the same on the canvas and in the
 * legend. Shapes are unit outlines centred on 0,0 (radius 1), so one description serves
 * Canvas 2D paths (`traceGlyph`) and the legend's SVG (`glyphSvgPath`).
 */
import type { NodeStatus } from '@/protocol/run-event';

export type Glyph = Readonly<{
  shape: 'circle' | 'polygon';
  points?: readonly (readonly [number, number])[];
  hollow: boolean;
  /** An upright rectangle's half width and height: traced as one rect (see traceGlyph). */
  box?: readonly [number, number];
}>;

const SQUARE = [[-0.8, -0.8], [0.8, -0.8], [0.8, 0.8], [-0.8, 0.8]] as const;
const DIAMOND = [[0, -1], [1, 0], [0, 1], [-1, 0]] as const;
const TRIANGLE = [[0, -1], [1, 0.8], [-1, 0.8]] as const;
const BAR = [[-1, -0.35], [1, -0.35], [1, 0.35], [-1, 0.35]] as const;
const A = 0.3; // half the thickness of the cross' arms
const CROSS = [[-1, -1 + A], [-1 + A, -1], [0, -A], [1 - A, -1], [1, -1 + A], [A, 0], [1, 1 - A], [1 - A, 1], [0, A], [-1 + A, 1], [-1, 1 - A], [-A, 0]] as const;

/** A polygon glyph; an upright rectangle (four corners from its top left, clockwise) also says its box. */
function polygon(points: readonly (readonly [number, number])[], hollow: boolean): Glyph {
  const [a, b, c, d] = points;
  const upright = points.length === 4 && a && b && c && d && a[1] === b[1] && b[0] === c[0] && c[1] === d[1] && d[0] === a[0] && a[0] === -b[0] && a[1] === -d[1];
  return upright ? { shape: 'polygon', points, hollow, box: [b[0], c[1]] } : { shape: 'polygon', points, hollow };
}

export const STATUS_GLYPH: Record<NodeStatus, Glyph> = {
  pending: { shape: 'circle', hollow: true },
  running: { shape: 'circle', hollow: false },
  succeeded: polygon(SQUARE, false),
  failed: polygon(CROSS, false),
  waiting: polygon(DIAMOND, false),
  retrying: polygon(TRIANGLE, false),
  not_run: polygon(SQUARE, true),
  cancelled: polygon(BAR, false),
};

/** The shape's name, for the legend's text. */
export const GLYPH_NAME: Record<NodeStatus, string> = {
  pending: 'ring',
  running: 'dot',
  succeeded: 'square',
  failed: 'cross',
  waiting: 'diamond',
  retrying: 'triangle',
  not_run: 'open square',
  cancelled: 'bar',
};

/** Adds one glyph of radius `r` at (cx, cy) to the current path (fill or stroke it once per status). */
export function traceGlyph(ctx: CanvasRenderingContext2D, glyph: Glyph, cx: number, cy: number, r: number): void {
  if (glyph.shape === 'circle' || !glyph.points) {
    ctx.moveTo(cx + r, cy);
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    return;
  }
  // The same outline in one call: a replay seek redraws every mark of a big graph, and in
  // Chromium five path calls per square (most marks are succeeded squares) cost about twice one.
  if (glyph.box) {
    const [w, h] = glyph.box;
    ctx.rect(cx - w * r, cy - h * r, 2 * w * r, 2 * h * r);
    return;
  }
  const [first, ...rest] = glyph.points;
  if (!first) return;
  ctx.moveTo(cx + first[0] * r, cy + first[1] * r);
  for (const [x, y] of rest) ctx.lineTo(cx + x * r, cy + y * r);
  ctx.closePath();
}

/** The same outline as SVG path data, in a box from -1 to 1. */
export function glyphSvgPath(glyph: Glyph): string {
  if (glyph.shape === 'circle' || !glyph.points) return 'M 1 0 A 1 1 0 1 1 -1 0 A 1 1 0 1 1 1 0 Z';
  return `M ${glyph.points.map(([x, y]) => `${x} ${y}`).join(' L ')} Z`;
}
