import { describe, expect, it } from 'vitest';

import type { ViewEdge } from '@/features/canvas/layout/group-graph';
import { columnCapacity, layeredPositions } from '@/features/canvas/layout/layered-positions';
import { NODE_HEIGHT, NODE_WIDTH } from '@/features/canvas/layout/layout-types';
import { computeRanks } from '@/features/canvas/layout/place-nodes';

const edge = (source: string, target: string): ViewEdge => ({ source, target, watchIds: [target] });

function layout(ids: string[], edges: ViewEdge[], direction: 'LR' | 'TB' = 'LR') {
  return layeredPositions(ids, edges, computeRanks(ids, edges), direction);
}

/** A binary-tree-like DAG with extra cross edges, like benchmark 4's. */
function bigDag(n: number) {
  const ids = Array.from({ length: n }, (_, i) => `t${i}`);
  const edges: ViewEdge[] = [];
  for (let i = 1; i < n; i++) {
    edges.push(edge(`t${Math.floor((i - 1) / 2)}`, `t${i}`));
    if (i % 2 === 0 && i > 2) edges.push(edge(`t${Math.floor((i - 3) / 2)}`, `t${i}`));
  }
  return { ids, edges };
}

describe('layeredPositions', () => {
  it('places every node, each edge going forward along the layers', () => {
    const { ids, edges } = bigDag(400);
    const at = layout(ids, edges);
    expect(at.size).toBe(400);
    for (const e of edges) expect(at.get(e.source)!.x).toBeLessThan(at.get(e.target)!.x);
  });

  it('never overlaps two nodes', () => {
    const { ids, edges } = bigDag(600);
    const boxes = [...layout(ids, edges, 'TB').values()];
    const cells = new Set(boxes.map((b) => `${b.x},${b.y}`));
    expect(cells.size).toBe(boxes.length);
    const byLayer = new Map<number, number[]>();
    for (const b of boxes) byLayer.set(b.y, [...(byLayer.get(b.y) ?? []), b.x]);
    for (const xs of byLayer.values()) {
      xs.sort((a, b) => a - b);
      for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeGreaterThanOrEqual(NODE_WIDTH);
    }
  });

  it('keeps siblings next to their parent instead of in arrival order', () => {
    // a → a1, a2; b → b1, b2, but the children arrive interleaved.
    const ids = ['a', 'b', 'a1', 'b1', 'a2', 'b2'];
    const edges = [edge('a', 'a1'), edge('b', 'b1'), edge('a', 'a2'), edge('b', 'b2')];
    const at = layout(ids, edges);
    const y = (id: string) => at.get(id)!.y;
    expect(Math.max(y('a1'), y('a2'))).toBeLessThan(Math.min(y('b1'), y('b2')));
    expect(Math.abs(y('a1') - y('a2'))).toBeGreaterThanOrEqual(NODE_HEIGHT);
  });

  it('ends on a cycle and still places its nodes', () => {
    const at = layout(['x', 'y', 'z'], [edge('x', 'y'), edge('y', 'z'), edge('z', 'x')]);
    expect(at.size).toBe(3);
  });
});

describe('columnCapacity', () => {
  it('wraps the long layers of a 10,000-node DAG into a picture about twice as wide as tall', () => {
    const { ids, edges } = bigDag(10_000);
    const at = [...layout(ids, edges).values()];
    const width = Math.max(...at.map((b) => b.x)) - Math.min(...at.map((b) => b.x)) + NODE_WIDTH;
    const height = Math.max(...at.map((b) => b.y)) - Math.min(...at.map((b) => b.y)) + NODE_HEIGHT;
    expect(width / height).toBeGreaterThan(1);
    expect(width / height).toBeLessThan(4);
    expect(new Set(at.map((b) => `${b.x},${b.y}`)).size).toBe(10_000);
  });

  it('leaves a graph of ordinary shape unwrapped', () => {
    expect(columnCapacity([1, 3, 5, 3, 1], 312, 148, 'LR')).toBe(5);
  });
});
