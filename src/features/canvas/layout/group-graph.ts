/**
 * Grouping: which parallel fan-outs collapse into one canvas box. Pure.
 *
 * A group is either
 *  - explicit: nodes sharing `GraphNode.group` (two or more), or
 *  - implicit: ≥ 6 ungrouped siblings with the same single parent and the same single
 *    child (or no child at all: a fan-out that never joins), i.e. a map step's branches.
 * A group is collapsed by default when it has more than 5 members; in graphs of more than
 * 500 nodes, siblings group from 3 and collapse from 3, so the canvas stays readable and
 * cheap. A person's toggle (`overrides`) always wins over the default.
 * Guarded by layout-graph.test.ts ("grouping").
 */
import type { GraphEdge, GraphNode } from '@/protocol/run-event';
import type { GraphState } from '@/stores/run-types';

import { GROUP_ID_PREFIX, type GroupInfo } from '@/features/canvas/layout/layout-types';

export const GROUPING = {
  minSiblings: 6,
  collapseAbove: 5,
  bigGraphAbove: 500,
  bigMinSiblings: 3,
  bigCollapseAbove: 2,
} as const;

export type ViewNode =
  | Readonly<{ id: string; type: 'run'; node: GraphNode }>
  | Readonly<{ id: string; type: 'group'; group: GroupInfo }>;

export type ViewEdge = Readonly<{ source: string; target: string; watchIds: readonly string[] }>;

export type ViewGraph = Readonly<{ nodes: ViewNode[]; edges: ViewEdge[]; groups: GroupInfo[] }>;

type Candidate = { key: string; label: string; memberIds: string[] };

export const groupNodeId = (key: string) => `${GROUP_ID_PREFIX}${key}`;

/** Finds every fan-out that may collapse, in the order its first member became known. */
export function findGroups(graph: GraphState): Candidate[] {
  const big = graph.order.length > GROUPING.bigGraphAbove;
  const minSiblings = big ? GROUPING.bigMinSiblings : GROUPING.minSiblings;
  const { parents, children } = adjacency(graph.edges);
  const buckets = new Map<string, Candidate>();
  for (const id of graph.order) {
    const node = graph.nodes[id];
    if (!node) continue;
    const key = node.group !== undefined ? `g:${node.group}` : siblingKey(id, parents, children);
    if (key === undefined) continue;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { key, label: node.group ?? '', memberIds: [] };
      buckets.set(key, bucket);
    }
    bucket.memberIds.push(id);
  }
  const groups: Candidate[] = [];
  for (const bucket of buckets.values()) {
    const explicit = bucket.key.startsWith('g:');
    if (bucket.memberIds.length < (explicit ? 2 : minSiblings)) continue;
    if (!explicit) bucket.label = siblingLabel(bucket.memberIds, graph, [...(parents.get(bucket.memberIds[0] ?? '') ?? [])][0]);
    groups.push(bucket);
  }
  return groups;
}

/** Replaces the members of collapsed groups by one group node and rewires their edges. */
export function groupGraph(graph: GraphState, overrides: Readonly<Record<string, boolean>>): ViewGraph {
  const big = graph.order.length > GROUPING.bigGraphAbove;
  const collapseAbove = big ? GROUPING.bigCollapseAbove : GROUPING.collapseAbove;
  const groups: GroupInfo[] = findGroups(graph).map((c) => {
    const override = overrides[c.key];
    return { ...c, collapsed: override === undefined ? c.memberIds.length > collapseAbove : !override };
  });
  const viewOf = new Map<string, string>();
  const groupByView = new Map<string, GroupInfo>();
  for (const group of groups) {
    if (!group.collapsed) continue;
    const viewId = groupNodeId(group.key);
    groupByView.set(viewId, group);
    for (const id of group.memberIds) viewOf.set(id, viewId);
  }
  const nodes: ViewNode[] = [];
  const placed = new Set<string>();
  for (const id of graph.order) {
    const node = graph.nodes[id];
    if (!node) continue;
    const viewId = viewOf.get(id) ?? id;
    if (placed.has(viewId)) continue;
    placed.add(viewId);
    const group = groupByView.get(viewId);
    nodes.push(group ? { id: viewId, type: 'group', group } : { id, type: 'run', node });
  }
  return { nodes, edges: rewire(graph.edges, viewOf, groupByView, placed), groups };
}

function rewire(
  edges: readonly GraphEdge[],
  viewOf: ReadonlyMap<string, string>,
  groupByView: ReadonlyMap<string, GroupInfo>,
  placed: ReadonlySet<string>,
): ViewEdge[] {
  const out: ViewEdge[] = [];
  const seen = new Set<string>();
  for (const edge of edges) {
    const source = viewOf.get(edge.source) ?? edge.source;
    const target = viewOf.get(edge.target) ?? edge.target;
    if (source === target || !placed.has(source) || !placed.has(target)) continue;
    const key = `${source}\u0000${target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ source, target, watchIds: groupByView.get(target)?.memberIds ?? [target] });
  }
  return out;
}

type Adjacency = { parents: Map<string, Set<string>>; children: Map<string, Set<string>> };

function adjacency(edges: readonly GraphEdge[]): Adjacency {
  const parents = new Map<string, Set<string>>();
  const children = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, value: string) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(value);
  };
  for (const edge of edges) {
    if (edge.source === edge.target) continue;
    add(parents, edge.target, edge.source);
    add(children, edge.source, edge.target);
  }
  return { parents, children };
}

function siblingKey(id: string, parents: Adjacency['parents'], children: Adjacency['children']): string | undefined {
  const ins = parents.get(id);
  const outs = children.get(id);
  if (!ins || ins.size !== 1 || (outs && outs.size > 1)) return undefined;
  const [parent] = ins;
  const child = outs ? [...outs][0] : '';
  return `s:${parent}\u0000${child}`;
}

/** "summarise chunk" from "summarise chunk 1", "summarise chunk 2"…; else "after <parent>". */
export function siblingLabel(memberIds: readonly string[], graph: GraphState, parent: string | undefined): string {
  const labels = memberIds.map((id) => graph.nodes[id]?.label ?? id);
  let prefix = labels[0] ?? '';
  for (const label of labels) {
    let i = 0;
    while (i < prefix.length && i < label.length && prefix[i] === label[i]) i++;
    prefix = prefix.slice(0, i);
  }
  prefix = prefix.replace(/[\s\-_#:.[(0-9]+$/, '');
  if (prefix.length >= 3) return prefix;
  return `after ${graph.nodes[parent ?? '']?.label ?? parent ?? 'start'}`;
}
