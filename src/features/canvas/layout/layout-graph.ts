/**
 * The canvas layout: run graph → React Flow nodes and edges. Pure and deterministic, so
 * it runs the same on the main thread and in layout.worker.ts.
 *
 * Runs only when `graph.version` or the grouping changes (use-canvas-layout.ts), never on
 * a status change: nodes and edges carry structure only. Direction is LR
 * by default: agent runs fan out wide, and a wide fan-out reads better as a column than
 * as a very long row. Invariants (layout-graph.test.ts): every graph node is on the
 * canvas exactly once (itself or inside one group); no edge is invented; a node whose
 * layer is unchanged keeps its previous position.
 */
import type { Position } from '@xyflow/react';

import { groupGraph, type ViewEdge, type ViewNode } from '@/features/canvas/layout/group-graph';
import {
  NODE_HEIGHT,
  NODE_WIDTH,
  type CanvasEdge,
  type CanvasNode,
  type LayoutInput,
  type LayoutResult,
  type PlacedPosition,
} from '@/features/canvas/layout/layout-types';
import { layeredPositions } from '@/features/canvas/layout/layered-positions';
import { computeRanks, dagrePositions, shelfOrigin, stabilise } from '@/features/canvas/layout/place-nodes';
import { wavePositions, type Waves } from '@/features/canvas/layout/wave-positions';

/**
 * Below this share of nodes with a reusable previous position, lay out afresh: e.g. the
 * first steps arrived one by one without edges, then the full graph was declared.
 */
export const MIN_REUSE_SHARE = 0.5;
/**
 * Up to this many new connected nodes are fitted in without running dagre at all: dagre
 * costs ~1–3 ms a node (measured: 300 nodes ≈ 1 s on a slow CI box), and a run usually
 * grows a few steps at a time.
 */
export const INCREMENTAL_MAX_NEW = 24;
/**
 * Above this many connected canvas nodes the layered layout of layered-positions.ts
 * replaces dagre: dagre grows far faster than linearly (2,000 nodes: > 60 s), ours is
 * O(V + E) (2,000 nodes: a few ms) at the price of a plainer picture.
 */
export const FAST_LAYOUT_ABOVE = 300;

export function layoutGraph({ graph, previous, groupOverrides, direction = 'LR', waves = NO_WAVES }: LayoutInput): LayoutResult {
  const view = groupGraph(graph, groupOverrides);
  const linked = new Set<string>();
  for (const e of view.edges) {
    linked.add(e.source);
    linked.add(e.target);
  }
  const connected = view.nodes.filter((n) => linked.has(n.id)).map((n) => n.id);
  const loose = view.nodes.filter((n) => !linked.has(n.id)).map((n) => n.id);

  const ranks = computeRanks(connected, view.edges);
  const reusable = connected.filter((id) => previous[id]?.rank === ranks.get(id)).length;
  const reuse = connected.length > 0 && reusable / connected.length >= MIN_REUSE_SHARE;
  const incremental = reuse && connected.length - reusable <= INCREMENTAL_MAX_NEW;
  const fresh = incremental
    ? undefined
    : connected.length > FAST_LAYOUT_ABOVE
      ? layeredPositions(connected, view.edges, ranks, direction)
      : dagrePositions(connected, view.edges, direction);
  const placed = stabilise(connected, fresh, ranks, reuse ? previous : {}, view.edges, direction);
  const shelf = wavePositions(loose, toViewWaves(waves, view.nodes), shelfOrigin(placed, direction), direction);
  const positions = { ...placed, ...shelf };
  // "No known dependencies" marks a step only beside steps that have some; when no step
  // has any (relavium), the canvas says so once for the run (dependency-note.tsx).
  const mixed = connected.length > 0;

  return {
    nodes: view.nodes.map((n) => toFlowNode(n, positions[n.id], mixed && !linked.has(n.id), direction)),
    edges: view.edges.map(toFlowEdge),
    positions,
    groups: view.groups,
    version: graph.version,
    looseCount: loose.length,
  };
}

const NO_WAVES: Waves = [];

/** Waves name graph nodes; a collapsed group stands in its first member's wave. */
function toViewWaves(waves: Waves, nodes: readonly ViewNode[]): Waves {
  const viewOf = new Map<string, string>();
  for (const n of nodes) if (n.type === 'group') for (const id of n.group.memberIds) viewOf.set(id, n.id);
  if (viewOf.size === 0) return waves;
  const seen = new Set<string>();
  return waves.map((wave) =>
    wave.flatMap((id) => {
      const viewId = viewOf.get(id) ?? id;
      if (seen.has(viewId)) return [];
      seen.add(viewId);
      return [viewId];
    }),
  );
}

export function toFlowNode(view: ViewNode, at: PlacedPosition | undefined, noDeps: boolean, direction: LayoutDirectionLike): CanvasNode {
  const base = {
    id: view.id,
    position: { x: at?.x ?? 0, y: at?.y ?? 0 },
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    // Handles sit on the sides the edges come from; layout decides, so the node reads it here.
    // `as Position`: the enum's values are these strings; importing the enum at run time
    // would pull React Flow (and React) into the layout worker.
    sourcePosition: (direction === 'LR' ? 'right' : 'bottom') as Position,
    targetPosition: (direction === 'LR' ? 'left' : 'top') as Position,
  };
  if (view.type === 'group') {
    const { key, label, memberIds } = view.group;
    return { ...base, type: 'runGroup', data: { groupKey: key, label, memberIds, noDeps } };
  }
  const { label, kind } = view.node;
  return { ...base, type: 'run', data: { label, noDeps, ...(kind !== undefined ? { kind } : {}) } };
}

type LayoutDirectionLike = NonNullable<LayoutInput['direction']>;

export function toFlowEdge(edge: ViewEdge): CanvasEdge {
  return {
    id: `${edge.source}->${edge.target}`,
    source: edge.source,
    target: edge.target,
    type: 'status',
    data: { watchIds: edge.watchIds },
  };
}
