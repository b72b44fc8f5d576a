/**
 * Scenario steps → MARS socket frames as the real in-process executor sends them
 * (UJ2202/MARS backend/execution/task_executor.py, dag_tracker.py, callbacks/; the shapes
 * with their upstream lines: tests/fixtures/mars/SOURCE.txt). The REST side (mars-rest.ts) is read back from
 * these same frames, as the real server writes its database from the same callbacks.
 * - console `output` lines are the bulk: every printed text;
 * - steps: `step_start` / `step_complete` / `step_failed` callbacks, each status change a
 *   `dag_node_status_changed` followed by the whole `dag_updated` (envelope run_id = the
 *   database's run id, not the task id); a retried step stays running and says so in its output;
 * - the DAG ends in a `terminator` node; success re-sets every node to completed (repeats
 *   included), a failure sets every node failed; no "skipped" status exists;
 * - one cost file per cost step (mars-cost-file.ts), `total_cost_usd` running within the file;
 * - approvals with string options and the plan in `context.plan`; cancel as the real handler
 *   does: `workflow_failed {message, status: "cancelled"}` (no error), then `workflow_cancelled`.
 */
import { costFile } from '@/simulator/backends/mars-cost-file';
import { createMarsDag, type MarsIds } from '@/simulator/backends/mars-dag-writer';
import { formA, formB, type MarsWire } from '@/simulator/backends/mars-frames';
import type { SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type { MarsWire } from '@/simulator/backends/mars-frames';

export const MARS_MODEL = 'gpt-4o';
export const MARS_MODE = 'one-shot';
export const MARS_APPROVAL_OPTIONS = ['approve', 'reject', 'modify'] as const;

/** The database's id of a task's run (the simulated run list names rows the same way). */
export const marsDbRunId = (taskId: string) => `db-${taskId}`;

export type MarsEncoderOptions = Readonly<{ task?: string; sessionId?: string }>;

export function createMarsEncoder(options: MarsEncoderOptions = {}): Encoder<MarsWire> {
  let facts: RunFacts | undefined;
  const ids = (): MarsIds & { taskId: string } => ({ taskId: facts?.runId ?? '', dbRunId: marsDbRunId(facts?.runId ?? ''), sessionId: options.sessionId ?? 'runboard' });
  const dag = createMarsDag(ids);
  const task = (event: string, data: Record<string, unknown>, at: number) => formA(event, data, at, ids().taskId, ids().sessionId);
  const output = (message: string, at: number) => task('output', { message }, at);
  const agentOf = (node: string) => dag.find(node)?.agent ?? 'engineer';
  const labelOf = (node: string) => dag.find(node)?.label ?? node;
  const stepOf = (node: string) => dag.find(node)?.step_number ?? 0;
  const callback = (event: string, data: Record<string, unknown>, at: number) => task(event, { run_id: ids().taskId, ...data, timestamp: new Date(at).toISOString() }, at);

  function gate(step: Extract<SimStep, { op: 'gate' }>, at: number): MarsWire[] {
    const plan = dag.plan().map((n) => ({ sub_task: n.label, sub_task_agent: n.agent }));
    const context = { plan, current_step: { number: stepOf(step.node), description: labelOf(step.node), agent: agentOf(step.node) }, proposed_action: step.context?.proposed_action ?? null };
    const data = { approval_id: step.id, step_id: step.node, action: 'after_step', description: step.message, message: step.message, options: [...MARS_APPROVAL_OPTIONS], checkpoint_type: 'after_step', context };
    return [task('approval_requested', data, at), output(`⏸ Waiting for approval: ${step.message}`, at)];
  }

  function runDone(at: number): MarsWire[] {
    const seconds = (at - (facts?.startedAtMs ?? at)) / 1000;
    const { taskId, dbRunId, sessionId } = ids();
    return [
      ...dag.finish('completed', at),
      output(`✅ Task completed in ${seconds.toFixed(2)} seconds`, at),
      task('result', { execution_time: seconds, chat_history: [], final_context: {}, session_id: sessionId, work_dir: `/mars/sessions/${sessionId}/tasks/${taskId}`, base_work_dir: '/mars', mode: MARS_MODE }, at),
      formA('workflow_completed', { run_id: dbRunId, execution_time: seconds, mode: MARS_MODE }, at, dbRunId, sessionId),
      task('complete', { message: 'Task execution completed successfully' }, at),
    ];
  }

  function runFail(step: Extract<SimStep, { op: 'run.fail' }>, at: number): MarsWire[] {
    const message = `Error executing CMBAgent task: ${step.error}`;
    return [...dag.finish('failed', at, message), task('workflow_failed', { error: message, run_id: ids().taskId }, at), task('error', { message }, at)];
  }

  function work(step: SimStep, at: number): MarsWire[] {
    switch (step.op) {
      case 'tool':
        return [callback('tool_call', { agent: agentOf(step.node), tool_name: step.tool, arguments: step.args, result: JSON.stringify(step.result) }, at), output(`🔧 ${step.tool}(${JSON.stringify(step.args)})`, at)];
      case 'cost':
        return costFile(ids(), step, at);
      case 'gate':
        return gate(step, at);
      case 'gate.resolved':
        return [task('approval_received', { approval_id: step.id, approved: step.decision !== 'rejected', resolution: step.decision, feedback: '' }, at)];
      case 'log':
        return [output(step.message, at)];
      case 'node.progress':
        return [output(`${labelOf(step.node)}: ${step.message ?? `${Math.round(step.progress * 100)}%`}`, at)];
      case 'node.skip':
        return [output(`⏭ ${labelOf(step.node)} not run: ${step.reason}`, at)];
      default:
        return [];
    }
  }

  function steps(step: SimStep, at: number): MarsWire[] {
    switch (step.op) {
      case 'plan':
        return dag.define(step.nodes, step.edges, at);
      case 'node.start':
        if (step.attempt !== undefined && step.attempt > 1) return [output(`🔁 ${labelOf(step.node)}: attempt ${step.attempt}`, at)];
        return [callback('step_start', { step_number: stepOf(step.node), goal: labelOf(step.node), description: labelOf(step.node) }, at), ...dag.setStatus(step.node, 'running', at)];
      case 'node.done':
        return [callback('step_complete', { step_number: stepOf(step.node), goal: labelOf(step.node), execution_time: 0.4, summary: JSON.stringify(step.output) }, at), ...dag.setStatus(step.node, 'completed', at)];
      case 'node.fail':
        if (step.willRetry) return [output(`⚠️ ${labelOf(step.node)}: ${step.error} — retrying (attempt ${(step.attempt ?? 1) + 1})`, at)];
        return [callback('step_failed', { step_number: stepOf(step.node), goal: labelOf(step.node), error: step.error }, at), ...dag.setStatus(step.node, 'failed', at, step.error)];
      default:
        return work(step, at);
    }
  }

  /**
   * MARS does not stream tokens: an agent's message arrives whole (one `agent_message`, its
   * text printed as a console line), so the engine's word-by-word chunks are gathered per node
   * and sent when that agent does anything else.
   */
  const unsent = new Map<string, string>();
  function finishedMessages(at: number): MarsWire[] {
    const frames: MarsWire[] = [];
    for (const [node, message] of unsent) {
      const agent = agentOf(node);
      frames.push(callback('agent_message', { agent, role: 'assistant', message, metadata: {} }, at), output(`${agent}: ${message}`, at));
    }
    unsent.clear();
    return frames;
  }

  return (step: SimStep, runFacts: RunFacts): MarsWire[] => {
    facts = runFacts;
    if (step.op === 'tokens') {
      unsent.set(step.node, (unsent.get(step.node) ?? '') + step.text);
      return [];
    }
    return [...finishedMessages(runFacts.nowMs), ...encodeStep(step, runFacts.nowMs)];
  };

  function encodeStep(step: SimStep, at: number): MarsWire[] {
    switch (step.op) {
      case 'run.start': {
        const { dbRunId, sessionId } = ids();
        const described = options.task ?? step.title;
        return [
          task('status', { message: 'Initializing CMBAgent...' }, at),
          output(`🚀 Starting CMBAgent in ${MARS_MODE.replace('-', ' ')} mode`, at),
          output(`📋 Task: ${described}`, at),
          formA('workflow_started', { run_id: dbRunId, task_description: described.slice(0, 200), mode: MARS_MODE, agent: 'engineer', model: MARS_MODEL }, at, dbRunId, sessionId),
        ];
      }
      case 'run.pause':
        return [formB('workflow_paused', { message: 'Workflow paused', status: 'paused' }, at, ids().taskId)];
      case 'run.resume':
        return [formB('workflow_resumed', { message: 'Workflow resumed', status: 'executing' }, at, ids().taskId)];
      case 'run.done':
        return runDone(at);
      case 'run.fail':
        return runFail(step, at);
      case 'run.cancel':
        return [formB('workflow_failed', { message: 'Workflow cancelled', status: 'cancelled' }, at, ids().taskId), task('workflow_cancelled', { message: 'Workflow cancelled by user' }, at)];
      default:
        return steps(step, at);
    }
  }
}
