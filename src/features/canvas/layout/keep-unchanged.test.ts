import { describe, expect, it } from 'vitest';

import { keepUnchanged } from '@/features/canvas/layout/keep-unchanged';
import type { CanvasEdge, CanvasNode, LayoutResult } from '@/features/canvas/layout/layout-types';

const node = (id: string, x: number, data: Partial<{ label: string; memberIds: string[] }> = {}): CanvasNode =>
  data.memberIds
    ? { id, type: 'runGroup', position: { x, y: 0 }, width: 240, height: 120, data: { groupKey: id, label: data.label ?? id, memberIds: data.memberIds, noDeps: false } }
    : { id, type: 'run', position: { x, y: 0 }, width: 240, height: 120, data: { label: data.label ?? id, noDeps: false } };
const edge = (source: string, target: string, watchIds = [target]): CanvasEdge => ({ id: `${source}->${target}`, source, target, type: 'status', data: { watchIds } });
const layout = (nodes: CanvasNode[], edges: CanvasEdge[] = []): LayoutResult => ({ nodes, edges, positions: {}, groups: [], version: 1, looseCount: 0 });

describe('keepUnchanged', () => {
  it('hands back the previous object of every unchanged node and edge, and new ones for the rest', () => {
    const before = layout([node('a', 0), node('b', 300), node('g', 600, { memberIds: ['x', 'y'] })], [edge('a', 'b'), edge('b', 'g', ['x', 'y'])]);
    const next = layout(
      [node('a', 0), node('b', 350), node('g', 600, { memberIds: ['x', 'y'] }), node('c', 900)],
      [edge('a', 'b'), edge('b', 'g', ['x', 'y', 'z'])],
    );
    const kept = keepUnchanged(before, next);
    expect(kept.nodes[0]).toBe(before.nodes[0]);
    expect(kept.nodes[1]).toBe(next.nodes[1]); // moved
    expect(kept.nodes[2]).toBe(before.nodes[2]); // equal members, another array
    expect(kept.nodes[3]).toBe(next.nodes[3]); // new
    expect(kept.edges[0]).toBe(before.edges[0]);
    expect(kept.edges[1]).toBe(next.edges[1]); // one more member watched
    expect(kept.nodes.map((n) => n.id)).toEqual(['a', 'b', 'g', 'c']);
  });

  it('sees a changed label, type or selection', () => {
    const before = layout([node('a', 0), node('b', 0), { ...node('c', 0), selected: true }]);
    const next = layout([node('a', 0, { label: 'renamed' }), node('b', 0, { memberIds: ['b1', 'b2'] }), node('c', 0)]);
    const kept = keepUnchanged(before, next);
    expect(kept.nodes).toEqual(next.nodes);
    kept.nodes.forEach((n, i) => expect(n).toBe(next.nodes[i]));
  });

  it('returns the new layout itself when nothing could be kept, and on the first layout', () => {
    const next = layout([node('a', 0)]);
    expect(keepUnchanged(undefined, next)).toBe(next);
    expect(keepUnchanged(layout([node('a', 5)]), next)).toBe(next);
  });
});
