import { describe, expect, it } from 'vitest';

import { mergeGraph } from '@/stores/reduce-run-graph';
import type { GraphState } from '@/stores/run-types';

const EMPTY: GraphState = { nodes: {}, order: [], edges: [], version: 0 };

describe('mergeGraph', () => {
  it('takes a step whose id is an Object property name like any other', () => {
    const graph = mergeGraph(EMPTY, { type: 'graph.defined', nodes: [{ id: 'constructor', label: 'Build' }], edges: [{ source: 'constructor', target: 'toString' }] });
    expect(graph.order).toEqual(['constructor', 'toString']);
    expect(graph.nodes.constructor).toEqual({ id: 'constructor', label: 'Build' });
    expect(Object.hasOwn(graph.nodes, 'toString')).toBe(true);
  });

  it('merges a redeclared step and keeps an edge once', () => {
    const first = mergeGraph(EMPTY, { type: 'graph.defined', nodes: [{ id: 'a', label: 'A', kind: 'agent' }], edges: [{ source: 'a', target: 'b' }] });
    const second = mergeGraph(first, { type: 'graph.defined', nodes: [{ id: 'a', label: 'A2' }], edges: [{ source: 'a', target: 'b' }] });
    expect(second.nodes.a).toEqual({ id: 'a', label: 'A2', kind: 'agent' });
    expect(second.order).toEqual(['a', 'b']);
    expect(second.edges).toHaveLength(1);
    expect(second.version).toBe(2);
  });
});
