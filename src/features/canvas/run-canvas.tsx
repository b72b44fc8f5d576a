/**
 * The run's DAG: `<RunCanvas selectedNodeId onSelectNode />`. Owner map: README.md.
 *
 *   run store `graph` (new object only on structural change) → useCanvasLayout → nodes/edges
 *   node-status store → RunNode / GroupNode / StatusEdge / mini-map, each BY ID
 *
 * So the arrays handed to React Flow change on structure, grouping and selection only —
 * never because a status or a token changed (tests/integration/canvas-render-budget).
 * React Flow's own selection is off: selection is the caller's (`selectedNodeId`, which
 * the URL holds) and is painted by marking that one node `selected`.
 */
import '@xyflow/react/dist/style.css';

import { Background, Controls, MiniMap, ReactFlow, ReactFlowProvider, type NodeMouseHandler, type NodeTypes } from '@xyflow/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';

import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { useRunSession } from '@/stores/run-session';
import type { GraphState } from '@/stores/run-types';

import { CanvasActionsContext, GroupMembersContext } from '@/features/canvas/canvas-context';
import { DependencyNote } from '@/features/canvas/dependency-note';
import { ExpandedGroupsPanel } from '@/features/canvas/expanded-groups-panel';
import type { CanvasNode, LayoutDirection, LayoutResult } from '@/features/canvas/layout/layout-types';
import { useCanvasLayout } from '@/features/canvas/layout/use-canvas-layout';
import { MiniMapStatusNode } from '@/features/canvas/minimap-node';
import { canvasEdgeTypes, canvasNodeTypes } from '@/features/canvas/node-types';
import { useAutoFit } from '@/features/canvas/use-auto-fit';
import { useCanvasKeyboard } from '@/features/canvas/use-canvas-keyboard';
import { useDarkClass } from '@/features/canvas/use-dark-class';
import { useWaveKey } from '@/features/canvas/use-node-state';

export type RunCanvasProps = Readonly<{
  /** The selected step's id (a member of a collapsed group highlights its group). */
  selectedNodeId: string | undefined;
  /** Click, Enter/Space or an arrow key on a step selects it; Escape passes undefined. */
  onSelectNode: (nodeId: string | undefined) => void;
  /** 'LR' (default) reads best for wide fan-outs; 'TB' for long chains. */
  direction?: LayoutDirection;
  /** Replaces the node components (tests, embeds). Must be a module-level constant. */
  nodeTypes?: NodeTypes;
  className?: string;
}>;

/**
 * Culling: above this many canvas nodes React Flow renders only what is in view. Below
 * it, culling's per-pan visibility pass costs more than the few off-screen nodes.
 */
export const CULL_THRESHOLD = 120;
/**
 * Above this many canvas nodes the mini map is left out: it draws every node as its own
 * SVG shape and re-renders them as statuses change, which at 2,000 nodes cost more than
 * the culled canvas itself (benchmark 4). The Controls' "fit view" stays.
 */
export const MINIMAP_MAX_NODES = 800;

const FIT_VIEW_OPTIONS = { maxZoom: 1, padding: 0.15 } as const;
const EMPTY_OVERRIDES: Readonly<Record<string, boolean>> = {};

export function RunCanvas(props: RunCanvasProps) {
  const graph = useStore(useRunSession().run, (s) => s.graph);
  if (graph.order.length === 0) {
    return (
      <section aria-label="Run graph" className={cn('h-full', props.className)}>
        <EmptyState title="No nodes yet — the run has not reported its steps" />
      </section>
    );
  }
  return (
    <ReactFlowProvider>
      <CanvasFlow graph={graph} {...props} />
    </ReactFlowProvider>
  );
}

function CanvasFlow({ graph, selectedNodeId, onSelectNode, direction = 'LR', nodeTypes, className }: RunCanvasProps & { graph: GraphState }) {
  const [overrides, setOverrides] = useState(EMPTY_OVERRIDES);
  const waveKey = useWaveKey(useLooseIds(graph));
  const layout = useCanvasLayout(graph, overrides, direction, waveKey);
  const setGroupExpanded = useCallback((key: string, expanded: boolean) => setOverrides((o) => ({ ...o, [key]: expanded })), []);
  const actions = useMemo(() => ({ setGroupExpanded }), [setGroupExpanded]);
  const members = useGroupMembers(layout);
  const nodes = useSelectedNodes(layout, members.memberOf, selectedNodeId);
  const rootRef = useRef<HTMLDivElement>(null);
  const onKeyDown = useCanvasKeyboard({ rootRef, nodes, onSelectNode, setGroupExpanded });
  const onNodeClick = useCallback<NodeMouseHandler<CanvasNode>>((_, node) => node.type === 'run' && onSelectNode(node.id), [onSelectNode]);
  const dark = useDarkClass();
  const autoFit = useAutoFit(layout);

  if (!layout) return <p role="status" className="p-4 text-sm text-slate-500">Laying out {graph.order.length} steps…</p>;
  return (
    <CanvasActionsContext value={actions}>
      <GroupMembersContext value={members.byGroup}>
        <ReactFlow<CanvasNode>
          ref={rootRef}
          aria-label="Run graph"
          className={cn('h-full w-full', className)}
          nodes={nodes}
          edges={layout.edges}
          nodeTypes={nodeTypes ?? canvasNodeTypes}
          edgeTypes={canvasEdgeTypes}
          onNodeClick={onNodeClick}
          onKeyDown={onKeyDown}
          onMoveStart={autoFit.onMoveStart}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          edgesFocusable={false}
          onlyRenderVisibleElements={layout.nodes.length > CULL_THRESHOLD}
          fitView
          fitViewOptions={FIT_VIEW_OPTIONS}
          minZoom={0.05}
          colorMode={dark ? 'dark' : 'light'}
        >
          <Background />
          <Controls
            showInteractive={false}
            fitViewOptions={FIT_VIEW_OPTIONS}
            onZoomIn={autoFit.onManualZoom}
            onZoomOut={autoFit.onManualZoom}
            onFitView={autoFit.onFitView}
          />
          {layout.nodes.length <= MINIMAP_MAX_NODES && <MiniMap nodeComponent={MiniMapStatusNode} pannable zoomable ariaLabel="Mini map of the run graph" />}
          <DependencyNote looseCount={layout.looseCount} total={layout.nodes.length} />
          <ExpandedGroupsPanel groups={layout.groups} overrides={overrides} onCollapse={(key) => setGroupExpanded(key, false)} />
        </ReactFlow>
      </GroupMembersContext>
    </CanvasActionsContext>
  );
}

const NO_NODES: CanvasNode[] = [];
const NO_IDS: readonly string[] = [];

/** Steps no edge touches, in the order they became known: they are laid out by run time. */
function useLooseIds(graph: GraphState): readonly string[] {
  return useMemo(() => {
    const linked = new Set<string>();
    for (const e of graph.edges) {
      linked.add(e.source);
      linked.add(e.target);
    }
    const loose = graph.order.filter((id) => !linked.has(id));
    return loose.length === 0 ? NO_IDS : loose;
  }, [graph]);
}

/** Layout's nodes, with the selected one (or its collapsed group) marked; others keep their identity. */
function useSelectedNodes(layout: LayoutResult | undefined, memberOf: ReadonlyMap<string, string>, selectedId: string | undefined) {
  return useMemo(() => {
    if (!layout) return NO_NODES;
    const target = selectedId === undefined ? undefined : (memberOf.get(selectedId) ?? selectedId);
    if (target === undefined) return layout.nodes;
    return layout.nodes.map((n) => (n.id === target ? { ...n, selected: true } : n));
  }, [layout, memberOf, selectedId]);
}

function useGroupMembers(layout: LayoutResult | undefined) {
  return useMemo(() => {
    const byGroup: Record<string, readonly string[]> = {};
    const memberOf = new Map<string, string>();
    for (const node of layout?.nodes ?? NO_NODES) {
      if (node.type !== 'runGroup') continue;
      byGroup[node.id] = node.data.memberIds;
      for (const id of node.data.memberIds) memberOf.set(id, node.id);
    }
    return { byGroup, memberOf };
  }, [layout]);
}
