/**
 * stabilise() of place-nodes.ts on view indices: a node whose layer did not change keeps
 * its previous spot; the others take the fresh layout's spot shifted by a kept
 * neighbour's drift (or, with no fresh layout, their layer's column beside a placed
 * neighbour) and step across until they overlap nothing. Same rules, same answers
 * (compact-layout.test.ts), without an object per node.
 */
import { NODE_HEIGHT, NODE_WIDTH, type LayoutDirection } from '@/features/canvas/layout/layout-types';
import { createOccupancy } from '@/features/canvas/layout/occupancy';
import { csr, type IndexEdges } from '@/features/canvas/layout/compact-layered';
import { freeSpot, NODE_GAP } from '@/features/canvas/layout/place-nodes';

const RANK_GAP = 72;

/** Positions by view index; `known` is 1 where the node has one. */
export type Spots = Readonly<{ x: Float64Array; y: Float64Array; known: Uint8Array }>;

type Input = Readonly<{
  order: Int32Array;
  edges: IndexEdges;
  rank: Int32Array;
  /** The fresh layout, or undefined when only a few nodes are new. */
  fresh: Spots | undefined;
  previous: Spots;
  previousRank: Int32Array;
  direction: LayoutDirection;
}>;

/** Writes every node of `order` into x, y (view indices). */
export function compactStabilise({ order, edges, rank, fresh, previous, previousRank, direction }: Input, x: Float64Array, y: Float64Array): void {
  const placed = new Uint8Array(edges.count);
  const drift = new Float64Array(2 * edges.count);
  const hasDrift = new Uint8Array(edges.count);
  let firstDrift = -1;
  const moved: number[] = [];
  for (const v of order) {
    if (previous.known[v] && previousRank[v] === rank[v]) {
      x[v] = previous.x[v]!;
      y[v] = previous.y[v]!;
      placed[v] = 1;
      hasDrift[v] = 1;
      drift[2 * v] = fresh ? x[v] - fresh.x[v]! : 0;
      drift[2 * v + 1] = fresh ? y[v] - fresh.y[v]! : 0;
      if (firstDrift < 0) firstDrift = v;
    } else moved.push(v);
  }
  if (fresh && firstDrift < 0) {
    // A fresh layout with nothing kept: its own spots never overlap, so take them.
    for (const v of moved) [x[v], y[v]] = [fresh.x[v]!, fresh.y[v]!];
    return;
  }
  moved.sort((a, b) => rank[a]! - rank[b]!);
  const parents = csr(edges, true);
  const children = csr(edges, false);
  const boxes = [];
  for (const v of order) if (placed[v]) boxes.push({ x: x[v]!, y: y[v]! });
  const taken = createOccupancy(NODE_GAP, boxes);
  const neighbours = (v: number) => [...parents.list.subarray(parents.start[v], parents.start[v + 1]), ...children.list.subarray(children.start[v], children.start[v + 1])];
  for (const v of moved) {
    const near = neighbours(v);
    let start: { x: number; y: number };
    if (fresh) {
      const anchor = near.find((n) => hasDrift[n]) ?? firstDrift;
      start = anchor >= 0 ? { x: fresh.x[v]! + drift[2 * anchor]!, y: fresh.y[v]! + drift[2 * anchor + 1]! } : { x: fresh.x[v]!, y: fresh.y[v]! };
    } else start = guessSpot(v, near, { order, rank, placed, x, y, direction });
    const spot = freeSpot(start, taken, direction);
    x[v] = spot.x;
    y[v] = spot.y;
    placed[v] = 1;
    taken.add(spot);
  }
}

type Placed = Readonly<{ order: Int32Array; rank: Int32Array; placed: Uint8Array; x: Float64Array; y: Float64Array; direction: LayoutDirection }>;

/** Without a fresh layout: the column of the node's layer, level with its first placed neighbour. */
function guessSpot(v: number, near: readonly number[], { order, rank, placed, x, y, direction }: Placed) {
  const lr = direction === 'LR';
  const step = lr ? NODE_WIDTH + RANK_GAP : NODE_HEIGHT + RANK_GAP;
  let along: number | undefined;
  for (const u of order) {
    if (placed[u] && rank[u] === rank[v]) along = Math.min(along ?? Infinity, lr ? x[u]! : y[u]!);
  }
  const anchor = near.find((n) => placed[n]);
  along ??= anchor !== undefined ? (lr ? x[anchor]! : y[anchor]!) + (rank[v]! - rank[anchor]!) * step : rank[v]! * step;
  const across = anchor !== undefined ? (lr ? y[anchor]! : x[anchor]!) : 0;
  return lr ? { x: along, y: across } : { x: across, y: along };
}
