/**
 * Validated MARS socket frames → canonical RunEvents (one interpreter's state: mars-state.ts).
 * Every type the document lists and every type the real server sends maps to canonical
 * events; `heartbeat`/`pong` are keep-alives placed by mars-locate.ts and never reach here.
 * Frames that name no node (messages, tools, code, console lines, costs) go to the node the
 * server files them under: the first running one in DAG order.
 */
import type { RunEvent } from '@/protocol/run-event';
import { applyDag, nodeStatusEvents } from '@/protocol/mars/mars-dag';
import { openPlanning } from '@/protocol/mars/mars-chapters';
import { socketOutput } from '@/protocol/mars/mars-console';
import { costRecorded, costSummaryLog } from '@/protocol/mars/mars-costs';
import { gateNode, gateOpened, gateResolved } from '@/protocol/mars/mars-gate';
import { codeOk, socketActivity } from '@/protocol/mars/mars-history';
import { complete, resultLog, stateChanged, workflowCancelled, workflowCompleted, workflowFailed, workflowStarted } from '@/protocol/mars/mars-lifecycle';
import type { MarsEvent } from '@/protocol/mars/mars-schemas';
import { atCurrentNode, currentNode, type MarsState } from '@/protocol/mars/mars-state';
import { retryEvents, stepCompleted, stepFailed, stepNode, stepProgress, stepStarted } from '@/protocol/mars/mars-steps';

const log = (level: 'debug' | 'info' | 'warn' | 'error', source: string, message: string, nodeId?: string): RunEvent => ({
  type: 'log',
  level,
  source,
  message,
  ...(nodeId !== undefined ? { nodeId } : {}),
});

export function toMarsRunEvents(s: MarsState, wire: MarsEvent, atMs: number | undefined): RunEvent[] {
  switch (wire.event_type) {
    case 'connected':
    case 'reconnected':
    case 'disconnected':
      return [log('info', 'connection', wire.data.message ?? wire.event_type)];
    case 'heartbeat':
    case 'pong':
      return [];
    case 'status':
      return [log('info', 'status', wire.data.message ?? 'status')];
    case 'output':
      return socketOutput(s, wire.data.message, atMs);
    case 'error':
      return [log('error', 'server', wire.data.message ?? 'error')];
    case 'result':
      return [resultLog(wire.data)];
    case 'complete':
      return complete(s, wire.data.message);
    case 'workflow_started':
      return workflowStarted(s, wire.data);
    case 'workflow_state_changed':
      return stateChanged(s, wire.data.status);
    case 'workflow_paused':
      return [{ type: 'run.paused', ...((wire.data.reason ?? wire.data.message) ? { reason: wire.data.reason ?? wire.data.message } : {}) }];
    case 'workflow_resumed':
      return [{ type: 'run.resumed' }];
    case 'workflow_complete':
      return [log('debug', 'workflow', `workflow complete${wire.data.total_time !== undefined ? ` in ${wire.data.total_time.toFixed(1)} s` : ''}`)];
    case 'workflow_completed':
      return workflowCompleted(s, wire.data);
    case 'workflow_failed':
      return workflowFailed(s, wire.data);
    case 'workflow_cancelled':
      return workflowCancelled(s, wire.data.message);
    case 'planning_start':
      return [...openPlanning(s), log('info', 'planning', `planning${wire.data.task ? `: ${wire.data.task}` : ''}`)];
    case 'planning_complete':
      return [log('info', 'planning', `plan ready${wire.data.num_steps !== undefined ? `: ${wire.data.num_steps} steps` : ''}`)];
    case 'phase_change':
      return [log('debug', 'phase', `phase ${wire.data.phase}${wire.data.step_number != null ? ` (step ${wire.data.step_number})` : ''}`)];
    default:
      return stepOrWork(s, wire, atMs);
  }
}

function stepOrWork(s: MarsState, wire: MarsEvent, atMs: number | undefined): RunEvent[] {
  switch (wire.event_type) {
    case 'step_started':
      return stepStarted(s, wire.data, wire.data.step_description);
    case 'step_start':
      return stepStarted(s, wire.data, wire.data.goal ?? wire.data.description);
    case 'step_progress':
      return stepProgress(s, wire);
    case 'step_completed':
      return stepCompleted(s, wire.data, wire.data.output ?? wire.data.result);
    case 'step_complete':
      return stepCompleted(s, wire.data, wire.data.summary, wire.data.execution_time !== undefined ? Math.round(wire.data.execution_time * 1000) : undefined);
    case 'step_failed':
      return stepFailed(s, wire.data, wire.data.error, wire.data.traceback);
    case 'step_retry_started':
    case 'step_retry_backoff':
    case 'step_retry_succeeded':
    case 'step_retry_exhausted':
      return retryEvents(s, wire);
    case 'dag_created':
    case 'dag_updated':
      return applyDag(s, wire.data.nodes, wire.data.edges);
    case 'dag_node_status_changed':
      return nodeStatusEvents(s, wire.data.node_id, wire.data.new_status, wire.data.error);
    default:
      return work(s, wire, atMs);
  }
}

function work(s: MarsState, wire: MarsEvent, atMs: number | undefined): RunEvent[] {
  switch (wire.event_type) {
    case 'agent_message': {
      const named = wire.data.step_id !== undefined || wire.data.step_number !== undefined ? stepNode(s, wire.data) : undefined;
      return socketActivity(s, { kind: 'message', agent: wire.data.agent ?? '', text: wire.data.message ?? wire.data.content ?? '' }, atMs, named);
    }
    case 'agent_thinking':
      return [log('debug', wire.data.agent ?? 'agent', wire.data.thinking ? 'thinking…' : 'done thinking', currentNode(s))];
    case 'agent_tool_call':
      return [{ type: 'tool.called', tool: wire.data.tool_name, ...(wire.data.arguments !== undefined ? { args: wire.data.arguments } : {}), ...atCurrentNode(s) }];
    case 'tool_call':
      return socketActivity(s, { kind: 'tool', agent: wire.data.agent ?? '', tool: wire.data.tool_name, args: wire.data.arguments, result: wire.data.result, ok: true }, atMs);
    case 'code_execution':
      return socketActivity(s, { kind: 'code', agent: wire.data.agent ?? '', code: wire.data.code ?? '', language: wire.data.language ?? '', result: wire.data.result, ok: codeOk(wire.data.result) }, atMs);
    case 'approval_requested': {
      const gate = gateOpened(wire.data, gateNode(s, wire.data));
      if (gate.type === 'gate.opened') s.openGates.set(gate.gateId, gate);
      return [gate];
    }
    case 'approval_received': {
      // The answer names no step: it closes the gate where it opened (a node's, or the run's).
      const nodeId = s.openGates.get(wire.data.approval_id)?.nodeId;
      s.openGates.delete(wire.data.approval_id);
      return [gateResolved(wire.data, nodeId)];
    }
    case 'cost_update':
      return costRecorded(s, wire.data);
    case 'cost_summary':
      return [costSummaryLog(wire.data.total_cost, wire.data.total_tokens)];
    case 'files_updated':
      return [log('info', 'files', `${wire.data.files_tracked ?? 'new'} files tracked`, wire.data.node_id && s.view.has(wire.data.node_id) ? wire.data.node_id : undefined)];
    case 'metric_update':
      return [{ type: 'metric', name: wire.data.name, value: wire.data.value, ...(wire.data.unit ? { unit: wire.data.unit } : {}) }];
    case 'file_created':
    case 'file_updated':
      return [log('info', 'file', `${wire.event_type === 'file_created' ? 'created' : 'updated'} ${wire.data.file_path}`)];
    case 'error_occurred': {
      const prefix = wire.data.error_type ? `${wire.data.error_type}: ` : '';
      return [log('error', 'server', `${prefix}${wire.data.message}`, wire.data.step_id === undefined ? undefined : stepNode(s, wire.data))];
    }
    default:
      return [];
  }
}
