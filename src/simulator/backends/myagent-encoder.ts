/**
 * Scenario steps → myagent server events (myagent-ws.md, shaped like the real
 * plan_solver.py pipeline). Frames leave here WITHOUT `seq`, `event_id`, `session_id` and
 * `metadata.connection_id`: the backend stamps those per connection, as the real
 * server's `_send_event` does, so a replay after a resume can renumber them.
 *
 * Shaped like the real server (protocols/README.md "myagent"; upstream plan_solver.py and
 * session.py): partial answers are deltas; tool events carry `metadata.{tool, args, status}`
 * and pair by `step_id`; a gate is a plan confirmation (`metadata.{requires_confirmation,
 * scope, plan_summary, tasks}`, no options, no timeout) and a declined one ends the run with
 * `agent.final_answer "Plan was declined by user."`; a run ends with `pipeline.completed`
 * then `agent.final_answer`, a fatal error with `agent.error "Execution error: …"`, a cancel
 * with `agent.interrupted "Execution cancelled"`. A scenario with no plan is a plain agent
 * (no plan.* events; its final answer is the run's end). `solveOnly` (user.solve_tasks) sends
 * solver.* events and nothing that says the run ended. Costs are summed per task in integer
 * micros and sent as `cost_usd` (+ `tokens_used`) on solver.completed, so the canonical total
 * equals the scenario's sum; the 'compile' chapter is the aggregate stage.
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

export type MyagentEncoderOptions = Readonly<{ solveOnly?: boolean }>;

export function createMyagentEncoder(options: MyagentEncoderOptions = {}): Encoder<MyagentWire> {
  const texts = new Map<string, string>();
  const usage = new Map<string, Usage>();
  const labels = new Map<string, string>();
  let tasks: Record<string, unknown>[] = [];
  let summary = '';
  let planned = false;
  /** The question the run answers (run.start's title): the plan's question and summary name it. */
  let question = '';
  /** A declined plan ends the run on the real server: nothing of the scenario's reject branch is sent. */
  let declined = false;
  let toolCalls = 0;
  const answer: string[] = [];

  const wire = (run: RunFacts, event: string, content: unknown, metadata: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): MyagentWire => ({
    event,
    timestamp: naiveIso(run.nowMs),
    content,
    metadata,
    ...extra,
  });
  const task = (node: string) => ({ id: node, title: labels.get(node) ?? node });

  function plan(step: Extract<SimStep, { op: 'plan' }>, run: RunFacts): MyagentWire[] {
    planned = true;
    for (const node of step.nodes) labels.set(node.id, node.label);
    tasks = step.nodes.map((node: SimNode) => ({
      id: node.id,
      title: node.label,
      description: `${node.kind ?? 'agent'} step`,
      dependencies: step.edges.filter((edge) => edge.target === node.id).map((edge) => edge.source),
    }));
    summary = `${question || run.scenario.title}: ${step.nodes.map((node) => node.label).join(', ')}`;
    if (options.solveOnly) return [];
    return [wire(run, 'plan.completed', { tasks, plan_summary: summary }, { task_count: tasks.length, plan_summary: summary }, { show_content: `Plan ready (${tasks.length} tasks)` })];
  }

  function tool(step: Extract<SimStep, { op: 'tool' }>, run: RunFacts): MyagentWire[] {
    const stepId = `step_${++toolCalls}_${step.tool}`;
    const failed = step.ok === false;
    return [
      wire(run, 'agent.tool_call', `Calling tool: ${step.tool}`, { tool: step.tool, args: step.args, status: 'running', task_id: step.node }, { step_id: stepId }),
      wire(run, 'agent.tool_result', failed ? `Tool execution failed: ${JSON.stringify(step.result)}` : JSON.stringify(step.result), {
        tool: step.tool,
        status: failed ? 'failed' : 'success',
        error: failed ? JSON.stringify(step.result) : null,
        data: step.result,
        task_id: step.node,
      }, { step_id: stepId }),
    ];
  }

  /** The run's end: a plan/solve pipeline completes, then its final answer; a plain agent only answers; solve mode says nothing. */
  function finished(step: Extract<SimStep, { op: 'run.done' }>, run: RunFacts): MyagentWire[] {
    if (options.solveOnly) return [];
    if (!planned) return [wire(run, 'agent.final_answer', answer.join('') || String(step.output ?? 'Execution completed'))];
    return [
      wire(run, 'pipeline.completed', { aggregate_output: step.output }, { status: 'success', total_time_ms: run.nowMs - run.startedAtMs, result_summary: run.scenario.title }),
      wire(run, 'agent.final_answer', summary || 'Plan & Solve pipeline completed.'),
    ];
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

  return (step: SimStep, run: RunFacts): MyagentWire[] => (declined ? [] : encode(step, run));

  function encode(step: SimStep, run: RunFacts): MyagentWire[] {
    switch (step.op) {
      case 'run.start':
        // A plan/solve run opens with plan.start when its plan comes; a plain agent announces nothing.
        question = step.title;
        return [];
      case 'plan':
        return [...(options.solveOnly ? [] : [wire(run, 'plan.start', { question: question || run.scenario.title }, { model: 'gpt-4o-mini' }, { show_content: `Planning: ${question || run.scenario.title}` })]), ...plan(step, run)];
      case 'chapter.start':
        return step.key === 'compile' && !options.solveOnly ? [wire(run, 'aggregate.start', { question: run.scenario.title }, { task_count: tasks.length })] : [];
      case 'chapter.end':
        return step.key === 'compile' && !options.solveOnly ? [wire(run, 'aggregate.completed', { final_result: { sections: 5 } }, { aggregation_time_ms: 500 })] : [];
      case 'node.start':
        // A rerun is a new attempt: its summary is its own text, not every attempt's so far (that grew without bound).
        texts.delete(step.node);
        return planned ? [wire(run, 'solver.start', { task: task(step.node) }, { task_id: step.node, attempt: step.attempt ?? 1 }, { step_id: `solve_${step.node}`, show_content: `Solving: ${labels.get(step.node) ?? step.node}` })] : [];
      case 'node.progress':
        return planned ? [wire(run, 'solver.progress', { current_task: step.message ?? step.node, status: 'processing' }, { task_id: step.node, progress_percent: Math.round(step.progress * 100) })] : [];
      case 'tokens': {
        // The real server's partial answers are deltas (the whole text is kept here for the task's summary).
        texts.set(step.node, (texts.get(step.node) ?? '') + step.text);
        if (!planned) answer.push(step.text);
        return [wire(run, 'agent.partial_answer', step.text, { is_streaming: true, ...(planned ? { task_id: step.node } : {}), model: step.model ?? 'gpt-4o-mini' }, { show_content: step.text })];
      }
      case 'tool':
        return tool(step, run);
      case 'cost': {
        const used = usage.get(step.node) ?? { micros: 0, input: 0, output: 0 };
        usage.set(step.node, { micros: used.micros + Math.round(step.usd * 1_000_000), input: used.input + step.inputTokens, output: used.output + step.outputTokens });
        return [];
      }
      case 'node.done':
        return planned ? [done(step, run)] : [];
      case 'node.fail':
        // A retried task restarts; a task that fails for good raises, and the run's own error reports it.
        return step.willRetry
          ? [wire(run, 'solver.restarted', { task_id: step.node, previous_error: step.error }, { task_id: step.node, attempt: (step.attempt ?? 1) + 1, max_attempts: 3, previous_error: step.error, reason: 'retry_after_error', backoff_ms: 300 })]
          : [];
      case 'node.skip':
        return [wire(run, 'solver.cancelled', { task_id: step.node }, { task_id: step.node, reason: 'dependency_failed', detail: step.reason })];
      case 'log':
        return [wire(run, 'system.notice', { message: step.message }, { type: step.level === 'info' ? 'info' : 'warning' })];
      case 'gate':
        return [wire(run, 'agent.user_confirm', 'Confirm plan before solving', { requires_confirmation: true, scope: 'plan', plan_summary: summary, tasks }, { step_id: step.id, show_content: step.message })];
      case 'gate.resolved':
        if (step.decision === 'approved' || step.decision === 'approve') return [];
        // Declined (or no answer within the wait): the real server ends the run here.
        declined = true;
        return [wire(run, 'agent.final_answer', 'Plan was declined by user.')];
      case 'run.done':
        return finished(step, run);
      case 'run.fail':
        return [wire(run, 'agent.error', `Execution error: ${step.error}`)];
      case 'run.cancel':
        return [wire(run, 'agent.interrupted', 'Execution cancelled')];
      case 'run.pause':
      case 'run.resume':
      case 'gate.revised': // Shannon's review rounds and timeout end: nothing in this protocol
      case 'run.end':
      case 'wait':
        // myagent cannot pause.
        return [];
    }
  }
}
