/**
 * Layers and the layered layout of layered-positions.ts, on view indices and typed arrays
 * (the string-keyed version stays for reading and for its tests; this one must give the
 * same positions: compact-layout.test.ts). For 50,000 nodes the Map-based passes spent
 * most of their time hashing strings and collecting garbage.
 */
import { columnCapacity, LAYER_GAP, ROW_GAP } from '@/features/canvas/layout/layered-positions';
import { NODE_HEIGHT, NODE_WIDTH, type LayoutDirection } from '@/features/canvas/layout/layout-types';

/** Edges as index pairs over `count` nodes. */
export type IndexEdges = Readonly<{ count: number; edgeFrom: Int32Array; edgeTo: Int32Array }>;

/** Adjacency lists in compressed form: node v's entries are list[start[v] .. start[v + 1]). */
export type Csr = Readonly<{ start: Int32Array; list: Int32Array }>;

/** Lists per node, in edge order; `keep` filters edges. `byTarget`: a target's sources (its parents). */
export function csr({ count, edgeFrom, edgeTo }: IndexEdges, byTarget: boolean, keep: (e: number) => boolean = () => true): Csr {
  const owner = byTarget ? edgeTo : edgeFrom;
  const other = byTarget ? edgeFrom : edgeTo;
  const start = new Int32Array(count + 1);
  for (let e = 0; e < owner.length; e++) if (keep(e)) start[owner[e]! + 1]! += 1;
  for (let v = 0; v < count; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, count);
  const list = new Int32Array(start[count]!);
  for (let e = 0; e < owner.length; e++) if (keep(e)) list[fill[owner[e]!]!++] = other[e]!;
  return { start, list };
}

/**
 * Longest path from a source (computeRanks in place-nodes.ts, without recursion: a
 * 50,000-step chain would overflow the stack). A parent still being visited — a cycle —
 * does not push the layer. Visits `order` in turn, each node's parents in edge order.
 */
export function compactRanks(order: Int32Array, parents: Csr, count: number): Int32Array {
  const rank = new Int32Array(count);
  const state = new Uint8Array(count); // 0 new, 1 being visited, 2 done
  const cursor = new Int32Array(count);
  const stack = new Int32Array(count);
  for (const root of order) {
    if (state[root] !== 0) continue;
    let top = 0;
    stack[0] = root;
    state[root] = 1;
    cursor[root] = parents.start[root]!;
    while (top >= 0) {
      const v = stack[top]!;
      if (cursor[v]! < parents.start[v + 1]!) {
        const p = parents.list[cursor[v]!++]!;
        if (state[p] === 2) rank[v] = Math.max(rank[v]!, rank[p]! + 1);
        else if (state[p] === 0) {
          state[p] = 1;
          cursor[p] = parents.start[p]!;
          stack[++top] = p;
        }
        continue;
      }
      state[v] = 2;
      top -= 1;
      if (top >= 0) rank[stack[top]!] = Math.max(rank[stack[top]!]!, rank[v]! + 1);
    }
  }
  return rank;
}

/** layeredPositions over `order` (the connected view nodes, in known order): top-left corners into x, y. */
export function compactLayered(order: Int32Array, edges: IndexEdges, rank: Int32Array, direction: LayoutDirection, x: Float64Array, y: Float64Array): void {
  const down = (e: number) => rank[edges.edgeFrom[e]!]! < rank[edges.edgeTo[e]!]!;
  const parents = csr(edges, true, down);
  const children = csr(edges, false, down);
  const layers = toLayers(order, rank);
  const index = new Float64Array(edges.count);
  const reindex = (layer: Int32Array) => layer.forEach((v, i) => (index[v] = i));
  layers.forEach(reindex);
  for (let sweep = 0; sweep < 2; sweep++) {
    for (let r = 1; r < layers.length; r++) reindex(sortByBarycenter(layers, r, parents, index));
    for (let r = layers.length - 2; r >= 0; r--) reindex(sortByBarycenter(layers, r, children, index));
  }
  const across = direction === 'LR' ? NODE_HEIGHT + ROW_GAP : NODE_WIDTH + ROW_GAP;
  const along = direction === 'LR' ? NODE_WIDTH + LAYER_GAP : NODE_HEIGHT + LAYER_GAP;
  const capacity = columnCapacity(layers.map((layer) => layer.length), along, across, direction);
  const cross = new Float64Array(edges.count).fill(NaN);
  const put = (v: number, column: number, c: number) => {
    x[v] = direction === 'LR' ? column * along : c;
    y[v] = direction === 'LR' ? c : column * along;
  };
  let column = 0;
  for (const layer of layers) {
    if (layer.length <= capacity) {
      placeLayer(layer, parents, cross, across);
      for (const v of layer) put(v, column, cross[v]!);
      column += 1;
      continue;
    }
    // A layer longer than a column holds wraps into several columns, in its sorted order.
    layer.forEach((v, i) => {
      cross[v] = (i % capacity) * across;
      put(v, column + Math.floor(i / capacity), cross[v]);
    });
    column += Math.ceil(layer.length / capacity);
  }
}

function toLayers(order: Int32Array, rank: Int32Array): Int32Array[] {
  const sizes: number[] = [];
  for (const v of order) {
    const r = Math.max(0, rank[v]!);
    while (sizes.length <= r) sizes.push(0);
    sizes[r]! += 1;
  }
  const layers = sizes.map((size) => new Int32Array(size));
  const fill = sizes.map(() => 0);
  for (const v of order) {
    const r = Math.max(0, rank[v]!);
    layers[r]![fill[r]!++] = v;
  }
  return layers.filter((layer) => layer.length > 0);
}

/** Stable sort of layer `r` by the mean index of its neighbours; a node without any keeps its index. */
function sortByBarycenter(layers: Int32Array[], r: number, neighbours: Csr, index: Float64Array): Int32Array {
  const layer = layers[r]!;
  const key = new Float64Array(layer.length);
  const at = new Int32Array(layer.length);
  for (let i = 0; i < layer.length; i++) {
    const v = layer[i]!;
    const from = neighbours.start[v]!;
    const to = neighbours.start[v + 1]!;
    let sum = 0;
    for (let k = from; k < to; k++) sum += index[neighbours.list[k]!]!;
    key[i] = to > from ? sum / (to - from) : i;
    at[i] = i;
  }
  // Ties keep their order (the position breaks them), as a stable sort of the layer would.
  at.sort((a, b) => key[a]! - key[b]! || a - b);
  const sorted = at.map((i) => layer[i]!);
  layers[r] = sorted;
  return sorted;
}

/** Each node wants its parents' mean position; one pass keeps the gap, then the layer is re-centred. */
function placeLayer(layer: Int32Array, parents: Csr, cross: Float64Array, step: number): void {
  const placed = new Float64Array(layer.length);
  let shift = 0;
  for (let i = 0; i < layer.length; i++) {
    const v = layer[i]!;
    let sum = 0;
    let known = 0;
    for (let k = parents.start[v]!; k < parents.start[v + 1]!; k++) {
      const c = cross[parents.list[k]!]!;
      if (!Number.isNaN(c)) {
        sum += c;
        known++;
      }
    }
    const want = known > 0 ? sum / known : i * step;
    const at = i === 0 ? want : Math.max(want, placed[i - 1]! + step);
    placed[i] = at;
    shift += at - want;
  }
  shift = layer.length > 0 ? shift / layer.length : 0;
  for (let i = 0; i < layer.length; i++) cross[layer[i]!] = Math.round(placed[i]! - shift);
}
