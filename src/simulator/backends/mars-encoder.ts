/**
 * Scenario steps → MARS WebSocket frames, imitating the real server (protocols/README.md "mars"):
 * - `{event_type, timestamp, run_id, data}` frames with microsecond timestamps, no seq;
 * - approval options as strings `["approve","reject","modify"]`, not the documented objects;
 * - `dag_node_status_changed` sent twice for completions of every other node (the real duplicate);
 * - `cost_update` alternating between the documented shape (with running total) and the
 *   real `{model, input_tokens, output_tokens, cost}` shape;
 * - streamed tokens as `agent_message` chunks, info logs as legacy `{type:"status"}` frames
 *   and a legacy `{type:"complete"}` after workflow_completed.
 * Agent frames carry the step only while several steps run at once (the simulator's
 * fan-out; the real server runs steps one by one, so its frames name none).
 */
import type { SimNode, SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type MarsWire = Record<string, unknown>;

const MODEL = 'gpt-4o-mini';
export const MARS_APPROVAL_OPTIONS = ['approve', 'reject', 'modify'] as const;

export function createMarsEncoder(): Encoder<MarsWire> {
  const nodes = new Map<string, SimNode & { stepNumber: number }>();
  const running = new Set<string>();
  let micro = 0;
  let costCount = 0;
  let completions = 0;

  // Python-style microseconds; the counter keeps frames of one millisecond distinct.
  const timestamp = (ms: number) => `${new Date(ms).toISOString().slice(0, 23)}${String(micro++ % 1000).padStart(3, '0')}Z`;
  const frame = (run: RunFacts, event_type: string, data: Record<string, unknown>): MarsWire => ({
    event_type,
    timestamp: timestamp(run.nowMs),
    run_id: run.runId,
    data,
  });
  const stepRef = (run: RunFacts, node: string) => ({ step_id: `${run.runId}/${node}`, step_number: nodes.get(node)?.stepNumber ?? 0 });
  const hint = (run: RunFacts, node: string) => (running.size > 1 ? stepRef(run, node) : {});
  const status = (run: RunFacts, node: string, old_status: string, new_status: string, error: string | null = null) =>
    frame(run, 'dag_node_status_changed', { node_id: node, old_status, new_status, error });

  function plan(run: RunFacts, step: Extract<SimStep, { op: 'plan' }>): MarsWire[] {
    step.nodes.forEach((node, i) => nodes.set(node.id, { ...node, stepNumber: i + 1 }));
    const dagNodes = step.nodes.map((node, i) => ({
      id: node.id,
      label: node.label,
      type: node.kind ?? 'agent',
      status: 'pending',
      agent: node.kind === 'agent' ? 'engineer' : null,
      step_number: i + 1,
    }));
    return [frame(run, 'dag_created', { run_id: run.runId, nodes: dagNodes, edges: step.edges, levels: 3 })];
  }

  function cost(run: RunFacts, step: Extract<SimStep, { op: 'cost' }>): MarsWire {
    costCount += 1;
    if (costCount % 2 === 0) {
      return frame(run, 'cost_update', { model: step.model, input_tokens: step.inputTokens, output_tokens: step.outputTokens, cost: step.usd });
    }
    return frame(run, 'cost_update', {
      run_id: run.runId,
      ...stepRef(run, step.node),
      model: step.model,
      tokens: step.inputTokens + step.outputTokens,
      cost_usd: step.usd,
      total_cost_usd: Number((run.totalUsd + step.usd).toFixed(6)),
    });
  }

  function nodeDone(run: RunFacts, step: Extract<SimStep, { op: 'node.done' }>): MarsWire[] {
    running.delete(step.node);
    const changed = status(run, step.node, 'running', 'completed');
    completions += 1;
    const frames = [frame(run, 'step_completed', { ...stepRef(run, step.node), result: step.output, output: step.output }), changed];
    if (completions % 2 === 0) frames.push(changed);
    return frames;
  }

  function nodeFail(run: RunFacts, step: Extract<SimStep, { op: 'node.fail' }>): MarsWire[] {
    const ref = stepRef(run, step.node);
    running.delete(step.node);
    if (!step.willRetry) {
      return [frame(run, 'step_failed', { ...ref, error: step.error, traceback: null }), status(run, step.node, 'running', 'failed', step.error)];
    }
    const attempt = (step.attempt ?? 1) + 1;
    return [
      frame(run, 'step_retry_started', {
        ...ref,
        attempt_number: attempt,
        max_attempts: 3,
        error_category: (step.code ?? 'UNKNOWN').toUpperCase(),
        error_pattern: step.error,
        success_probability: 0.75,
        strategy: 'exponential_backoff',
        suggestions: ['Retry later'],
        has_user_feedback: false,
      }),
      frame(run, 'step_retry_backoff', { ...ref, backoff_seconds: 0.3, next_attempt_at: timestamp(run.nowMs + 300) }),
      status(run, step.node, 'running', 'retrying'),
    ];
  }

  function gate(run: RunFacts, step: Extract<SimStep, { op: 'gate' }>): MarsWire[] {
    const node = nodes.get(step.node);
    return [
      frame(run, 'approval_requested', {
        approval_id: step.id,
        step_id: stepRef(run, step.node).step_id,
        action: step.message,
        description: step.message,
        context: {
          current_step: { number: node?.stepNumber ?? 0, description: node?.label ?? step.node, agent: 'engineer' },
          previous_output: null,
          proposed_action: step.context?.proposed_action ?? null,
        },
        options: [...MARS_APPROVAL_OPTIONS],
        checkpoint_type: 'before_step',
      }),
      status(run, step.node, 'running', 'waiting_approval'),
    ];
  }

  return (step: SimStep, run: RunFacts): MarsWire[] => {
    switch (step.op) {
      case 'run.start':
        return [
          frame(run, 'workflow_started', { run_id: run.runId, task_description: step.title, agent: 'engineer', model: MODEL, work_dir: `/tmp/mars/${run.runId}` }),
          frame(run, 'workflow_state_changed', { status: 'executing', started_at: timestamp(run.nowMs), completed_at: null }),
        ];
      case 'plan':
        return plan(run, step);
      case 'node.start': {
        running.add(step.node);
        const node = nodes.get(step.node);
        return [
          frame(run, 'step_started', { ...stepRef(run, step.node), step_description: node?.label ?? step.node, agent: 'engineer' }),
          status(run, step.node, step.attempt && step.attempt > 1 ? 'retrying' : 'pending', 'running'),
        ];
      }
      case 'node.progress':
        return [frame(run, 'step_progress', { ...stepRef(run, step.node), progress_percentage: Math.round(step.progress * 100), message: step.message ?? null })];
      case 'tokens':
        return [frame(run, 'agent_message', { agent: 'engineer', message: step.text, role: 'assistant', ...hint(run, step.node) })];
      case 'tool':
        return [frame(run, 'agent_tool_call', { agent: 'engineer', tool_name: step.tool, arguments: step.args, ...hint(run, step.node) })];
      case 'cost':
        return [cost(run, step)];
      case 'node.done':
        return nodeDone(run, step);
      case 'node.fail':
        return nodeFail(run, step);
      case 'node.skip':
        return [status(run, step.node, 'pending', 'skipped')];
      case 'log':
        return step.level === 'error'
          ? [frame(run, 'error_occurred', { error_type: 'Error', message: step.message, step_id: null, traceback: null })]
          : [{ type: 'status', message: step.message }];
      case 'gate':
        return gate(run, step);
      case 'gate.resolved':
        return [
          frame(run, 'approval_received', { approval_id: step.id, approved: step.decision !== 'rejected', resolution: step.decision, feedback: null }),
          status(run, step.node, 'waiting_approval', 'running'),
        ];
      case 'run.pause':
        return [frame(run, 'workflow_paused', { reason: step.reason })];
      case 'run.resume':
        return [frame(run, 'workflow_resumed', {})];
      case 'run.done':
        return [
          frame(run, 'workflow_completed', {
            final_result: step.output,
            total_cost: Number(run.totalUsd.toFixed(6)),
            total_duration_seconds: (run.nowMs - run.startedAtMs) / 1000,
          }),
          { type: 'complete' },
        ];
      case 'run.fail':
        return [frame(run, 'workflow_failed', { error: step.error, traceback: null })];
      case 'run.cancel':
        return [frame(run, 'workflow_state_changed', { status: 'cancelled', started_at: null, completed_at: timestamp(run.nowMs) })];
      case 'chapter.start':
      case 'chapter.end':
      case 'wait':
        return [];
    }
  };
}
