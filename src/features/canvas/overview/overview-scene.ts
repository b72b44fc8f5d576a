/**
 * The overview's picture of a layout, as flat arrays the drawing loop walks without
 * allocating: node boxes by index, edges as index pairs, and a grid of buckets so "which
 * node is under the pointer" and "which nodes are in this rectangle" look at a few cells
 * instead of 10,000 boxes. Built once per layout (structure only; statuses are read by
 * index at draw time). Pure; guarded by overview-scene.test.ts.
 */
import { NODE_HEIGHT, NODE_WIDTH, type CompactResult, type LayoutDirection, type LayoutResult } from '@/features/canvas/layout/layout-types';

export type Rect = Readonly<{ x: number; y: number; width: number; height: number }>;

export type OverviewScene = Readonly<{
  ids: readonly string[];
  labels: readonly string[];
  /** Member ids of a collapsed group at its index; undefined for a step. */
  members: readonly (readonly string[] | undefined)[];
  /** The group key of a collapsed group at its index (to expand it); undefined for a step. */
  groupKeys: readonly (string | undefined)[];
  x: Float64Array;
  y: Float64Array;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  indexOf: ReadonlyMap<string, number>;
  direction: LayoutDirection;
  bounds: Rect;
  cells: ReadonlyMap<number, readonly number[]>;
}>;

const CELL = 1024;
/** Cell key of a grid position; the offset keeps negative coordinates apart. */
const cellKey = (cx: number, cy: number) => (cx + 32_768) * 65_536 + (cy + 32_768);

export function buildScene(layout: LayoutResult, direction: LayoutDirection): OverviewScene {
  if (layout.compact) return compactScene(layout.compact, layout.groups, direction);
  const n = layout.nodes.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const indexOf = new Map<string, number>();
  const cells = new Map<number, number[]>();
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  layout.nodes.forEach((node, i) => {
    x[i] = node.position.x;
    y[i] = node.position.y;
    indexOf.set(node.id, i);
    minX = Math.min(minX, node.position.x);
    minY = Math.min(minY, node.position.y);
    maxX = Math.max(maxX, node.position.x + NODE_WIDTH);
    maxY = Math.max(maxY, node.position.y + NODE_HEIGHT);
    const key = cellKey(Math.floor(node.position.x / CELL), Math.floor(node.position.y / CELL));
    const bucket = cells.get(key);
    if (bucket) bucket.push(i);
    else cells.set(key, [i]);
  });
  const edgeFrom = new Int32Array(layout.edges.length);
  const edgeTo = new Int32Array(layout.edges.length);
  layout.edges.forEach((edge, i) => {
    edgeFrom[i] = indexOf.get(edge.source) ?? -1;
    edgeTo[i] = indexOf.get(edge.target) ?? -1;
  });
  return {
    ids: layout.nodes.map((node) => node.id),
    labels: layout.nodes.map((node) => node.data.label),
    members: layout.nodes.map((node) => (node.type === 'runGroup' ? node.data.memberIds : undefined)),
    groupKeys: layout.nodes.map((node) => (node.type === 'runGroup' ? node.data.groupKey : undefined)),
    x,
    y,
    edgeFrom,
    edgeTo,
    indexOf,
    direction,
    bounds: n === 0 ? { x: 0, y: 0, width: 0, height: 0 } : { x: minX, y: minY, width: maxX - minX, height: maxY - minY },
    cells,
  };
}

/** A compact layout already is flat arrays: the scene takes them as they are, and adds the grid. */
function compactScene(compact: CompactResult, groups: LayoutResult['groups'], direction: LayoutDirection): OverviewScene {
  const { viewIds, x, y, edgeFrom, edgeTo, groupAt } = compact.layout;
  const cells = new Map<number, number[]>();
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < viewIds.length; i++) {
    const nx = x[i] ?? 0;
    const ny = y[i] ?? 0;
    [minX, minY, maxX, maxY] = [Math.min(minX, nx), Math.min(minY, ny), Math.max(maxX, nx + NODE_WIDTH), Math.max(maxY, ny + NODE_HEIGHT)];
    const key = cellKey(Math.floor(nx / CELL), Math.floor(ny / CELL));
    const bucket = cells.get(key);
    if (bucket) bucket.push(i);
    else cells.set(key, [i]);
  }
  const groupOf = (i: number) => groups[groupAt[i] ?? -1];
  return {
    ids: viewIds,
    labels: compact.labels,
    members: Array.from(viewIds, (_, i) => groupOf(i)?.memberIds),
    groupKeys: Array.from(viewIds, (_, i) => groupOf(i)?.key),
    x,
    y,
    edgeFrom,
    edgeTo,
    indexOf: compact.indexOf,
    direction,
    bounds: viewIds.length === 0 ? { x: 0, y: 0, width: 0, height: 0 } : { x: minX, y: minY, width: maxX - minX, height: maxY - minY },
    cells,
  };
}

/** Indices of the nodes whose box meets `rect` (flow coordinates). */
export function nodesIn(scene: OverviewScene, rect: Rect): number[] {
  const out: number[] = [];
  // A box starting up to one node size before the rect still reaches into it.
  const x0 = Math.floor((rect.x - NODE_WIDTH) / CELL);
  const y0 = Math.floor((rect.y - NODE_HEIGHT) / CELL);
  const x1 = Math.floor((rect.x + rect.width) / CELL);
  const y1 = Math.floor((rect.y + rect.height) / CELL);
  for (let cx = x0; cx <= x1; cx++) {
    for (let cy = y0; cy <= y1; cy++) {
      for (const i of scene.cells.get(cellKey(cx, cy)) ?? []) {
        const nx = scene.x[i] ?? 0;
        const ny = scene.y[i] ?? 0;
        if (nx < rect.x + rect.width && nx + NODE_WIDTH > rect.x && ny < rect.y + rect.height && ny + NODE_HEIGHT > rect.y) out.push(i);
      }
    }
  }
  return out;
}

/** The node under a flow-coordinate point, or -1; `slop` widens every box (small marks are hard to hit). */
export function nodeAt(scene: OverviewScene, px: number, py: number, slop = 0): number {
  const near = nodesIn(scene, { x: px - slop, y: py - slop, width: 2 * slop, height: 2 * slop });
  let best = -1;
  let bestDistance = Infinity;
  for (const i of near) {
    const dx = px - ((scene.x[i] ?? 0) + NODE_WIDTH / 2);
    const dy = py - ((scene.y[i] ?? 0) + NODE_HEIGHT / 2);
    const distance = dx * dx + dy * dy;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}
