/**
 * A fast layered layout for big graphs, used instead of dagre above
 * FAST_LAYOUT_ABOVE nodes (layout-graph.ts). Pure; guarded by layered-positions.test.ts.
 *
 * Why not dagre there: dagre's network-simplex ranking and crossing minimisation grow
 * much faster than linearly (measured in the browser: 2,000 nodes / 3,000 edges took
 * > 60 s in the layout worker). This is the classic Sugiyama skeleton cut down to what
 * stays O(V + E) per pass:
 *  1. layers: the longest path from a source (the ranks the caller already has);
 *  2. order inside a layer: the order nodes became known, then two barycenter sweeps
 *     (down by parents, up by children), each a stable sort of one layer at a time;
 *  3. coordinates: each node wants the mean cross-axis position of its parents, and a
 *     single pass down the layer pushes nodes apart to keep the gap (then the layer is
 *     shifted so, on average, nodes sit where they wanted).
 *  4. wrapping: a layer far longer than the others wraps into several columns
 *     (columnCapacity), so a 10,000-node graph zoomed out to fit is a readable field,
 *     not a one-pixel-wide needle.
 * Dummy nodes for long edges are skipped: edges may cross a node box on big graphs, a
 * price paid for staying linear. Small graphs keep dagre's nicer picture.
 */
import { NODE_HEIGHT, NODE_WIDTH, type LayoutDirection } from '@/features/canvas/layout/layout-types';

import type { ViewEdge } from '@/features/canvas/layout/group-graph';

type Box = { x: number; y: number };

export const LAYER_GAP = 72;
export const ROW_GAP = 28;
const SWEEPS = 2;
/** Width : height of the picture long layers wrap towards (the canvas panel is about 2 : 1). */
export const TARGET_ASPECT = 2;

export function layeredPositions(
  ids: readonly string[],
  edges: readonly ViewEdge[],
  ranks: ReadonlyMap<string, number>,
  direction: LayoutDirection,
): Map<string, Box> {
  const { parents, children } = adjacency(ids, edges, ranks);
  const layers = toLayers(ids, ranks);
  const index = new Map<string, number>();
  const reindex = (layer: readonly string[]) => layer.forEach((id, i) => index.set(id, i));
  layers.forEach(reindex);
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    for (let r = 1; r < layers.length; r++) reindex(sortByBarycenter(layers, r, parents, index));
    for (let r = layers.length - 2; r >= 0; r--) reindex(sortByBarycenter(layers, r, children, index));
  }
  const across = direction === 'LR' ? NODE_HEIGHT + ROW_GAP : NODE_WIDTH + ROW_GAP;
  const along = direction === 'LR' ? NODE_WIDTH + LAYER_GAP : NODE_HEIGHT + LAYER_GAP;
  const capacity = columnCapacity(layers.map((layer) => layer.length), along, across, direction);
  const cross = new Map<string, number>();
  const out = new Map<string, Box>();
  const put = (id: string, column: number, c: number) => out.set(id, direction === 'LR' ? { x: column * along, y: c } : { x: c, y: column * along });
  let column = 0;
  for (const layer of layers) {
    if (layer.length <= capacity) {
      placeLayer(layer, parents, cross, across);
      for (const id of layer) put(id, column, cross.get(id) ?? 0);
      column += 1;
      continue;
    }
    // A layer longer than a column holds wraps into several columns, in its sorted order.
    layer.forEach((id, i) => {
      const c = (i % capacity) * across;
      cross.set(id, c);
      put(id, column + Math.floor(i / capacity), c);
    });
    column += Math.ceil(layer.length / capacity);
  }
  return out;
}

/**
 * How many nodes one column may hold. A big DAG's widest layer can hold thousands of
 * nodes (benchmark 4's 10,000-node graph: 4,096), which as one column makes a picture
 * a hundred times taller than wide: zoomed out to fit, every node is under a pixel. Only
 * when the picture is that lopsided (under a quarter of TARGET_ASPECT) do long layers wrap,
 * and then into the tallest columns that keep it about TARGET_ASPECT times as long along
 * the layers as across them — the shape of the canvas panel.
 */
export function columnCapacity(sizes: readonly number[], alongPitch: number, acrossPitch: number, direction: LayoutDirection): number {
  const largest = sizes.reduce((m, n) => Math.max(m, n), 0);
  const target = direction === 'LR' ? TARGET_ASPECT : 1 / TARGET_ASPECT;
  const ratio = (cap: number) => (sizes.reduce((sum, n) => sum + Math.ceil(n / cap), 0) * alongPitch) / (Math.min(cap, largest) * acrossPitch);
  if (largest <= 1 || ratio(largest) >= target / 4) return Math.max(1, largest);
  // ratio falls as cap grows: the largest cap whose ratio still reaches the target.
  let lo = 1;
  let hi = largest;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ratio(mid) >= target) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Only edges that go down the layers count for ordering (back edges of a cycle do not). */
function adjacency(ids: readonly string[], edges: readonly ViewEdge[], ranks: ReadonlyMap<string, number>) {
  const parents = new Map<string, string[]>();
  const children = new Map<string, string[]>();
  for (const id of ids) {
    parents.set(id, []);
    children.set(id, []);
  }
  for (const e of edges) {
    const rs = ranks.get(e.source);
    const rt = ranks.get(e.target);
    if (rs === undefined || rt === undefined || rs >= rt) continue;
    parents.get(e.target)?.push(e.source);
    children.get(e.source)?.push(e.target);
  }
  return { parents, children };
}

function toLayers(ids: readonly string[], ranks: ReadonlyMap<string, number>): string[][] {
  const layers: string[][] = [];
  for (const id of ids) {
    const r = Math.max(0, ranks.get(id) ?? 0);
    while (layers.length <= r) layers.push([]);
    layers[r]?.push(id);
  }
  return layers.filter((layer) => layer.length > 0);
}

/** Stable sort of layer `r` by the mean index of its neighbours; a node without any keeps its index. */
function sortByBarycenter(layers: string[][], r: number, neighbours: ReadonlyMap<string, readonly string[]>, index: ReadonlyMap<string, number>): string[] {
  const layer = layers[r] ?? [];
  const keys = new Map<string, number>();
  layer.forEach((id, i) => {
    const list = neighbours.get(id) ?? [];
    let sum = 0;
    for (const n of list) sum += index.get(n) ?? 0;
    keys.set(id, list.length > 0 ? sum / list.length : i);
  });
  const sorted = [...layer].sort((a, b) => (keys.get(a) ?? 0) - (keys.get(b) ?? 0));
  layers[r] = sorted;
  return sorted;
}

/** Each node wants its parents' mean position; one pass keeps the gap, then the layer is re-centred. */
function placeLayer(layer: readonly string[], parents: ReadonlyMap<string, readonly string[]>, cross: Map<string, number>, step: number): void {
  const wanted: number[] = layer.map((id, i) => {
    const list = parents.get(id) ?? [];
    let sum = 0;
    let known = 0;
    for (const p of list) {
      const c = cross.get(p);
      if (c !== undefined) {
        sum += c;
        known++;
      }
    }
    return known > 0 ? sum / known : i * step;
  });
  const placed: number[] = [];
  let shift = 0;
  for (let i = 0; i < layer.length; i++) {
    const want = wanted[i] ?? 0;
    const prev = placed[i - 1];
    const at = prev === undefined ? want : Math.max(want, prev + step);
    placed.push(at);
    shift += at - want;
  }
  shift = layer.length > 0 ? shift / layer.length : 0;
  layer.forEach((id, i) => cross.set(id, Math.round((placed[i] ?? 0) - shift)));
}
