/**
 * Geometry of the canvas: where each view node goes. Pure; used by layout-graph.ts.
 *
 * - Connected nodes: dagre layered layout, then STABILISED against the previous layout:
 *   a node that stays in the same layer keeps its old position; a new (or re-layered)
 *   node takes dagre's spot shifted by the drift of a kept neighbour, then steps along
 *   the cross axis until it overlaps nothing. So the picture does not jump as steps
 *   arrive, and never moves on a status change (layout does not even run then).
 * - Nodes with no known edge sit below (LR) / right of (TB) the graph, from shelfOrigin,
 *   in columns of steps that ran together (wave-positions.ts). We never invent edges.
 * Guarded by layout-graph.test.ts.
 */
import dagre from '@dagrejs/dagre';

import { NODE_HEIGHT, NODE_WIDTH, type LayoutDirection, type PlacedPosition } from '@/features/canvas/layout/layout-types';

import type { ViewEdge } from '@/features/canvas/layout/group-graph';
import { createOccupancy, type Occupancy } from '@/features/canvas/layout/occupancy';

export const NODE_GAP = 28;
const RANK_GAP = 72;
export const SHELF_GAP = 96;

type Box = { x: number; y: number };
type Placement = Record<string, PlacedPosition>;

/** Longest path from a source; back edges of a cycle are ignored so it always ends. */
export function computeRanks(ids: readonly string[], edges: readonly ViewEdge[]): Map<string, number> {
  const parents = new Map<string, string[]>();
  for (const e of edges) {
    const list = parents.get(e.target);
    if (list) list.push(e.source);
    else parents.set(e.target, [e.source]);
  }
  const rank = new Map<string, number>();
  const visiting = new Set<string>();
  const visit = (id: string): number => {
    const known = rank.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return -1; // cycle: this edge does not push the layer
    visiting.add(id);
    let r = 0;
    for (const p of parents.get(id) ?? []) r = Math.max(r, visit(p) + 1);
    visiting.delete(id);
    rank.set(id, r);
    return r;
  };
  for (const id of ids) visit(id);
  return rank;
}

export function dagrePositions(ids: readonly string[], edges: readonly ViewEdge[], direction: LayoutDirection): Map<string, Box> {
  // A graph of edge-less steps only (relavium) has nothing to rank: dagre's setup alone cost a replay seek ~0.3 ms.
  if (ids.length === 0) return new Map();
  const g = new dagre.graphlib.Graph<object, { width: number; height: number; x?: number; y?: number }, object>();
  g.setGraph({ rankdir: direction, nodesep: NODE_GAP, ranksep: RANK_GAP, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const id of ids) g.setNode(id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of edges) g.setEdge(e.source, e.target);
  dagre.layout(g);
  const out = new Map<string, Box>();
  for (const id of ids) {
    const n = g.node(id);
    // dagre gives centres; React Flow wants the top-left corner.
    out.set(id, { x: (n.x ?? 0) - NODE_WIDTH / 2, y: (n.y ?? 0) - NODE_HEIGHT / 2 });
  }
  return out;
}

/**
 * Keeps previous positions of nodes whose layer did not change; fits the others in.
 * `fresh` (dagre's answer) is optional: when only a few nodes are new, dagre is skipped
 * and each new node goes into its layer's column beside its parent (guessSpot).
 */
export function stabilise(
  ids: readonly string[],
  fresh: ReadonlyMap<string, Box> | undefined,
  ranks: ReadonlyMap<string, number>,
  previous: Readonly<Placement>,
  edges: readonly ViewEdge[],
  direction: LayoutDirection,
): Placement {
  const out: Placement = {};
  const drift = new Map<string, Box>();
  const moved: string[] = [];
  for (const id of ids) {
    const prev = previous[id];
    const f = fresh?.get(id) ?? prev ?? { x: 0, y: 0 };
    if (prev && prev.rank === (ranks.get(id) ?? 0)) {
      out[id] = prev;
      drift.set(id, { x: prev.x - f.x, y: prev.y - f.y });
    } else moved.push(id);
  }
  if (fresh && drift.size === 0) {
    // A fresh layout with nothing kept: the layout's own spots never overlap, so take them.
    for (const id of moved) out[id] = { ...(fresh.get(id) ?? { x: 0, y: 0 }), rank: ranks.get(id) ?? 0 };
    return out;
  }
  moved.sort((a, b) => (ranks.get(a) ?? 0) - (ranks.get(b) ?? 0));
  const neighbours = neighbourMap(edges);
  const fallback = [...drift.values()][0] ?? { x: 0, y: 0 };
  const taken = createOccupancy(NODE_GAP, Object.values(out));
  for (const id of moved) {
    const rank = ranks.get(id) ?? 0;
    const near = neighbours.get(id) ?? [];
    let start: Box;
    if (fresh) {
      const f = fresh.get(id) ?? { x: 0, y: 0 };
      const anchor = near.map((n) => drift.get(n)).find((d) => d !== undefined) ?? fallback;
      start = { x: f.x + anchor.x, y: f.y + anchor.y };
    } else start = guessSpot(rank, near, out, direction);
    const spot = { ...freeSpot(start, taken, direction), rank };
    out[id] = spot;
    taken.add(spot);
  }
  return out;
}

/** Without dagre: the column of the node's layer, level with its first placed neighbour. */
function guessSpot(rank: number, near: readonly string[], placed: Readonly<Placement>, direction: LayoutDirection): Box {
  const step = direction === 'LR' ? NODE_WIDTH + RANK_GAP : NODE_HEIGHT + RANK_GAP;
  const alongOf = (p: PlacedPosition) => (direction === 'LR' ? p.x : p.y);
  let along: number | undefined;
  let anchor: PlacedPosition | undefined;
  for (const p of Object.values(placed)) {
    if (p.rank === rank) along = along === undefined ? alongOf(p) : Math.min(along, alongOf(p));
  }
  for (const n of near) anchor ??= placed[n];
  along ??= anchor ? alongOf(anchor) + (rank - anchor.rank) * step : rank * step;
  const across = anchor ? (direction === 'LR' ? anchor.y : anchor.x) : 0;
  return direction === 'LR' ? { x: along, y: across } : { x: across, y: along };
}

/** Where the steps with no known edge start: below (LR) / right of (TB) the connected graph. */
export function shelfOrigin(placed: Readonly<Placement>, direction: LayoutDirection): Box {
  const boxes = Object.values(placed);
  if (boxes.length === 0) return { x: 0, y: 0 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const b of boxes) {
    minX = Math.min(minX, b.x);
    minY = Math.min(minY, b.y);
    maxX = Math.max(maxX, b.x + NODE_WIDTH);
    maxY = Math.max(maxY, b.y + NODE_HEIGHT);
  }
  return direction === 'LR' ? { x: minX, y: maxY + SHELF_GAP } : { x: maxX + SHELF_GAP, y: minY };
}

/** The first spot from `start` along the cross axis that no placed node overlaps. */
export function freeSpot(start: Box, taken: Occupancy, direction: LayoutDirection): Box {
  const spot = { ...start };
  // Bounded: each step clears one node's extent, so this ends after ≤ taken.length steps.
  const limit = taken.boxes().length;
  for (let i = 0; i <= limit && taken.overlaps(spot); i++) {
    if (direction === 'LR') spot.y += NODE_HEIGHT + NODE_GAP;
    else spot.x += NODE_WIDTH + NODE_GAP;
  }
  return spot;
}

export function overlapsAny(box: Box, taken: readonly Box[]): boolean {
  for (const t of taken) {
    if (Math.abs(t.x - box.x) < NODE_WIDTH + NODE_GAP / 2 && Math.abs(t.y - box.y) < NODE_HEIGHT + NODE_GAP / 2) return true;
  }
  return false;
}

function neighbourMap(edges: readonly ViewEdge[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const add = (a: string, b: string) => {
    const list = map.get(a);
    if (list) list.push(b);
    else map.set(a, [b]);
  };
  // Parents first: a new child follows its parent's drift before its child's.
  for (const e of edges) add(e.target, e.source);
  for (const e of edges) add(e.source, e.target);
  return map;
}
