import { describe, expect, it } from 'vitest';

import { NODE_STATUSES } from '@/protocol/run-event';
import { emptyNodeMap, nodeMapFrom, NodeMapDraft, type NodeMap } from '@/stores/node-map';
import type { NodeState } from '@/stores/node-types';

import { layoutGraph } from '@/features/canvas/layout/layout-graph';
import { NODE_HEIGHT, NODE_WIDTH } from '@/features/canvas/layout/layout-types';
import { buildScene, nodeAt, nodesIn } from '@/features/canvas/overview/overview-scene';
import { createStatusSync, subscribeCounts, syncStatuses } from '@/features/canvas/overview/overview-statuses';
import { nextWindow, NO_WINDOW } from '@/features/canvas/overview/use-detail-window';

/** `map` with `entries` written, as a batch of the reducer writes them. */
function withNodes(map: NodeMap, entries: Record<string, NodeState>): NodeMap {
  const draft = new NodeMapDraft(map);
  for (const [id, node] of Object.entries(entries)) draft.put(id, node);
  return draft.finish();
}

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

  it('keeps statuses by index and the legend counts, noticing only the entries a batch replaced', () => {
    const scene = chain(3);
    const before = nodeMapFrom({ n0: state('succeeded'), n1: state('running') });
    const sync = createStatusSync(scene, before);
    expect(sync.key).toBe(createStatusSync(scene, nodeMapFrom({ n0: state('succeeded'), n1: state('running'), n2: state('pending') })).key);
    let told = 0;
    subscribeCounts(sync, () => (told += 1));
    const after = withNodes(before, { n1: state('failed') });
    expect(syncStatuses(sync, after)).toBe(true);
    expect(syncStatuses(sync, after)).toBe(false);
    expect(told).toBe(1);
    const fresh = createStatusSync(scene, after);
    expect(sync.statuses).toEqual(fresh.statuses);
    expect(sync.counts).toEqual(fresh.counts);
    // A replaced entry with the same status (a new attempt number): no mark, no count moves.
    expect(syncStatuses(sync, withNodes(after, { n0: { ...state('succeeded'), attempt: 2 } }))).toBe(false);
    expect(told).toBe(1);
  });

  it('counts every member of a collapsed group and marks the group by its most urgent one', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `m${i}`);
    const graph = {
      nodes: Object.fromEntries(['root', ...ids].map((id) => [id, { id, label: id }])),
      order: ['root', ...ids],
      edges: ids.map((id) => ({ source: 'root', target: id })),
      version: 1,
    };
    const scene = buildScene(layoutGraph({ graph, previous: {}, groupOverrides: {} }), 'LR');
    const group = scene.members.findIndex((m) => m !== undefined);
    expect(group).toBeGreaterThanOrEqual(0);
    const sync = createStatusSync(scene, emptyNodeMap());
    const later = nodeMapFrom({ m3: state('failed'), m4: state('succeeded') });
    expect(syncStatuses(sync, later)).toBe(true);
    expect(NODE_STATUSES[sync.statuses[group]!]).toBe('failed');
    expect(sync.counts).toEqual(createStatusSync(scene, later).counts);
    expect(sync.counts[NODE_STATUSES.indexOf('pending')]).toBe(11);
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
