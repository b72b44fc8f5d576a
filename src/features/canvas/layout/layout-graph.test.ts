import { describe, expect, it } from 'vitest';

import type { GraphEdge, GraphNode } from '@/protocol/run-event';
import type { GraphState } from '@/stores/run-types';

import { groupNodeId } from '@/features/canvas/layout/group-graph';
import { layoutGraph } from '@/features/canvas/layout/layout-graph';
import { NODE_HEIGHT, NODE_WIDTH, type CanvasNode, type LayoutResult } from '@/features/canvas/layout/layout-types';

function makeGraph(nodes: (string | GraphNode)[], edges: [string, string][], version = 1): GraphState {
  const list = nodes.map((n) => (typeof n === 'string' ? { id: n, label: n } : n));
  return {
    nodes: Object.fromEntries(list.map((n) => [n.id, n])),
    order: list.map((n) => n.id),
    edges: edges.map(([source, target]): GraphEdge => ({ source, target })),
    version,
  };
}

const layout = (graph: GraphState, previous: LayoutResult['positions'] = {}, groupOverrides: Record<string, boolean> = {}) =>
  layoutGraph({ graph, previous, groupOverrides });

const byId = (result: LayoutResult) => new Map<string, CanvasNode>(result.nodes.map((n) => [n.id, n]));

function overlaps(a: CanvasNode, b: CanvasNode): boolean {
  return Math.abs(a.position.x - b.position.x) < NODE_WIDTH && Math.abs(a.position.y - b.position.y) < NODE_HEIGHT;
}

function expectNoOverlap(result: LayoutResult) {
  for (const a of result.nodes) for (const b of result.nodes) if (a !== b) expect(overlaps(a, b), `${a.id} overlaps ${b.id}`).toBe(false);
}

describe('layoutGraph', () => {
  it('puts every node on the canvas once, left to right along its edges', () => {
    const result = layout(makeGraph(['a', 'b', 'c'], [['a', 'b'], ['b', 'c']]));
    expect(result.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(result.edges.map((e) => [e.source, e.target, e.type])).toEqual([['a', 'b', 'status'], ['b', 'c', 'status']]);
    const nodes = byId(result);
    expect(nodes.get('a')!.position.x).toBeLessThan(nodes.get('b')!.position.x);
    expect(nodes.get('b')!.position.x).toBeLessThan(nodes.get('c')!.position.x);
    expect(result.nodes.every((n) => n.data.noDeps === false)).toBe(true);
    expect(result.version).toBe(1);
  });

  it('shelves nodes with no known edges below the graph, marked and without invented edges', () => {
    const result = layout(makeGraph(['a', 'b', 'lonely', 'other'], [['a', 'b']]));
    const nodes = byId(result);
    expect(result.edges).toHaveLength(1);
    expect(nodes.get('lonely')!.data.noDeps).toBe(true);
    expect(nodes.get('other')!.data.noDeps).toBe(true);
    const graphBottom = Math.max(nodes.get('a')!.position.y, nodes.get('b')!.position.y) + NODE_HEIGHT;
    expect(nodes.get('lonely')!.position.y).toBeGreaterThan(graphBottom);
    expect(result.positions.lonely?.rank).toBe(-1);
    expectNoOverlap(result);
  });

  it('lays out a graph of only edge-less nodes without overlap, unmarked (the canvas says it once)', () => {
    const result = layout(makeGraph(['a', 'b', 'c', 'd', 'e', 'f'], []));
    expect(result.nodes).toHaveLength(6);
    expect(result.looseCount).toBe(6);
    expect(result.nodes.some((n) => n.data.noDeps)).toBe(false);
    expectNoOverlap(result);
  });

  it('lays edge-less steps out by the waves they ran in', () => {
    const graph = makeGraph(['plan', 'r1', 'r2', 'r3', 'write'], []);
    const result = layoutGraph({ graph, previous: {}, groupOverrides: {}, waves: [['plan'], ['r1', 'r2', 'r3'], ['write']] });
    const at = byId(result);
    expect(new Set(['r1', 'r2', 'r3'].map((id) => at.get(id)!.position.x)).size).toBe(1);
    expect(at.get('plan')!.position.x).toBeLessThan(at.get('r1')!.position.x);
    expect(at.get('write')!.position.x).toBeGreaterThan(at.get('r1')!.position.x);
    expectNoOverlap(result);
  });

  it('keeps known nodes where they were when a step is added', () => {
    const first = layout(makeGraph(['a', 'b', 'c'], [['a', 'b'], ['a', 'c']], 1));
    const second = layout(makeGraph(['a', 'b', 'c', 'd'], [['a', 'b'], ['a', 'c'], ['a', 'd']], 2), first.positions);
    const before = byId(first);
    const after = byId(second);
    for (const id of ['a', 'b', 'c']) expect(after.get(id)!.position).toEqual(before.get(id)!.position);
    expect(after.get('d')!.position.x).toBe(after.get('b')!.position.x); // same layer, same column
    expectNoOverlap(second);
  });

  it('keeps shelf spots and moves a shelved node once it gains an edge', () => {
    const first = layout(makeGraph(['a', 'b', 'x'], [['a', 'b']], 1));
    const second = layout(makeGraph(['a', 'b', 'x', 'y'], [['a', 'b']], 2), first.positions);
    expect(byId(second).get('x')!.position).toEqual(byId(first).get('x')!.position);
    const third = layout(makeGraph(['a', 'b', 'x', 'y'], [['a', 'b'], ['b', 'x']], 3), second.positions);
    expect(byId(third).get('x')!.data.noDeps).toBe(false);
    expect(third.positions.x?.rank).toBe(2);
    expectNoOverlap(third);
  });

  it('returns the same layout for the same input (pure, so worker and main thread agree)', () => {
    const graph = makeGraph(['a', 'b', 'c', 'd'], [['a', 'b'], ['b', 'c'], ['a', 'd']]);
    expect(layout(graph)).toEqual(layout(graph));
  });

  it('survives a cycle', () => {
    const result = layout(makeGraph(['a', 'b', 'c'], [['a', 'b'], ['b', 'c'], ['c', 'a']]));
    expect(result.nodes).toHaveLength(3);
    expectNoOverlap(result);
  });
});

describe('grouping', () => {
  const fanOut = (n: number) => {
    const branches = Array.from({ length: n }, (_, i) => `m${i}`);
    const edges: [string, string][] = branches.flatMap((b): [string, string][] => [['split', b], [b, 'join']]);
    return makeGraph(['split', ...branches.map((id) => ({ id, label: `summarise chunk ${id.slice(1)}` })), 'join'], edges);
  };

  it('collapses six or more siblings with one parent and one child into one group node', () => {
    const result = layout(fanOut(8));
    const groupId = result.nodes.find((n) => n.type === 'runGroup')!.id;
    expect(result.nodes.map((n) => n.id)).toEqual(['split', groupId, 'join']);
    expect(result.edges.map((e) => `${e.source}>${e.target}`)).toEqual([`split>${groupId}`, `${groupId}>join`]);
    const group = result.nodes[1]!;
    expect(group.type === 'runGroup' && group.data.memberIds).toHaveLength(8);
    expect(group.data.label).toBe('summarise chunk');
    expect(result.edges[0]!.data!.watchIds).toHaveLength(8);
    expect(result.groups[0]!.collapsed).toBe(true);
  });

  it('leaves five siblings alone', () => {
    const result = layout(fanOut(5));
    expect(result.nodes.some((n) => n.type === 'runGroup')).toBe(false);
    expect(result.groups).toHaveLength(0);
  });

  it('expands a group the person opened and collapses it again', () => {
    const graph = fanOut(7);
    const key = layout(graph).groups[0]!.key;
    const open = layout(graph, {}, { [key]: true });
    expect(open.nodes).toHaveLength(9);
    expect(open.groups[0]!.collapsed).toBe(false);
    expect(layout(graph, {}, { [key]: false }).nodes).toHaveLength(3);
  });

  it('groups explicit `group` members and collapses them only above five', () => {
    const small = makeGraph([{ id: 'x1', label: 'x1', group: 'search' }, { id: 'x2', label: 'x2', group: 'search' }, 'y'], [['y', 'x1']]);
    const smallResult = layout(small);
    expect(smallResult.groups).toEqual([{ key: 'g:search', label: 'search', memberIds: ['x1', 'x2'], collapsed: false }]);
    expect(smallResult.nodes).toHaveLength(3);
    const members = Array.from({ length: 6 }, (_, i) => ({ id: `s${i}`, label: `s${i}`, group: 'search' }));
    const big = layout(makeGraph([...members, 'y'], [['y', 's0']]));
    expect(big.nodes.map((n) => n.id)).toEqual([groupNodeId('g:search'), 'y']);
    // The member edge now leaves from the group, never from an invented node.
    expect(big.edges.map((e) => `${e.source}>${e.target}`)).toEqual([`y>${groupNodeId('g:search')}`]);
  });

  it('collapses more aggressively above 500 nodes', () => {
    const nodes: string[] = [];
    const edges: [string, string][] = [];
    for (let p = 0; p < 130; p++) {
      nodes.push(`p${p}`);
      for (let c = 0; c < 3; c++) {
        nodes.push(`p${p}c${c}`);
        edges.push([`p${p}`, `p${p}c${c}`]);
      }
    }
    const result = layout(makeGraph(nodes, edges));
    expect(result.groups).toHaveLength(130);
    expect(result.groups.every((g) => g.collapsed)).toBe(true);
    expect(result.nodes).toHaveLength(260);
  });
});
