/**
 * Scenario steps → myagent server events (myagent-ws.md, shaped like the real
 * plan_solver.py pipeline). Frames leave here WITHOUT `seq`, `event_id`, `session_id` and
 * `metadata.connection_id`: the backend stamps those per connection, as the real
 * server's `_send_event` does, so a replay after a resume can renumber them.
 *
 * Choices: partial answers are deltas (like the real server); costs are
 * summed per task in integer micros and sent as `cost_usd` (+ `tokens_used`) on
 * solver.completed, so the canonical total equals the scenario's sum; the 'compile'
 * chapter is the aggregate stage; a gate is a plan confirmation (agent.user_confirm).
 */
import type { SimNode, SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type MyagentWire = { event: string; timestamp: string; content?: unknown; metadata: Record<string, unknown> } & Record<string, unknown>;

/** `datetime.now().isoformat()`: local time, microseconds, no zone. */
export function naiveIso(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}000`;
}

type Usage = { micros: number; input: number; output: number };

export function createMyagentEncoder(): Encoder<MyagentWire> {
  const texts = new Map<string, string>();
  const usage = new Map<string, Usage>();
  const labels = new Map<string, string>();
  let tasks: Record<string, unknown>[] = [];
  let summary = '';

  const wire = (run: RunFacts, event: string, content: unknown, metadata: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): MyagentWire => ({
    event,
    timestamp: naiveIso(run.nowMs),
    content,
    metadata,
    ...extra,
  });
  const task = (node: string) => ({ id: node, title: labels.get(node) ?? node });

  function plan(step: Extract<SimStep, { op: 'plan' }>, run: RunFacts): MyagentWire[] {
    for (const node of step.nodes) labels.set(node.id, node.label);
    tasks = step.nodes.map((node: SimNode) => ({
      id: node.id,
      title: node.label,
      description: `${node.kind ?? 'agent'} step`,
      dependencies: step.edges.filter((edge) => edge.target === node.id).map((edge) => edge.source),
    }));
    summary = `${run.scenario.title}: ${step.nodes.map((node) => node.label).join(', ')}`;
    return [wire(run, 'plan.completed', { tasks, plan_summary: summary }, { task_count: tasks.length, plan_summary: summary }, { show_content: `Plan ready (${tasks.length} tasks)` })];
  }

  function done(step: Extract<SimStep, { op: 'node.done' }>, run: RunFacts): MyagentWire {
    const used = usage.get(step.node);
    const metadata: Record<string, unknown> = { task_id: step.node, execution_time_ms: 800 };
    if (step.attempt !== undefined) metadata.attempt = step.attempt;
    if (used) {
      metadata.cost_usd = used.micros / 1_000_000;
      metadata.tokens_used = { input: used.input, output: used.output };
    }
    const content = { task: task(step.node), result: { status: 'success', output: step.output, summary: texts.get(step.node) ?? null } };
    return wire(run, 'solver.completed', content, metadata, { step_id: `solve_${step.node}`, show_content: `Solved: ${labels.get(step.node) ?? step.node}` });
  }

  return (step: SimStep, run: RunFacts): MyagentWire[] => {
    switch (step.op) {
      case 'run.start':
        return [wire(run, 'plan.start', { question: step.title }, { plan_id: `plan_${run.scenario.id}`, model: 'gpt-4o-mini' }, { show_content: `Planning: ${step.title}` })];
      case 'plan':
        return plan(step, run);
      case 'chapter.start':
        return step.key === 'compile' ? [wire(run, 'aggregate.start', { question: run.scenario.title }, { task_count: tasks.length })] : [];
      case 'chapter.end':
        return step.key === 'compile' ? [wire(run, 'aggregate.completed', { final_result: { sections: 5 } }, { aggregation_time_ms: 500 })] : [];
      case 'node.start':
        return [wire(run, 'solver.start', { task: task(step.node) }, { task_id: step.node, attempt: step.attempt ?? 1 }, { step_id: `solve_${step.node}`, show_content: `Solving: ${labels.get(step.node) ?? step.node}` })];
      case 'node.progress':
        return [wire(run, 'solver.progress', { current_task: step.message ?? step.node, status: 'processing' }, { task_id: step.node, progress_percent: Math.round(step.progress * 100) })];
      case 'tokens': {
        // The real server's partial answers are deltas (the whole text is kept here for the task's summary).
        texts.set(step.node, (texts.get(step.node) ?? '') + step.text);
        return [wire(run, 'agent.partial_answer', step.text, { task_id: step.node, model: step.model ?? 'gpt-4o-mini' }, { show_content: step.text })];
      }
      case 'tool': {
        const callId = `call_${step.node}_${step.tool}`;
        return [
          wire(run, 'agent.tool_call', `Calling ${step.tool}`, { task_id: step.node, tool_name: step.tool, tool_args: step.args, call_id: callId }),
          wire(run, 'agent.tool_result', `${step.tool} returned`, {
            task_id: step.node,
            tool_name: step.tool,
            call_id: callId,
            result: { status: step.ok === false ? 'error' : 'success', data: step.result },
            execution_time_ms: 120,
          }),
        ];
      }
      case 'cost': {
        const used = usage.get(step.node) ?? { micros: 0, input: 0, output: 0 };
        usage.set(step.node, { micros: used.micros + Math.round(step.usd * 1_000_000), input: used.input + step.inputTokens, output: used.output + step.outputTokens });
        return [];
      }
      case 'node.done':
        return [done(step, run)];
      case 'node.fail':
        return step.willRetry
          ? [
              wire(run, 'solver.restarted', { task_id: step.node, previous_error: step.error }, {
                task_id: step.node,
                attempt: (step.attempt ?? 1) + 1,
                max_attempts: 3,
                previous_error: step.error,
                reason: 'retry_after_error',
                backoff_ms: 300,
              }),
            ]
          : [wire(run, 'agent.error', step.error, { task_id: step.node, error_code: step.code ?? 'AGENT_001', stage: 'solving' })];
      case 'node.skip':
        return [wire(run, 'solver.cancelled', { task_id: step.node }, { task_id: step.node, reason: 'dependency_failed', detail: step.reason })];
      case 'log':
        return [wire(run, 'system.notice', { message: step.message }, { type: step.level === 'info' ? 'info' : 'warning' })];
      case 'gate':
        return [
          wire(run, 'agent.user_confirm', step.message, {
            requires_confirmation: true,
            scope: 'plan',
            tasks,
            task_count: tasks.length,
            plan_summary: summary,
            options: step.options.map(({ value, label }) => ({ value, label })),
            ...(step.timeoutMs !== undefined ? { timeout_seconds: step.timeoutMs / 1000 } : {}),
          }, { step_id: step.id, show_content: step.message }),
        ];
      case 'run.done':
        return [wire(run, 'pipeline.completed', { aggregate_output: step.output }, { status: 'success', total_time_ms: run.nowMs - run.startedAtMs, result_summary: run.scenario.title })];
      case 'run.fail':
        return [wire(run, 'pipeline.completed', { aggregate_output: null }, { status: 'failed', total_time_ms: run.nowMs - run.startedAtMs, result_summary: step.error })];
      case 'run.cancel':
        return [
          wire(run, 'agent.interrupted', step.reason, { reason: 'user_request' }),
          wire(run, 'agent.session_end', 'Session ended after cancellation', { reason: 'user_request', completion_status: 'partial' }),
        ];
      case 'gate.resolved':
      case 'run.pause':
      case 'run.resume':
      case 'wait':
        // The real server says nothing when a confirmation is answered, and cannot pause.
        return [];
    }
  };
}
