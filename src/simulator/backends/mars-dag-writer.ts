/**
 * The simulated MARS DAG tracker: the scenario's nodes plus a `terminator` ("Completion"),
 * each node's status, and the frames a change sends — as the real tracker does
 * (dag_tracker.py): `dag_node_status_changed {node_id, old_status, new_status, node}` then the
 * whole `dag_updated`, both with the database's run id in the envelope. `finish` re-sets every
 * node at the end (completed ones again on success, every one to failed on a failure), repeats included.
 */
import { formA, type MarsWire } from '@/simulator/backends/mars-frames';
import type { SimEdge, SimNode } from '@/simulator/engine/scenario';

export type MarsDagNode = { id: string; label: string; type: string; agent: string; status: string; step_number: number; description: string; error?: string };

export type MarsIds = Readonly<{ dbRunId: string; sessionId: string }>;

const AGENT: Record<string, string> = { agent: 'engineer', tool: 'executor', human_gate: 'admin' };

export function createMarsDag(ids: () => MarsIds) {
  let nodes: MarsDagNode[] = [];
  let edges: { source: string; target: string }[] = [];
  const dbFrame = (event: string, data: Record<string, unknown>, at: number) => formA(event, { run_id: ids().dbRunId, ...data }, at, ids().dbRunId, ids().sessionId);
  const snapshot = () => ({ nodes: nodes.map((n) => ({ ...n })), edges: edges.map((e) => ({ ...e })) });

  function define(planned: readonly SimNode[], plannedEdges: readonly SimEdge[], at: number): MarsWire[] {
    const sinks = planned.filter((n) => !plannedEdges.some((e) => e.source === n.id));
    nodes = [
      ...planned.map((n, i): MarsDagNode => ({ id: n.id, label: n.label, type: n.kind === 'tool' ? 'agent' : (n.kind ?? 'agent'), agent: AGENT[n.kind ?? 'agent'] ?? 'engineer', status: 'pending', step_number: i + 1, description: n.label })),
      { id: 'terminator', label: 'Completion', type: 'terminator', agent: 'system', status: 'pending', step_number: planned.length + 1, description: 'Workflow completed' },
    ];
    edges = [...plannedEdges.map(({ source, target }) => ({ source, target })), ...sinks.map((n) => ({ source: n.id, target: 'terminator' }))];
    return [dbFrame('dag_created', { ...snapshot(), levels: new Set(nodes.map((n) => n.step_number)).size }, at)];
  }

  function setStatus(nodeId: string, status: string, at: number, error?: string): MarsWire[] {
    const node = nodes.find((n) => n.id === nodeId);
    if (!node) return [];
    const old = node.status;
    node.status = status;
    if (error) node.error = error;
    return [
      dbFrame('dag_node_status_changed', { node_id: nodeId, old_status: old, new_status: status, node: { ...node }, ...(error ? { error } : {}) }, at),
      dbFrame('dag_updated', snapshot(), at),
    ];
  }

  /** The run's end: every node re-set (terminator last), as the real executor does. */
  function finish(outcome: 'completed' | 'failed', at: number, error?: string): MarsWire[] {
    const frames: MarsWire[] = [];
    for (const node of nodes) if (node.id !== 'terminator' || outcome === 'failed') frames.push(...setStatus(node.id, outcome, at, error));
    if (outcome === 'completed') frames.push(...setStatus('terminator', 'completed', at));
    return frames;
  }

  const find = (nodeId: string) => nodes.find((n) => n.id === nodeId);
  return { define, setStatus, finish, find, plan: () => nodes.filter((n) => n.type !== 'terminator') };
}
