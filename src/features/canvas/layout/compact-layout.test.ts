// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { GraphNode } from '@/protocol/run-event';
import type { GraphState } from '@/stores/run-types';

import { compactLayout, type PreviousLayout } from '@/features/canvas/layout/compact-layout';
import { compactResult, positionOf } from '@/features/canvas/layout/compact-result';
import { indexGraph } from '@/features/canvas/layout/graph-index';
import { layoutGraph } from '@/features/canvas/layout/layout-graph';
import type { LayoutDirection, LayoutResult } from '@/features/canvas/layout/layout-types';
import type { Waves } from '@/features/canvas/layout/wave-positions';
import { buildScene } from '@/features/canvas/overview/overview-scene';
import { useFlowArrays } from '@/features/canvas/canvas-view-hooks';

/**
 * A layered DAG like benchmark 4's (each step after one or two of the layer before),
 * plus fan-outs that group (ten map branches between `hub` and `join`), an explicit
 * group, a cycle and steps no edge touches.
 */
function bigGraph(size: number, version = 1): GraphState {
  const nodes: GraphNode[] = [];
  const edges: { source: string; target: string }[] = [];
  for (let i = 0; i < size; i++) {
    nodes.push({ id: `t${i}`, label: `Task ${i}` });
    if (i > 0) edges.push({ source: `t${Math.floor((i - 1) / 2)}`, target: `t${i}` });
    if (i % 2 === 0 && i > 2) edges.push({ source: `t${Math.floor((i - 3) / 2)}`, target: `t${i}` });
  }
  nodes.push({ id: 'hub', label: 'Hub' }, { id: 'join', label: 'Join' });
  edges.push({ source: 't3', target: 'hub' });
  for (let i = 0; i < 10; i++) {
    nodes.push({ id: `map${i}`, label: `summarise chunk ${i}` });
    edges.push({ source: 'hub', target: `map${i}` }, { source: `map${i}`, target: 'join' });
  }
  for (let i = 0; i < 4; i++) {
    nodes.push({ id: `g${i}`, label: `Grouped ${i}`, group: 'reviewers' });
    edges.push({ source: 'join', target: `g${i}` });
  }
  edges.push({ source: 't7', target: 't1' }, { source: 't7', target: 't7' }, { source: 'nowhere', target: 't2' });
  for (let i = 0; i < 5; i++) nodes.push({ id: `loose${i}`, label: `Loose ${i}` });
  return { nodes: Object.fromEntries(nodes.map((n) => [n.id, n])), order: nodes.map((n) => n.id), edges, version };
}

type Case = { graph: GraphState; overrides?: Record<string, boolean>; direction?: LayoutDirection; waves?: Waves };

function both({ graph, overrides = {}, direction = 'LR', waves = [] }: Case, before?: { reference: LayoutResult; compact: PreviousLayout }) {
  const reference = layoutGraph({ graph, previous: before?.reference.positions ?? {}, groupOverrides: overrides, direction, waves });
  const indexed = indexGraph(graph);
  const layout = compactLayout({ graph: indexed, overrides, direction, previous: before?.compact, waves });
  return { reference, compact: compactResult(layout, indexed, graph, direction), layout };
}

function expectSame(reference: LayoutResult, compact: LayoutResult) {
  expect(compact.nodes).toEqual(reference.nodes);
  expect(compact.edges).toEqual(reference.edges);
  expect(compact.positions).toEqual(reference.positions);
  expect(compact.groups).toEqual(reference.groups);
  expect(compact.looseCount).toBe(reference.looseCount);
}

describe('compactLayout', () => {
  it('places a big graph exactly as layoutGraph does: groups, layers, cycles, the shelf', () => {
    const { reference, compact } = both({ graph: bigGraph(700), waves: [['loose3', 'loose1'], ['g0']] });
    expect(reference.groups.some((g) => g.collapsed)).toBe(true);
    expect(reference.looseCount).toBe(5);
    expectSame(reference, compact);
  });

  it('agrees top to bottom, with a person\u2019s toggles, and below the fast-layout size (dagre)', () => {
    expectSame(...pair(both({ graph: bigGraph(700), direction: 'TB', overrides: { 'g:reviewers': true } })));
    expectSame(...pair(both({ graph: bigGraph(120) })));
  });

  it('keeps known nodes where they were as the graph grows, as layoutGraph does', () => {
    const first = both({ graph: bigGraph(600) });
    for (const size of [610, 900]) {
      const next = both({ graph: bigGraph(size, 2) }, { reference: first.reference, compact: first.layout });
      expectSame(next.reference, next.compact);
      expect(positionOf(next.compact, 't5')).toEqual(positionOf(first.compact, 't5'));
    }
  });

  it('gives the overview the same scene, and React Flow the same window, as the object layout', () => {
    const { reference, compact } = both({ graph: bigGraph(700) });
    const { cells: _a, indexOf: _b, ...want } = buildScene(reference, 'LR');
    const { cells: _c, indexOf: indexOf, ...got } = buildScene(compact, 'LR');
    expect({ ...got, x: [...got.x], y: [...got.y], edgeFrom: [...got.edgeFrom], edgeTo: [...got.edgeTo] }).toEqual({
      ...want,
      x: [...want.x],
      y: [...want.y],
      edgeFrom: [...want.edgeFrom],
      edgeTo: [...want.edgeTo],
    });
    expect(indexOf.get('group:s:hub\u0000join')).toBe(want.ids.indexOf('group:s:hub\u0000join'));
    const window = new Set(['t10', 't21', 't22', 'group:s:hub\u0000join', 'hub']);
    const flow = renderHook(() => useFlowArrays(compact, window)).result.current;
    expect(flow.nodes).toEqual(reference.nodes.filter((n) => window.has(n.id)));
    expect(flow.edges).toEqual(reference.edges.filter((e) => window.has(e.source) && window.has(e.target)));
    expect(flow.edges.length).toBeGreaterThan(0);
  });

  it('places a thousand edge-less steps by their waves exactly as layoutGraph does (relavium)', () => {
    const nodes: GraphNode[] = Array.from({ length: 1_000 }, (_, i) => ({ id: `d${i}`, label: `Task ${i}` }));
    const graph: GraphState = { nodes: Object.fromEntries(nodes.map((n) => [n.id, n])), order: nodes.map((n) => n.id), edges: [], version: 1 };
    // Some ran one at a time, some side by side, the rest not yet.
    const waves: Waves = [['d5'], ['d1', 'd2', 'd3'], ...Array.from({ length: 300 }, (_, i) => [`d${100 + i}`])];
    const first = both({ graph, waves });
    expectSame(first.reference, first.compact);
    const later = both({ graph, waves: [...waves.slice(1), ['d5', 'd6']] }, { reference: first.reference, compact: first.layout });
    expectSame(later.reference, later.compact);
  });

  it('reads one position without building every node', () => {
    const { compact } = both({ graph: bigGraph(700) });
    expect(positionOf(compact, 't10')).toEqual(compact.positions.t10);
    expect(positionOf(compact, 'missing')).toBeUndefined();
  });
});

const pair = (r: ReturnType<typeof both>) => [r.reference, r.compact] as const;
