/**
 * The simulated `GET /api/runs/{id}/dag` reply, folded from the run's frames: the DAG as
 * dag_created declared it, each node's latest dag_node_status_changed, the run status
 * and, once finished, the closing cost. Shape (documented in mars-schemas.ts):
 * `{run_id, nodes:[{id,label,type,status,agent,step_number}], edges, levels, status, total_cost?}`.
 */
import type { MarsWire } from '@/simulator/backends/mars-encoder';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';

type DagNode = Record<string, unknown> & { id: string; status: string };

const RUN_STATUS: Record<string, string> = {
  workflow_started: 'executing',
  workflow_paused: 'paused',
  workflow_resumed: 'executing',
  workflow_completed: 'completed',
  workflow_failed: 'failed',
  approval_requested: 'waiting_approval',
  approval_received: 'executing',
};

export function marsSnapshot(run: ScriptedRun<MarsWire>) {
  let nodes: DagNode[] = [];
  let edges: unknown[] = [];
  let levels: unknown = undefined;
  let status = 'executing';
  let totalCost: number | undefined;
  for (const frame of run.history) {
    const type = frame.event_type;
    const data = (frame.data ?? {}) as Record<string, unknown>;
    if (type === 'dag_created' || type === 'dag_updated') {
      nodes = (data.nodes as DagNode[]).map((node) => ({ ...node }));
      edges = data.edges as unknown[];
      levels = data.levels;
    } else if (type === 'dag_node_status_changed') {
      const node = nodes.find((n) => n.id === data.node_id);
      if (node) node.status = String(data.new_status);
    } else if (type === 'workflow_state_changed' && data.status === 'cancelled') {
      status = 'cancelled';
    } else if (typeof type === 'string' && RUN_STATUS[type] !== undefined) {
      status = RUN_STATUS[type];
      if (type === 'workflow_completed' && typeof data.total_cost === 'number') totalCost = data.total_cost;
    }
  }
  return {
    run_id: run.runId,
    nodes,
    edges,
    levels,
    status,
    ...(totalCost !== undefined ? { total_cost: totalCost } : {}),
  };
}
