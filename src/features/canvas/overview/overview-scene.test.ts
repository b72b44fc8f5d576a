import { describe, expect, it } from 'vitest';

import type { NodeState } from '@/stores/node-types';

import { layoutGraph } from '@/features/canvas/layout/layout-graph';
import { NODE_HEIGHT, NODE_WIDTH } from '@/features/canvas/layout/layout-types';
import { buildScene, nodeAt, nodesIn } from '@/features/canvas/overview/overview-scene';
import { readStatuses, statusCountKey, updateStatuses } from '@/features/canvas/overview/overview-statuses';
import { nextWindow, NO_WINDOW } from '@/features/canvas/overview/use-detail-window';

function chain(n: number) {
  const ids = Array.from({ length: n }, (_, i) => `n${i}`);
  const graph = {
    nodes: Object.fromEntries(ids.map((id) => [id, { id, label: `Step ${id}` }])),
    order: ids,
    edges: ids.slice(1).map((id, i) => ({ source: ids[i]!, target: id })),
    version: 1,
  };
  return buildScene(layoutGraph({ graph, previous: {}, groupOverrides: {} }), 'LR');
}

const state = (status: NodeState['status']): NodeState => ({ status, attempt: 1 });

describe('overview scene', () => {
  it('finds the node under a point and the nodes in a rectangle', () => {
    const scene = chain(50);
    const i = scene.indexOf.get('n7')!;
    const cx = scene.x[i]! + NODE_WIDTH / 2;
    const cy = scene.y[i]! + NODE_HEIGHT / 2;
    expect(nodeAt(scene, cx, cy)).toBe(i);
    expect(nodeAt(scene, cx, cy + 10 * NODE_HEIGHT)).toBe(-1);
    const inRect = nodesIn(scene, { x: scene.x[i]!, y: scene.y[i]!, width: 1, height: 1 });
    expect(inRect).toEqual([i]);
    expect(nodesIn(scene, scene.bounds)).toHaveLength(50);
  });

  it('keeps statuses by index, noticing only the entries a batch replaced', () => {
    const scene = chain(3);
    const before = { n0: state('succeeded'), n1: state('running') };
    const statuses = readStatuses(scene, before);
    expect(statusCountKey(scene, before)).toBe(statusCountKey(scene, { n0: state('succeeded'), n1: state('running'), n2: state('pending') }));
    const after = { ...before, n1: state('failed') };
    expect(updateStatuses(scene, statuses, after, before)).toBe(true);
    expect(updateStatuses(scene, statuses, after, after)).toBe(false);
    expect(readStatuses(scene, after)).toEqual(statuses);
  });
});

describe('detail window', () => {
  const view = (zoom: number, tx = 0, ty = 0) => ({ tx, ty, zoom, width: 1000, height: 600 });

  it('holds no node zoomed out, and the nodes around the view zoomed in', () => {
    const scene = chain(400);
    expect(nextWindow(NO_WINDOW, scene, view(0.05))).toBe(NO_WINDOW);
    const near = nextWindow(NO_WINDOW, scene, view(1));
    expect(near.ids.has('n0')).toBe(true);
    expect(near.ids.size).toBeGreaterThan(0);
    expect(near.ids.size).toBeLessThan(40);
    // A small pan inside the margin keeps the same window (no re-render of React Flow).
    expect(nextWindow(near, scene, view(1, -50, 0))).toBe(near);
    // Zooming back out empties it.
    expect(nextWindow(near, scene, view(0.1)).ids.size).toBe(0);
  });
});
