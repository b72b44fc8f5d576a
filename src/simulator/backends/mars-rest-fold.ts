/**
 * What the simulated MARS server's database and files hold of one run, read back from the
 * frames the run sent — the real server writes both from the same callbacks
 * (tests/fixtures/mars/rest-replies.json): the DAG with node statuses, execution-event rows (`agent_call`
 * execution/message, `tool_call`, `code_exec`, each filed under the node then running — the
 * first running one in DAG order, as the real executor does), the console log's lines
 * (`[2026-04-22 13:07:58.123] [agent.output] text`), and the cost records (never "Total").
 */
import type { MarsWire } from '@/simulator/backends/mars-frames';

export type MarsRow = Record<string, unknown> & { id: number; event_type: string; status: string };
export type MarsCostRow = { agent: string; model: string; prompt: number; completion: number; cost: number; stepId: string };
type Node = Record<string, unknown> & { id: string; status: string };

export type MarsRestView = { nodes: Node[]; edges: { source: string; target: string }[]; rows: MarsRow[]; lines: string[]; costs: MarsCostRow[] };

const logTime = (stamp: unknown) => (typeof stamp === 'string' ? stamp.replace('T', ' ').slice(0, 23) : '');
/** Database rows keep naive UTC times. */
const rowTime = (stamp: unknown) => (typeof stamp === 'string' ? stamp.replace(/(\+00:00)?Z$/, '') : null);
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

export function foldMarsRun(history: readonly MarsWire[]): MarsRestView {
  const view: MarsRestView = { nodes: [], edges: [], rows: [], lines: [], costs: [] };
  const executions = new Map<string, MarsRow>();
  const current = () => view.nodes.find((n) => n.status === 'running')?.id ?? null;
  const row = (fields: Record<string, unknown>): MarsRow => {
    const added = { ...fields, id: view.rows.length + 1 } as MarsRow;
    view.rows.push(added);
    return added;
  };
  for (const frame of history) {
    const data = (frame.data ?? {}) as Record<string, unknown>;
    const at = rowTime(frame.timestamp);
    const line = (kind: string, message: string) => view.lines.push(...`[${logTime(frame.timestamp)}] [${kind}] ${message}`.split('\n'));
    switch (frame.event_type) {
      case 'dag_created':
      case 'dag_updated':
        view.nodes = (data.nodes as Node[]).map((n) => ({ ...n }));
        view.edges = data.edges as MarsRestView['edges'];
        break;
      case 'dag_node_status_changed': {
        const node = view.nodes.find((n) => n.id === data.node_id);
        if (!node) break;
        node.status = String(data.new_status);
        if (node.status === 'running') executions.set(node.id, row({ event_type: 'agent_call', event_subtype: 'execution', node_id: `node-${node.id}`, agent_name: node.agent, timestamp: at, status: 'running', inputs: { node_info: { id: node.id } } }));
        else Object.assign(executions.get(node.id) ?? {}, { status: node.status, outputs: { status: node.status }, error_message: data.error ?? null });
        break;
      }
      case 'agent_message':
        row({ event_type: 'agent_call', event_subtype: 'message', node_id: current(), agent_name: data.agent, timestamp: at, status: 'completed', inputs: { role: data.role, message: text(data.message).slice(0, 500) }, outputs: { full_content: text(data.message).slice(0, 3000) } });
        break;
      case 'tool_call':
        row({ event_type: 'tool_call', event_subtype: 'invoked', node_id: current(), agent_name: data.agent, timestamp: at, status: data.result ? 'completed' : 'failed', inputs: { tool: data.tool_name, args: text(data.arguments).slice(0, 500) }, outputs: { result: data.result ?? null }, meta: { tool_name: data.tool_name } });
        break;
      case 'cost_update':
        if (data.agent !== 'Total') view.costs.push({ agent: String(data.agent), model: String(data.model), prompt: Number(data.input_tokens ?? 0), completion: Number(data.output_tokens ?? 0), cost: Number(data.cost_usd ?? 0), stepId: current() ?? 'unknown' });
        break;
      case 'output':
        line('agent.output', text(data.message));
        break;
      case 'workflow_started':
        line('run.started', `mode=${text(data.mode)} agent=${text(data.agent)} model=${text(data.model)}`);
        break;
      case 'workflow_completed':
        line('run.completed', `status=success execution_time=${Number(data.execution_time ?? 0).toFixed(2)}s`);
        break;
    }
  }
  return view;
}
