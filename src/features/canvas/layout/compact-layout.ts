/**
 * layoutGraph for big graphs, on integers: group → rank → layered layout → stabilise →
 * the edge-less steps by run time, answering typed arrays (positions, edges by index)
 * instead of a React Flow node object per step. Same rules and the same positions as
 * layout-graph.ts (compact-layout.test.ts holds the two together); what changes is the
 * cost — 50,000 nodes / 75,000 edges laid out in tens of milliseconds, not seconds, and
 * handed across the worker boundary as a few transferable arrays (layout.worker.ts).
 * React Flow nodes are built only for the steps it shows (compact-result.ts). Pure.
 */
import { compactView, type CompactGroup } from '@/features/canvas/layout/compact-groups';
import { compactLayered, compactRanks, csr, type IndexEdges } from '@/features/canvas/layout/compact-layered';
import { compactStabilise, type Spots } from '@/features/canvas/layout/compact-stabilise';
import type { IndexedGraph } from '@/features/canvas/layout/graph-index';
import { FAST_LAYOUT_ABOVE, INCREMENTAL_MAX_NEW, MIN_REUSE_SHARE } from '@/features/canvas/layout/layout-graph';
import { NODE_HEIGHT, NODE_WIDTH, type LayoutDirection } from '@/features/canvas/layout/layout-types';
import { dagrePositions, SHELF_GAP } from '@/features/canvas/layout/place-nodes';
import { wavePositions, type Waves } from '@/features/canvas/layout/wave-positions';

export type CompactLayout = Readonly<{
  /** View node ids: a step's id, or `group:<key>` for a collapsed group. */
  viewIds: string[];
  /** View index → index into `groups`, or -1 for a step. */
  groupAt: Int32Array;
  groups: CompactGroup[];
  /** Top-left corners by view index. */
  x: Float64Array;
  y: Float64Array;
  /** Layer by view index; -1 for the steps no edge touches (laid out by run time). */
  rank: Int32Array;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  looseCount: number;
}>;

/** The previous answer's spots, by view id (known nodes keep them). */
export type PreviousLayout = Pick<CompactLayout, 'viewIds' | 'x' | 'y' | 'rank'>;

export type CompactInput = Readonly<{
  graph: IndexedGraph;
  overrides: Readonly<Record<string, boolean>>;
  direction: LayoutDirection;
  /** Undefined: lay out afresh (grouping or direction changed, or the first layout). */
  previous: PreviousLayout | undefined;
  waves: Waves;
}>;

export function compactLayout({ graph, overrides, direction, previous, waves }: CompactInput): CompactLayout {
  const view = compactView(graph, overrides);
  const count = view.viewIds.length;
  const edges: IndexEdges = { count, edgeFrom: view.edgeFrom, edgeTo: view.edgeTo };
  const linked = new Uint8Array(count);
  for (let e = 0; e < edges.edgeFrom.length; e++) linked[edges.edgeFrom[e]!] = linked[edges.edgeTo[e]!] = 1;
  const connected: number[] = [];
  const loose: number[] = [];
  for (let v = 0; v < count; v++) (linked[v] ? connected : loose).push(v);
  const order = Int32Array.from(connected);
  const rank = compactRanks(order, csr(edges, true), count);
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  placeConnected({ order, edges, rank, direction, viewIds: view.viewIds, previous }, x, y);
  const origin = shelfOrigin(order, x, y, direction);
  const looseIds = loose.map((v) => view.viewIds[v]!);
  const shelf = wavePositions(looseIds, viewWaves(waves, graph, view), origin, direction);
  for (const v of loose) {
    const at = shelf[view.viewIds[v]!];
    x[v] = at?.x ?? 0;
    y[v] = at?.y ?? 0;
    rank[v] = -1;
  }
  return { viewIds: view.viewIds, groupAt: view.groupAt, groups: view.groups, x, y, rank, edgeFrom: edges.edgeFrom, edgeTo: edges.edgeTo, looseCount: loose.length };
}

type Connected = Readonly<{ order: Int32Array; edges: IndexEdges; rank: Int32Array; direction: LayoutDirection; viewIds: readonly string[]; previous: PreviousLayout | undefined }>;

function placeConnected({ order, edges, rank, direction, viewIds, previous }: Connected, x: Float64Array, y: Float64Array): void {
  const { spots: before, rank: beforeRank } = previousSpots(viewIds, previous);
  let reusable = 0;
  for (const v of order) if (before.known[v] && beforeRank[v] === rank[v]) reusable++;
  const reuse = order.length > 0 && reusable / order.length >= MIN_REUSE_SHARE;
  const incremental = reuse && order.length - reusable <= INCREMENTAL_MAX_NEW;
  const fresh = incremental ? undefined : freshSpots(order, edges, rank, direction, viewIds);
  const none: Spots = { x, y, known: new Uint8Array(edges.count) };
  compactStabilise({ order, edges, rank, fresh, previous: reuse ? before : none, previousRank: beforeRank, direction }, x, y);
}

function freshSpots(order: Int32Array, edges: IndexEdges, rank: Int32Array, direction: LayoutDirection, viewIds: readonly string[]): Spots {
  const spots: Spots = { x: new Float64Array(edges.count), y: new Float64Array(edges.count), known: new Uint8Array(edges.count) };
  if (order.length > FAST_LAYOUT_ABOVE) compactLayered(order, edges, rank, direction, spots.x, spots.y);
  else {
    // Few connected nodes (most of the graph collapsed into groups): dagre's nicer picture, as layoutGraph draws them.
    const ids = Array.from(order, (v) => viewIds[v]!);
    const pairs = Array.from(edges.edgeFrom, (s, e) => ({ source: viewIds[s]!, target: viewIds[edges.edgeTo[e]!]!, watchIds: [] }));
    const at = dagrePositions(ids, pairs, direction);
    for (const v of order) [spots.x[v], spots.y[v]] = [at.get(viewIds[v]!)?.x ?? 0, at.get(viewIds[v]!)?.y ?? 0];
  }
  for (const v of order) spots.known[v] = 1;
  return spots;
}

/** The previous answer's spots moved onto this answer's view indices. */
function previousSpots(viewIds: readonly string[], previous: PreviousLayout | undefined) {
  const n = viewIds.length;
  const spots = { x: new Float64Array(n), y: new Float64Array(n), known: new Uint8Array(n) };
  const rank = new Int32Array(n).fill(-1);
  if (!previous) return { spots, rank };
  const was = new Map<string, number>();
  previous.viewIds.forEach((id, i) => was.set(id, i));
  viewIds.forEach((id, v) => {
    const i = was.get(id);
    if (i === undefined) return;
    spots.x[v] = previous.x[i]!;
    spots.y[v] = previous.y[i]!;
    spots.known[v] = 1;
    rank[v] = previous.rank[i]!;
  });
  return { spots, rank };
}

/** Below (LR) / right of (TB) the connected nodes, as shelfOrigin in place-nodes.ts. */
function shelfOrigin(order: Int32Array, x: Float64Array, y: Float64Array, direction: LayoutDirection) {
  if (order.length === 0) return { x: 0, y: 0 };
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const v of order) {
    minX = Math.min(minX, x[v]!);
    minY = Math.min(minY, y[v]!);
    maxX = Math.max(maxX, x[v]! + NODE_WIDTH);
    maxY = Math.max(maxY, y[v]! + NODE_HEIGHT);
  }
  return direction === 'LR' ? { x: minX, y: maxY + SHELF_GAP } : { x: maxX + SHELF_GAP, y: minY };
}

/** Waves name steps; a collapsed group stands in its first member's wave. */
function viewWaves(waves: Waves, graph: IndexedGraph, view: ReturnType<typeof compactView>): Waves {
  if (view.groups.every((g) => !g.collapsed)) return waves;
  const viewIdOf = new Map<string, string>();
  for (const g of view.groups) if (g.collapsed) for (const m of g.members) viewIdOf.set(graph.ids[m] ?? '', view.viewIds[view.viewOf[m]!]!);
  const seen = new Set<string>();
  return waves.map((wave) =>
    wave.flatMap((id) => {
      const viewId = viewIdOf.get(id) ?? id;
      if (seen.has(viewId)) return [];
      seen.add(viewId);
      return [viewId];
    }),
  );
}
