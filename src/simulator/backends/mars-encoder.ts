/**
 * Scenario steps → MARS socket frames as the real in-process executor sends them
 * (UJ2202/MARS backend/execution/task_executor.py, dag_tracker.py, callbacks/; read for
 * facts in /work/notes/upstream.md §18–21), writing the run's record (mars-record.ts) from
 * the same step, as the real server writes its database:
 * - console `output` lines are the bulk: every printed text, also written to the console log;
 * - steps: `step_start` / `step_complete` / `step_failed` callbacks, each status change a
 *   `dag_node_status_changed` followed by the whole `dag_updated` (envelope run_id = the
 *   database's run id, not the task id); a retried step stays running and says so in its output;
 * - the DAG ends in a `terminator` node; success re-sets every node to completed (repeats
 *   included), a failure sets every node failed; no "skipped" status exists;
 * - one cost file per cost step: `cost_summary` (doubled, as upstream) then one `cost_update`
 *   per record with `total_cost_usd` running within the file;
 * - approvals with string options and the plan in `context.plan`; cancel as the real handler
 *   does: `workflow_failed {message, status: "cancelled"}` (no error), then `workflow_cancelled`.
 */
import { addConsole, addHistory, createMarsRecord, type MarsRunRecord } from '@/simulator/backends/mars-record';
import { formA, formB, type MarsWire } from '@/simulator/backends/mars-frames';
import { costFile } from '@/simulator/backends/mars-cost-file';
import { createMarsDag } from '@/simulator/backends/mars-dag-writer';
import type { SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type { MarsWire } from '@/simulator/backends/mars-frames';

export const MARS_MODEL = 'gpt-4o';
export const MARS_APPROVAL_OPTIONS = ['approve', 'reject', 'modify'] as const;

export function createMarsEncoder(record: MarsRunRecord = createMarsRecord('bench', 'benchmark', false)): Encoder<MarsWire> {
  const dag = createMarsDag(record);
  const task = (event: string, data: Record<string, unknown>, at: number) => formA(event, data, at, record.taskId, record.sessionId);
  const output = (message: string, at: number): MarsWire => {
    addConsole(record, 'agent.output', message, at);
    return task('output', { message }, at);
  };
  const agentOf = (node: string) => record.nodes.find((n) => n.id === node)?.agent ?? 'engineer';
  const labelOf = (node: string) => record.nodes.find((n) => n.id === node)?.label ?? node;
  const stepOf = (node: string) => record.nodes.find((n) => n.id === node)?.step_number ?? 0;

  function tokens(step: Extract<SimStep, { op: 'tokens' }>, at: number): MarsWire[] {
    const agent = agentOf(step.node);
    addHistory(record, { event_type: 'agent_call', event_subtype: 'message', node_id: dag.current(), agent_name: agent, timestamp: new Date(at).toISOString().slice(0, -1), status: 'completed', inputs: { role: 'assistant', message: step.text.slice(0, 500) }, outputs: { full_content: step.text.slice(0, 3000) }, meta: { has_code: false } });
    return [task('agent_message', { run_id: record.taskId, agent, role: 'assistant', message: step.text, metadata: {}, timestamp: new Date(at).toISOString() }, at), output(`${agent}: ${step.text}`, at)];
  }

  function tool(step: Extract<SimStep, { op: 'tool' }>, at: number): MarsWire[] {
    const agent = agentOf(step.node);
    const result = JSON.stringify(step.result);
    const ok = step.ok !== false;
    addHistory(record, { event_type: 'tool_call', event_subtype: 'invoked', node_id: dag.current(), agent_name: agent, timestamp: new Date(at).toISOString().slice(0, -1), status: ok ? 'completed' : 'failed', inputs: { tool: step.tool, args: JSON.stringify(step.args).slice(0, 500) }, outputs: { result }, meta: { tool_name: step.tool } });
    return [task('tool_call', { run_id: record.taskId, agent, tool_name: step.tool, arguments: step.args, result, timestamp: new Date(at).toISOString() }, at), output(`🔧 ${step.tool}(${JSON.stringify(step.args)})`, at)];
  }

  function gate(step: Extract<SimStep, { op: 'gate' }>, at: number): MarsWire[] {
    const plan = record.nodes.filter((n) => n.type !== 'terminator').map((n) => ({ sub_task: n.label, sub_task_agent: n.agent }));
    const data = {
      approval_id: step.id,
      step_id: step.node,
      action: 'after_step',
      description: step.message,
      message: step.message,
      options: [...MARS_APPROVAL_OPTIONS],
      checkpoint_type: 'after_step',
      context: { plan, current_step: { number: stepOf(step.node), description: labelOf(step.node), agent: agentOf(step.node) }, proposed_action: step.context?.proposed_action ?? null },
    };
    return [task('approval_requested', data, at), output(`⏸ Waiting for approval: ${step.message}`, at)];
  }

  function end(status: 'completed' | 'failed' | 'cancelled', at: number): void {
    record.status = status;
    record.completedAtMs = at;
    record.ended = true;
  }

  function runDone(facts: RunFacts, at: number): MarsWire[] {
    const seconds = (at - facts.startedAtMs) / 1000;
    const frames = dag.finish('completed', at);
    end('completed', at);
    addConsole(record, 'run.completed', `[${record.taskId}] status=success execution_time=${seconds.toFixed(2)}s`, at);
    return [
      ...frames,
      output(`✅ Task completed in ${seconds.toFixed(2)} seconds`, at),
      task('result', { execution_time: seconds, chat_history: [], final_context: {}, session_id: record.sessionId, work_dir: `/mars/sessions/${record.sessionId}/tasks/${record.taskId}`, base_work_dir: '/mars', mode: record.mode }, at),
      formA('workflow_completed', { run_id: record.dbRunId, execution_time: seconds, mode: record.mode }, at, record.dbRunId, record.sessionId),
      task('complete', { message: 'Task execution completed successfully' }, at),
    ];
  }

  function runFail(step: Extract<SimStep, { op: 'run.fail' }>, at: number): MarsWire[] {
    const message = `Error executing CMBAgent task: ${step.error}`;
    const frames = dag.finish('failed', at, message);
    end('failed', at);
    addConsole(record, 'run.failed', `[${record.taskId}] error=${step.error}`, at);
    return [...frames, task('workflow_failed', { error: message, run_id: record.taskId }, at), task('error', { message }, at)];
  }

  return (step: SimStep, facts: RunFacts): MarsWire[] => {
    const at = facts.nowMs;
    switch (step.op) {
      case 'run.start':
        addConsole(record, 'run.started', `[${record.taskId}] mode=${record.mode} agent=engineer model=${MARS_MODEL}`, at);
        return [
          task('status', { message: 'Initializing CMBAgent...' }, at),
          output(`🚀 Starting CMBAgent in ${record.mode.replace('-', ' ')} mode`, at),
          output(`📋 Task: ${record.task}`, at),
          formA('workflow_started', { run_id: record.dbRunId, task_description: (record.task || step.title).slice(0, 200), mode: record.mode, agent: 'engineer', model: MARS_MODEL }, at, record.dbRunId, record.sessionId),
        ];
      case 'plan':
        return dag.define(step.nodes, step.edges, at);
      case 'node.start': {
        if (step.attempt !== undefined && step.attempt > 1) return [output(`🔁 ${labelOf(step.node)}: attempt ${step.attempt}`, at)];
        const callback = task('step_start', { run_id: record.taskId, step_number: stepOf(step.node), goal: labelOf(step.node), description: labelOf(step.node), timestamp: new Date(at).toISOString() }, at);
        return [callback, ...dag.setStatus(step.node, 'running', at)];
      }
      case 'node.progress':
        return [output(`${labelOf(step.node)}: ${step.message ?? `${Math.round(step.progress * 100)}%`}`, at)];
      case 'tokens':
        return tokens(step, at);
      case 'tool':
        return tool(step, at);
      case 'cost':
        return costFile(record, step, at, dag.current());
      case 'node.done': {
        const callback = task('step_complete', { run_id: record.taskId, step_number: stepOf(step.node), goal: labelOf(step.node), execution_time: 0.4, summary: JSON.stringify(step.output), timestamp: new Date(at).toISOString() }, at);
        return [callback, ...dag.setStatus(step.node, 'completed', at)];
      }
      case 'node.fail':
        if (step.willRetry) return [output(`⚠️ ${labelOf(step.node)}: ${step.error} — retrying (attempt ${(step.attempt ?? 1) + 1})`, at)];
        return [task('step_failed', { run_id: record.taskId, step_number: stepOf(step.node), goal: labelOf(step.node), error: step.error, timestamp: new Date(at).toISOString() }, at), ...dag.setStatus(step.node, 'failed', at, step.error)];
      case 'node.skip':
        return [output(`⏭ ${labelOf(step.node)} not run: ${step.reason}`, at)];
      case 'log':
        return [output(step.message, at)];
      case 'gate':
        return gate(step, at);
      case 'gate.resolved':
        return [task('approval_received', { approval_id: step.id, approved: step.decision !== 'rejected', resolution: step.decision, feedback: '' }, at)];
      case 'run.pause':
        record.status = 'paused';
        return [formB('workflow_paused', { message: 'Workflow paused', status: 'paused' }, at, record.taskId)];
      case 'run.resume':
        record.status = 'executing';
        return [formB('workflow_resumed', { message: 'Workflow resumed', status: 'executing' }, at, record.taskId)];
      case 'run.done':
        return runDone(facts, at);
      case 'run.fail':
        return runFail(step, at);
      case 'run.cancel':
        end('cancelled', at);
        return [formB('workflow_failed', { message: 'Workflow cancelled', status: 'cancelled' }, at, record.taskId), task('workflow_cancelled', { message: 'Workflow cancelled by user' }, at)];
      case 'chapter.start':
      case 'chapter.end':
      case 'wait':
        return [];
    }
  };
}
