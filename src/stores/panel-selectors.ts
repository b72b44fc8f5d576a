/**
 * Narrow selector hooks for the timeline, cost and inspector panels.
 *
 * Each hook returns a primitive or a reference the reducer keeps stable until its slice
 * changes (`chapters`, `cost`, `graph` are copied only when touched, see reduce-run.ts),
 * so a token batch wakes only the hooks over `logLength` or a node's tail.
 * The event log itself is the session's one long-lived object: read it with `useEventLog()`
 * and key memos on `useLogLength()` / `useLogRevision()`.
 */
import { useStore } from 'zustand';

import type { GraphNode, StreamedText } from '@/protocol/run-event';

import type { EventLog } from '@/stores/event-log';
import type { NodeState } from '@/stores/node-types';
import { nodeOf, type NodeMap } from '@/stores/node-map';
import { useRunSession } from '@/stores/run-session';
import type { AgentState, Chapter, CostState, GateState, GraphState } from '@/stores/run-types';
import { bucketGet } from '@/stores/bucket-map';
import { tailOf } from '@/stores/tails';

export function useEventLog(): EventLog {
  return useRunSession().log;
}

/** Oldest rows a bounded live log dropped (0 until the bound is reached). */
export function useDroppedRows(): number {
  return useStore(useRunSession().run, (s) => s.droppedRows);
}

/** Rows in the log; changes once per batch that added rows. */
export function useLogLength(): number {
  return useStore(useRunSession().run, (s) => s.logLength);
}

/** Changes whenever a row is added or a node's text row grows (re-renders the visible rows). */
export function useLogRevision(): number {
  return useStore(useRunSession().run, (s) => s.logRevision);
}

export function useChapters(): readonly Chapter[] {
  return useStore(useRunSession().run, (s) => s.chapters);
}

export function useCostState(): CostState {
  return useStore(useRunSession().run, (s) => s.cost);
}

/** The agent's shared state; a new reference per applied change (state.snapshot / state.delta). */
export function useAgentState(): AgentState {
  return useStore(useRunSession().run, (s) => s.agentState);
}

/** Whether the run has sent agent state (or a patch that failed): the State tab shows only then, or for a dialect that has state. */
export function useHasAgentState(): boolean {
  return useStore(useRunSession().run, (s) => s.agentState.version > 0 || s.agentState.failed > 0);
}

export function useGraphState(): GraphState {
  return useStore(useRunSession().run, (s) => s.graph);
}

export function useGraphNode(nodeId: string): GraphNode | undefined {
  return useStore(useRunSession().run, (s) => s.graph.nodes[nodeId]);
}

export function useRunStartedAtMs(): number | undefined {
  return useStore(useRunSession().run, (s) => s.startedAtMs);
}

export function useGates(): Readonly<Record<string, GateState>> {
  return useStore(useRunSession().run, (s) => s.gates);
}

/** How many log rows concern a node (grows as its events arrive). */
export function useNodeRowCount(nodeId: string): number {
  const { run, log } = useRunSession();
  // Re-read whenever the log grows; the count itself is the value compared.
  return useStore(run, (s) => (s.logLength >= 0 ? log.rowsOfNode(nodeId).length : 0));
}

/** Every node's state: for a view that reads many nodes at once and is refreshed by a throttle (durations). */
export function useNodeMap(): NodeMap {
  return useStore(useRunSession().nodeStatus, (s) => s.byId);
}

export function useNodeState(nodeId: string): NodeState | undefined {
  return useStore(useRunSession().nodeStatus, (s) => nodeOf(s.byId, nodeId));
}

/** The node's streamed-text tail: changes on every token, even when rows coalesce. */
export function useNodeTail(nodeId: string): string {
  return useStore(useRunSession().run, (s) => tailOf(s.tails, nodeId) ?? '');
}

/** What the node's streamed text is, where the producer says (a preview, a partial preview, the whole text); changes rarely. */
export function useNodeStreamedText(nodeId: string): StreamedText | undefined {
  return useStore(useRunSession().run, (s) => bucketGet(s.streamedText, nodeId));
}

/** What the node has cost so far (sum of its recorded increments). */
export function useNodeCost(nodeId: string): number {
  return useStore(useRunSession().run, (s) => bucketGet(s.cost.byNode, nodeId) ?? 0);
}
