/**
 * Shapes the canvas layout produces and React Flow consumes. Type-only.
 *
 * Node and edge objects are STRUCTURAL: id, type, position, label, kind, group members.
 * Status never appears here: a node reads its own status by id from the
 * node-status store, so a status change never rebuilds these arrays. Everything is plain
 * data (no functions, no Maps) so a layout result can cross a Worker boundary unchanged.
 */
import type { Edge, Node } from '@xyflow/react';

import type { GraphState } from '@/stores/run-types';

import type { CompactLayout } from '@/features/canvas/layout/compact-layout';

export type LayoutDirection = 'LR' | 'TB';

/** Data of one run step on the canvas. `noDeps`: no edge touches it, while other steps have edges. */
export type RunNodeData = { label: string; kind?: string; noDeps: boolean };

/** Data of a collapsed fan-out: one box standing for `memberIds`. */
export type GroupNodeData = { groupKey: string; label: string; memberIds: readonly string[]; noDeps: boolean };

export type RunFlowNode = Node<RunNodeData, 'run'>;
export type GroupFlowNode = Node<GroupNodeData, 'runGroup'>;
export type CanvasNode = RunFlowNode | GroupFlowNode;

/** `watchIds`: the node ids whose "running" status animates this edge (the target, or a group's members). */
export type StatusEdgeData = { watchIds: readonly string[] };
export type CanvasEdge = Edge<StatusEdgeData, 'status'>;

/** Where a canvas node was put, and in which layer (-1: the "no known dependencies" shelf). */
export type PlacedPosition = Readonly<{ x: number; y: number; rank: number }>;

/** A fan-out the grouping found; `collapsed` says how it is shown now. */
export type GroupInfo = Readonly<{ key: string; label: string; memberIds: readonly string[]; collapsed: boolean }>;

export type LayoutInput = Readonly<{
  graph: GraphState;
  /** Positions from the previous layout, keyed by canvas node id; known nodes keep them. */
  previous: Readonly<Record<string, PlacedPosition>>;
  /** Groups the person toggled: true = expanded, false = collapsed. Others follow the default rule. */
  groupOverrides: Readonly<Record<string, boolean>>;
  direction?: LayoutDirection;
  /** Edge-less steps grouped by overlapping run time (wave-positions.ts); absent: one wave in known order. */
  waves?: readonly (readonly string[])[];
}>;

export type LayoutResult = Readonly<{
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  positions: Readonly<Record<string, PlacedPosition>>;
  groups: readonly GroupInfo[];
  /** graph.version this result was computed from. */
  version: number;
  /** How many canvas nodes have no known edge (laid out in waves). */
  looseCount: number;
  /**
   * Big graphs (compact-result.ts): the layout as typed arrays, with React Flow objects
   * built per step on demand; `nodes`, `edges` and `positions` are then built on first
   * read, which the overview path never does.
   */
  compact?: CompactResult;
}>;

/** What a compact layout offers beside the arrays (compact-result.ts). */
export type CompactResult = Readonly<{
  layout: CompactLayout;
  indexOf: ReadonlyMap<string, number>;
  labels: readonly string[];
  flowNode: (v: number) => CanvasNode;
  flowEdge: (e: number) => CanvasEdge;
}>;

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 120;
export const GROUP_ID_PREFIX = 'group:';
