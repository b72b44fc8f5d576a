/**
 * Scenario steps → myagent server events (myagent-ws.md, shaped like the real
 * plan_solver.py pipeline). Frames leave here WITHOUT `seq`, `event_id`, `session_id` and
 * `metadata.connection_id`: the backend stamps those per connection, as the real
 * server's `_send_event` does, so a replay after a resume can renumber them.
 *
 * Shaped like the real server (JasonDZS/myagent myagent/ws/plan_solver.py and
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
import { compressedWaitShiftMs, isToolConfirmation } from '@/simulator/backends/myagent-shipped';
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
  /** Every LLM call's record so far (pipeline.completed sends them all). */
  const calls: Record<string, unknown>[] = [];
  const answer: string[] = [];
  /** Words streamed so far per node: the real server counts them in each partial answer's `word_count` (agent/toolcall.py). */
  const words = new Map<string, number>();
  /** Tool confirmations (`confirm_<hex>_<tool>`), and the call each one holds: its result comes once it is decided. */
  const toolGates = new Set<string>();
  const heldCalls = new Map<string, string>();

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

  /** A plain agent's tool events name no task (session.py wraps the agent's tools; nothing names a task). */
  function tool(step: Extract<SimStep, { op: 'tool' }>, run: RunFacts): MyagentWire[] {
    const held = heldCalls.get(step.tool);
    heldCalls.delete(step.tool);
    const stepId = held ?? `step_${++toolCalls}_${step.tool}`;
    const failed = step.ok === false;
    const task = planned ? { task_id: step.node } : {};
    // A denial is a ToolResult with `error` (base_tool.py): its content is str(output), "None".
    const error = typeof step.result === 'string' ? step.result : JSON.stringify(step.result);
    const call = wire(run, 'agent.tool_call', `Calling tool: ${step.tool}`, { tool: step.tool, args: step.args, status: 'running', ...task }, { step_id: stepId });
    const result = wire(run, 'agent.tool_result', failed ? 'None' : JSON.stringify(step.result), {
      tool: step.tool,
      status: failed ? 'failed' : 'success',
      error: failed ? error : null,
      ...(failed ? {} : { data: step.result }),
      ...task,
    }, { step_id: stepId });
    return held ? [result] : [call, result];
  }

  /** session.py `_handle_tool_confirmation`: the call is announced, then the confirmation; no timeout is sent. */
  function toolGate(step: Extract<SimStep, { op: 'gate' }>, run: RunFacts): MyagentWire[] {
    const context = step.context ?? {};
    const name = typeof context.tool === 'string' ? context.tool : step.id;
    const args = (context.arguments ?? {}) as Record<string, unknown>;
    const stepId = `step_${++toolCalls}_${name}`;
    toolGates.add(step.id);
    heldCalls.set(name, stepId);
    return [
      wire(run, 'agent.tool_call', `Calling tool: ${name}`, { tool: name, args, status: 'running' }, { step_id: stepId }),
      wire(run, 'agent.user_confirm', `Confirm tool execution: ${name}`, { tool_name: name, tool_description: context.description ?? '', tool_args: args, requires_confirmation: true }, { step_id: step.id, show_content: '请确认操作', timestamp: confirmTime(step, run) }),
    ];
  }

  /** The run's end: a plan/solve pipeline completes, then its final answer; a plain agent only answers; solve mode says nothing. */
  function finished(step: Extract<SimStep, { op: 'run.done' }>, run: RunFacts): MyagentWire[] {
    if (options.solveOnly) return [];
    if (!planned) return [...closeStream(run, answer.join('')), wire(run, 'agent.final_answer', answer.join('') || String(step.output ?? 'Execution completed'))];
    // plan_solver.py: content {context, solver_results, aggregate_output}; every LLM call's record in metadata.statistics.
    const context = { name: 'plan_solver', question, tasks, plan_summary: summary };
    return [
      wire(run, 'pipeline.completed', { context, solver_results: [], aggregate_output: step.output }, { statistics: [...calls], status: 'success', total_time_ms: run.nowMs - run.startedAtMs, result_summary: run.scenario.title }),
      wire(run, 'agent.final_answer', summary || 'Plan & Solve pipeline completed.'),
    ];
  }

  function done(step: Extract<SimStep, { op: 'node.done' }>, run: RunFacts): MyagentWire {
    const used = usage.get(step.node);
    // The task is named in content.task only (plan_solver.py); tokens are per-call statistics.
    const metadata: Record<string, unknown> = { execution_time_ms: 800 };
    if (step.attempt !== undefined) metadata.attempt = step.attempt;
    if (used) {
      // Not upstream: the shipped server sends no money. Kept so every dialect's runs show the scenario's cost.
      metadata.cost_usd = used.micros / 1_000_000;
      const call = { id: calls.length + 1, call_type: 'ask', input_tokens: used.input, output_tokens: used.output, total_tokens: used.input + used.output, stream: true, model: 'gpt-4o-mini', origin: 'solver', agent: 'solver' };
      calls.push(call);
      metadata.statistics = [call];
    }
    const content = { task: task(step.node), result: { status: 'success', output: step.output, summary: texts.get(step.node) ?? null } };
    return wire(run, 'solver.completed', content, metadata, { step_id: `solve_${step.node}`, show_content: `Solved: ${labels.get(step.node) ?? step.node}` });
  }

  /** The real server closes a streamed answer with an empty partial: `is_final` and the whole text's `total_length`. */
  function closeStream(run: RunFacts, text: string): MyagentWire[] {
    if (text === '') return [];
    words.clear();
    return [wire(run, 'agent.partial_answer', '', { is_streaming: true, is_final: true, total_length: text.trim().length })];
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
        return planned ? [wire(run, 'solver.start', { task: task(step.node) }, { attempt: step.attempt ?? 1 }, { step_id: `solve_${step.node}`, show_content: `Solving: ${labels.get(step.node) ?? step.node}` })] : [];
      case 'node.progress':
        return planned ? [wire(run, 'solver.progress', { current_task: step.message ?? step.node, status: 'processing' }, { task_id: step.node, progress_percent: Math.round(step.progress * 100) })] : [];
      case 'tokens': {
        // The real server's partial answers are deltas (the whole text is kept here for the task's summary).
        texts.set(step.node, (texts.get(step.node) ?? '') + step.text);
        if (!planned) answer.push(step.text);
        const count = (words.get(step.node) ?? 0) + step.text.split(/\s+/).filter(Boolean).length;
        words.set(step.node, count);
        const meta = { is_streaming: true, word_count: count, is_final: false, ...(planned ? { task_id: step.node } : {}), model: step.model ?? 'gpt-4o-mini' };
        return [wire(run, 'agent.partial_answer', step.text, meta, { show_content: step.text })];
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
        if (isToolConfirmation(step.id)) return toolGate(step, run);
        return [wire(run, 'agent.user_confirm', 'Confirm plan before solving', { requires_confirmation: true, scope: 'plan', plan_summary: summary, tasks }, { step_id: step.id, show_content: step.message, timestamp: confirmTime(step, run) })];
      case 'gate.resolved':
        // The server says nothing when a confirmation ends: a tool's result follows, a plan's decline ends the run.
        if (toolGates.has(step.id)) return [];
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

/** A confirmation's timestamp on the simulator's clock (myagent-shipped.ts `compressedWaitShiftMs`). */
function confirmTime(step: Extract<SimStep, { op: 'gate' }>, run: RunFacts): string {
  return naiveIso(run.nowMs - compressedWaitShiftMs(step.id, step.timeoutMs));
}
