/**
 * The canvas' custom node and edge components, keyed by the `type` layout writes.
 *
 * Module scope on purpose: React Flow compares these objects by reference, and a new
 * object per render would remount every node.
 */
import type { EdgeTypes, NodeTypes } from '@xyflow/react';

import { StatusEdge } from '@/features/canvas/edges/status-edge';
import { GroupNode } from '@/features/canvas/nodes/group-node';
import { RunNode } from '@/features/canvas/nodes/run-node';

export const canvasNodeTypes = { run: RunNode, runGroup: GroupNode } satisfies NodeTypes;

export const canvasEdgeTypes = { status: StatusEdge } satisfies EdgeTypes;
