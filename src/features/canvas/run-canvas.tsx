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

import { Background, ControlButton, Controls, MiniMap, ReactFlow, ReactFlowProvider, type NodeMouseHandler, type NodeTypes } from '@xyflow/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';

import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { useRunSession } from '@/stores/run-session';
import type { GraphState } from '@/stores/run-types';

import { CanvasActionsContext, GroupMembersContext } from '@/features/canvas/canvas-context';
import { useFlowArrays, useFocusExpandedGroup, useInFlowMask, useMiniMapWanted, useRevealSelected } from '@/features/canvas/canvas-view-hooks';
import { DependencyNote } from '@/features/canvas/dependency-note';
import { ExpandedGroupsPanel } from '@/features/canvas/expanded-groups-panel';
import { layoutSize } from '@/features/canvas/layout/compact-result';
import { groupNodeId } from '@/features/canvas/layout/group-graph';
import type { CanvasNode, LayoutDirection, LayoutResult } from '@/features/canvas/layout/layout-types';
import { useCanvasLayout } from '@/features/canvas/layout/use-canvas-layout';
import { MiniMapStatusNode } from '@/features/canvas/minimap-node';
import { canvasEdgeTypes, canvasNodeTypes } from '@/features/canvas/node-types';
import type { GraphOverview } from '@/features/canvas/overview/graph-overview';
import { buildScene } from '@/features/canvas/overview/overview-scene';
import { useDetailWindow } from '@/features/canvas/overview/use-detail-window';
import { useAutoFit } from '@/features/canvas/use-auto-fit';
import { useCanvasKeyboard } from '@/features/canvas/use-canvas-keyboard';
import { useDarkClass } from '@/features/canvas/use-dark-class';
import { useGentleExit } from '@/features/canvas/use-gentle-exit';
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
 * it, culling's per-pan visibility pass costs more than the few off-screen nodes. Always
 * on a big graph: React Flow holds a window of it, and nodes leaving the window are culled
 * before they are dropped (use-gentle-exit.ts).
 */
export const CULL_THRESHOLD = 120;
/**
 * Above this many canvas nodes the graph gets the overview layer: zoomed out, a canvas
 * draws every node as a status mark (overview/), and React Flow holds only the nodes of
 * the zoomed-in window. React Flow alone mounts and measures every node on a fit, which
 * at 2,000 nodes took 3.6 s (benchmark 4).
 */
export const OVERVIEW_ABOVE = 100;
const MIN_ZOOM = 0.05;
/** Low enough to fit 10,000 nodes in a small panel. */
const MIN_ZOOM_BIG = 0.002;
const MINIMAP_STYLE = { width: 160, height: 110 } as const;

// Canvas 2D drawing and its legend: fetched only when a graph is big enough to need them,
// and as soon as it is known to be (before its layout is done). Once here it is rendered
// directly: a lazy component suspends at least once, and React holds a revealed Suspense
// boundary back for up to 300 ms (its fallback throttle), which the first frame waited out.
let loadedOverview: typeof GraphOverview | undefined;
const loadOverview = () => import('@/features/canvas/overview/graph-overview').then((m) => (loadedOverview = m.GraphOverview));
const LazyGraphOverview = lazy(() => loadOverview().then((component) => ({ default: component })));

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
  const mayBeBig = graph.order.length > OVERVIEW_ABOVE;
  useEffect(() => {
    if (mayBeBig) void loadOverview();
  }, [mayBeBig]);
  const waveKey = useWaveKey(useLooseIds(graph));
  const layout = useCanvasLayout(graph, overrides, direction, waveKey);
  const focusOnExpand = useRef<readonly string[] | undefined>(undefined);
  const setGroupExpanded = useCallback((key: string, expanded: boolean) => {
    focusOnExpand.current = expanded ? [key] : undefined;
    setOverrides((o) => ({ ...o, [key]: expanded }));
  }, []);
  const actions = useMemo(() => ({ setGroupExpanded }), [setGroupExpanded]);
  const members = useGroupMembers(layout);
  const big = layout !== undefined && layoutSize(layout) > OVERVIEW_ABOVE;
  const scene = useMemo(() => (layout && big ? buildScene(layout, direction) : undefined), [layout, big, direction]);
  const inWindow = useDetailWindow(scene);
  const windowed = useFlowArrays(layout, inWindow);
  const nodes = useSelectedNodes(windowed.nodes, members.memberOf, selectedNodeId);
  const flow = { nodes, edges: windowed.edges };
  const handed = useGentleExit(flow.nodes, big);
  const inFlow = useInFlowMask(scene, inWindow);
  const rootRef = useRef<HTMLDivElement>(null);
  const onKeyDown = useCanvasKeyboard({ rootRef, nodes, onSelectNode, setGroupExpanded });
  const onNodeClick = useCallback<NodeMouseHandler<CanvasNode>>((_, node) => node.type === 'run' && onSelectNode(node.id), [onSelectNode]);
  const dark = useDarkClass();
  const autoFit = useAutoFit(layout, { minZoom: big ? MIN_ZOOM_BIG : MIN_ZOOM, floor: !big, fromLayoutOnly: big });
  useFocusExpandedGroup(layout, focusOnExpand, autoFit.focus);
  useRevealSelected(layout, selectedNodeId, autoFit.reveal);
  const showMiniMap = useMiniMapWanted(layout, big);
  const OverviewLayer = loadedOverview ?? LazyGraphOverview;

  if (!layout) return <p role="status" className="p-4 text-sm text-slate-500 dark:text-slate-400">Laying out {graph.order.length} steps…</p>;
  return (
    <CanvasActionsContext value={actions}>
      <GroupMembersContext value={members.byGroup}>
        <div className={cn('flex h-full w-full flex-col', className)}>
          <DependencyNote looseCount={layout.looseCount} total={layoutSize(layout)} />
          <ReactFlow<CanvasNode>
            ref={rootRef}
            aria-label="Run graph"
            className="min-h-0 flex-1"
            nodes={handed}
            edges={flow.edges}
            nodeTypes={nodeTypes ?? canvasNodeTypes}
            edgeTypes={canvasEdgeTypes}
            onNodeClick={onNodeClick}
            onKeyDown={onKeyDown}
            onMoveStart={autoFit.onMoveStart}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable={false}
            edgesFocusable={false}
            onlyRenderVisibleElements={big || flow.nodes.length > CULL_THRESHOLD}
            minZoom={big ? MIN_ZOOM_BIG : MIN_ZOOM}
            colorMode={dark ? 'dark' : 'light'}
          >
            <Background />
            <Controls showInteractive={false} showFitView={false} onZoomIn={autoFit.onManualZoom} onZoomOut={autoFit.onManualZoom}>
              <ControlButton onClick={autoFit.fit} title="Fit the whole graph" aria-label="Fit the whole graph">
                <FitIcon />
              </ControlButton>
            </Controls>
            {showMiniMap && <MiniMap nodeComponent={MiniMapStatusNode} pannable zoomable ariaLabel="Mini map of the run graph" style={MINIMAP_STYLE} />}
            {scene && (
              <Suspense fallback={null}>
                <OverviewLayer
                  scene={scene}
                  inFlow={inFlow}
                  selectedId={selectedNodeId}
                  onSelectNode={onSelectNode}
                  onExpandGroup={(key) => setGroupExpanded(key, true)}
                  theme={dark ? 'dark' : 'light'}
                />
              </Suspense>
            )}
            <ExpandedGroupsPanel groups={layout.groups} overrides={overrides} onCollapse={(key) => setGroupExpanded(key, false)} />
          </ReactFlow>
        </div>
      </GroupMembersContext>
    </CanvasActionsContext>
  );
}

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

/** React Flow's nodes, with the selected one (or its collapsed group) marked; others keep their identity. */
function useSelectedNodes(nodes: CanvasNode[], memberOf: ReadonlyMap<string, string>, selectedId: string | undefined) {
  return useMemo(() => {
    const target = selectedId === undefined ? undefined : (memberOf.get(selectedId) ?? selectedId);
    if (target === undefined) return nodes;
    return nodes.map((n) => (n.id === target ? { ...n, selected: true } : n));
  }, [nodes, memberOf, selectedId]);
}

function FitIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1 5V1h4M11 1h4v4M15 11v4h-4M5 15H1v-4" />
    </svg>
  );
}

/** Collapsed groups (one canvas node each) and their members, from the layout's groups (never its node objects). */
function useGroupMembers(layout: LayoutResult | undefined) {
  return useMemo(() => {
    const byGroup: Record<string, readonly string[]> = {};
    const memberOf = new Map<string, string>();
    for (const group of layout?.groups ?? []) {
      if (!group.collapsed) continue;
      const id = groupNodeId(group.key);
      byGroup[id] = group.memberIds;
      for (const member of group.memberIds) memberOf.set(member, id);
    }
    return { byGroup, memberOf };
  }, [layout]);
}
