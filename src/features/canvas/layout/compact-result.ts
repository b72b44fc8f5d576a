/**
 * A compact layout (compact-layout.ts) as the canvas' LayoutResult, on the main thread:
 * groups named from the graph's labels, and React Flow node / edge objects built one by
 * one when asked for (`flowNode`, `flowEdge`: React Flow shows the few dozen steps of the
 * zoomed-in window). `nodes`, `edges` and `positions` exist for callers that want them all
 * — a small graph's — and are built on first read only.
 */
import type { GraphState } from '@/stores/run-types';

import type { CompactLayout } from '@/features/canvas/layout/compact-layout';
import { siblingLabel, type ViewNode } from '@/features/canvas/layout/group-graph';
import type { IndexedGraph } from '@/features/canvas/layout/graph-index';
import { toFlowEdge, toFlowNode } from '@/features/canvas/layout/layout-graph';
import type { CanvasEdge, CanvasNode, GroupInfo, LayoutDirection, LayoutResult, PlacedPosition } from '@/features/canvas/layout/layout-types';

export function compactResult(layout: CompactLayout, indexed: IndexedGraph, graph: GraphState, direction: LayoutDirection): LayoutResult {
  const groups: GroupInfo[] = layout.groups.map((g) => {
    const memberIds = g.members.map((i) => indexed.ids[i] ?? '');
    const label = g.explicit ?? siblingLabel(memberIds, graph, g.parent);
    return { key: g.key, label, memberIds, collapsed: g.collapsed };
  });
  const count = layout.viewIds.length;
  const indexOf = new Map<string, number>();
  layout.viewIds.forEach((id, v) => indexOf.set(id, v));
  const mixed = layout.looseCount < count;
  const viewNode = (v: number): ViewNode => {
    const id = layout.viewIds[v] ?? '';
    const g = groups[layout.groupAt[v] ?? -1];
    return g ? { id, type: 'group', group: g } : { id, type: 'run', node: graph.nodes[id] ?? { id, label: id } };
  };
  const at = (v: number): PlacedPosition => ({ x: layout.x[v] ?? 0, y: layout.y[v] ?? 0, rank: layout.rank[v] ?? -1 });
  // Built once per step and kept: React Flow sees the same object each time the window passes over it.
  const madeNodes = new Map<number, CanvasNode>();
  const madeEdges = new Map<number, CanvasEdge>();
  const flowNode = (v: number) => madeNodes.get(v) ?? set(madeNodes, v, toFlowNode(viewNode(v), at(v), mixed && layout.rank[v] === -1, direction));
  const flowEdge = (e: number) => madeEdges.get(e) ?? set(madeEdges, e, makeEdge(e));
  const makeEdge = (e: number) => {
    const source = layout.viewIds[layout.edgeFrom[e] ?? -1] ?? '';
    const t = layout.edgeTo[e] ?? -1;
    const target = layout.viewIds[t] ?? '';
    return toFlowEdge({ source, target, watchIds: groups[layout.groupAt[t] ?? -1]?.memberIds ?? [target] });
  };
  const labels = layout.viewIds.map((id, v) => groups[layout.groupAt[v] ?? -1]?.label ?? graph.nodes[id]?.label ?? id);
  let nodes: CanvasNode[] | undefined;
  let edges: CanvasEdge[] | undefined;
  let positions: Record<string, PlacedPosition> | undefined;
  return {
    get nodes() {
      return (nodes ??= Array.from({ length: count }, (_, v) => flowNode(v)));
    },
    get edges() {
      return (edges ??= Array.from({ length: layout.edgeFrom.length }, (_, e) => flowEdge(e)));
    },
    get positions() {
      return (positions ??= Object.fromEntries(layout.viewIds.map((id, v) => [id, at(v)])));
    },
    groups,
    version: graph.version,
    looseCount: layout.looseCount,
    compact: { layout, indexOf, labels, flowNode, flowEdge },
  };
}

/** How many canvas nodes a layout has, without building a big one's node objects. */
export const layoutSize = (layout: LayoutResult): number => layout.compact?.layout.viewIds.length ?? layout.nodes.length;

/** Where a canvas node was put (undefined: not on the canvas), without building a big layout's positions. */
export function positionOf(layout: LayoutResult, id: string): PlacedPosition | undefined {
  if (!layout.compact) return layout.positions[id];
  const v = layout.compact.indexOf.get(id);
  const { x, y, rank } = layout.compact.layout;
  return v === undefined ? undefined : { x: x[v] ?? 0, y: y[v] ?? 0, rank: rank[v] ?? -1 };
}

function set<K, V>(map: Map<K, V>, key: K, value: V): V {
  map.set(key, value);
  return value;
}
