/**
 * The simulated MARS DAG tracker: the scenario's nodes plus a `terminator` ("Completion"),
 * node statuses kept in the run's record, and the frames each change sends — as the real
 * tracker does (dag_tracker.py): `dag_node_status_changed {node_id, old_status, new_status,
 * node}` then the whole `dag_updated`, both with the database run id in the envelope; an
 * `agent_call/execution` history row per node run. `finish` re-sets every node at the end
 * (completed ones again on success, every one to failed on a failure), repeats included.
 */
import { addHistory, firstRunning, type MarsDagNode, type MarsRunRecord } from '@/simulator/backends/mars-record';
import { formA, type MarsWire } from '@/simulator/backends/mars-frames';
import type { SimEdge, SimNode } from '@/simulator/engine/scenario';

const AGENT: Record<string, string> = { agent: 'engineer', tool: 'executor', human_gate: 'admin' };

export function createMarsDag(record: MarsRunRecord) {
  const executions = new Map<string, number>();
  const dbFrame = (event: string, data: Record<string, unknown>, at: number) => formA(event, { run_id: record.dbRunId, ...data }, at, record.dbRunId, record.sessionId);
  const snapshot = () => ({ nodes: record.nodes.map((n) => ({ ...n })), edges: record.edges.map((e) => ({ ...e })) });

  function define(nodes: readonly SimNode[], edges: readonly SimEdge[], at: number): MarsWire[] {
    const sinks = nodes.filter((n) => !edges.some((e) => e.source === n.id));
    record.nodes = [
      ...nodes.map((n, i): MarsDagNode => ({ id: n.id, label: n.label, type: n.kind === 'tool' ? 'agent' : (n.kind ?? 'agent'), agent: AGENT[n.kind ?? 'agent'] ?? 'engineer', status: 'pending', step_number: i + 1, description: n.label })),
      { id: 'terminator', label: 'Completion', type: 'terminator', agent: 'system', status: 'pending', step_number: nodes.length + 1, description: 'Workflow completed' },
    ];
    record.edges = [...edges.map(({ source, target }) => ({ source, target })), ...sinks.map((n) => ({ source: n.id, target: 'terminator' }))];
    return [dbFrame('dag_created', { ...snapshot(), levels: new Set(record.nodes.map((n) => n.step_number)).size }, at)];
  }

  function setStatus(nodeId: string, status: string, at: number, error?: string): MarsWire[] {
    const node = record.nodes.find((n) => n.id === nodeId);
    if (!node) return [];
    const old = node.status;
    node.status = status;
    if (error) node.error = error;
    noteExecution(node, at, error);
    return [
      dbFrame('dag_node_status_changed', { node_id: nodeId, old_status: old, new_status: status, node: { ...node }, ...(error ? { error } : {}) }, at),
      dbFrame('dag_updated', snapshot(), at),
    ];
  }

  function noteExecution(node: MarsDagNode, at: number, error?: string) {
    const time = new Date(at).toISOString().slice(0, -1);
    if (node.status === 'running') {
      const row = addHistory(record, { event_type: 'agent_call', event_subtype: 'execution', node_id: `${record.dbRunId}:${node.id}`, agent_name: node.agent, timestamp: time, status: 'running', inputs: { node_info: { ...node } }, outputs: null, error_message: null, duration_ms: null });
      if (row) executions.set(node.id, row.id);
      return;
    }
    const row = record.history.find((r) => r.id === executions.get(node.id));
    if (row) Object.assign(row, { status: node.status === 'completed' ? 'completed' : 'failed', outputs: { status: node.status }, error_message: error ?? null });
  }

  /** The run's end: every node re-set (terminator last), as the real executor does. */
  function finish(outcome: 'completed' | 'failed', at: number, error?: string): MarsWire[] {
    const frames: MarsWire[] = [];
    for (const node of record.nodes) if (node.id !== 'terminator' || outcome === 'failed') frames.push(...setStatus(node.id, outcome, at, error));
    if (outcome === 'completed') frames.push(...setStatus('terminator', 'completed', at));
    return frames;
  }

  return { define, setStatus, finish, current: () => firstRunning(record) };
}
