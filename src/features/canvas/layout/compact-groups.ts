/**
 * Grouping for big graphs, in index space: the same rule as group-graph.ts (which stays the
 * reference for small graphs), on integer arrays instead of string-keyed Maps and Sets, so
 * 50,000 nodes group in milliseconds rather than most of a second. Pure; compact-layout.test.ts
 * holds it against groupGraph.
 */
import { GROUPING, groupNodeId } from '@/features/canvas/layout/group-graph';
import type { IndexedGraph } from '@/features/canvas/layout/graph-index';

/** A fan-out found, by graph indices; its label is filled in from the graph's labels by the caller. */
export type CompactGroup = Readonly<{
  key: string;
  /** The shared `group` name of an explicit group; undefined for siblings. */
  explicit: string | undefined;
  /** The siblings' one parent (to name the group after); undefined for an explicit group. */
  parent: string | undefined;
  members: number[];
  collapsed: boolean;
}>;

export type CompactView = Readonly<{
  /** View node ids in order: a step's id, or `group:<key>` for a collapsed group. */
  viewIds: string[];
  /** Graph index → view index. */
  viewOf: Int32Array;
  /** View index → index into `groups` of the collapsed group it stands for, or -1. */
  groupAt: Int32Array;
  /** View edges (deduplicated, no self loops), in the order of the graph's edges. */
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  groups: CompactGroup[];
}>;

/** Every fan-out that may collapse, in the order its first member became known (findGroups). */
export function findCompactGroups(graph: IndexedGraph): Omit<CompactGroup, 'collapsed'>[] {
  const n = graph.ids.length;
  const big = n > GROUPING.bigGraphAbove;
  const minSiblings = big ? GROUPING.bigMinSiblings : GROUPING.minSiblings;
  const { parent, child } = soleNeighbours(graph);
  const buckets = new Map<number | string, Omit<CompactGroup, 'collapsed'>>();
  for (let i = 0; i < n; i++) {
    const explicit = graph.groupOf?.[i];
    let key: number | string;
    if (explicit !== undefined) key = `g:${explicit}`;
    else if (parent[i]! >= 0 && child[i]! >= -1) key = parent[i]! * (n + 1) + (child[i]! + 1);
    else continue;
    const bucket = buckets.get(key);
    if (bucket) bucket.members.push(i);
    else if (typeof key === 'string') buckets.set(key, { key, explicit, parent: undefined, members: [i] });
    else buckets.set(key, { key: siblingKey(graph, parent[i]!, child[i]!), explicit, parent: graph.ids[parent[i]!], members: [i] });
  }
  return [...buckets.values()].filter((b) => b.members.length >= (b.explicit !== undefined ? 2 : minSiblings));
}

const siblingKey = (graph: IndexedGraph, parent: number, child: number) => `s:${graph.ids[parent] ?? ''}\u0000${child >= 0 ? (graph.ids[child] ?? '') : ''}`;

/**
 * Per node: its one parent (-1 none, -2 several) and its one child (-1 none, -2 several),
 * distinct neighbours counted (a repeated edge is one), self loops ignored.
 */
function soleNeighbours({ ids, edgeFrom, edgeTo }: IndexedGraph) {
  const parent = new Int32Array(ids.length).fill(-1);
  const child = new Int32Array(ids.length).fill(-1);
  const note = (list: Int32Array, at: number, other: number) => {
    const known = list[at]!;
    if (known === -1) list[at] = other;
    else if (known !== other) list[at] = -2;
  };
  for (let e = 0; e < edgeFrom.length; e++) {
    const s = edgeFrom[e]!;
    const t = edgeTo[e]!;
    if (s === t) continue;
    note(parent, t, s);
    note(child, s, t);
  }
  return { parent, child };
}

/** Collapsed groups become one view node each; edges are rewired onto view nodes (groupGraph). */
export function compactView(graph: IndexedGraph, overrides: Readonly<Record<string, boolean>>): CompactView {
  const n = graph.ids.length;
  const collapseAbove = n > GROUPING.bigGraphAbove ? GROUPING.bigCollapseAbove : GROUPING.collapseAbove;
  const groups: CompactGroup[] = findCompactGroups(graph).map((g) => {
    const override = overrides[g.key];
    return { ...g, collapsed: override === undefined ? g.members.length > collapseAbove : !override };
  });
  const groupOfNode = new Int32Array(n).fill(-1);
  groups.forEach((g, gi) => {
    if (g.collapsed) for (const m of g.members) groupOfNode[m] = gi;
  });
  const viewOf = new Int32Array(n);
  const viewOfGroup = new Int32Array(groups.length).fill(-1);
  const viewIds: string[] = [];
  const groupAt: number[] = [];
  for (let i = 0; i < n; i++) {
    const gi = groupOfNode[i]!;
    if (gi < 0) {
      viewOf[i] = viewIds.push(graph.ids[i] ?? '') - 1;
      groupAt.push(-1);
    } else if (viewOfGroup[gi]! >= 0) viewOf[i] = viewOfGroup[gi]!;
    else {
      viewOf[i] = viewOfGroup[gi] = viewIds.push(groupNodeId(groups[gi]!.key)) - 1;
      groupAt.push(gi);
    }
  }
  return { viewIds, viewOf, groupAt: Int32Array.from(groupAt), groups, ...rewire(graph, viewOf, viewIds.length) };
}

function rewire({ edgeFrom, edgeTo }: IndexedGraph, viewOf: Int32Array, count: number) {
  const from: number[] = [];
  const to: number[] = [];
  const seen = new Set<number>();
  for (let e = 0; e < edgeFrom.length; e++) {
    const s = viewOf[edgeFrom[e]!]!;
    const t = viewOf[edgeTo[e]!]!;
    const key = s * count + t;
    if (s === t || seen.has(key)) continue;
    seen.add(key);
    from.push(s);
    to.push(t);
  }
  return { edgeFrom: Int32Array.from(from), edgeTo: Int32Array.from(to) };
}
