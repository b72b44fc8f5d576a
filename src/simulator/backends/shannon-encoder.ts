/**
 * Scenario steps → Shannon SSE frames, the way the real server writes them: `id:` a
 * Redis-style stream id `<ms>-<n>`, `event:` the type (or the renamed streaming names),
 * `data:` the envelope with `payload`. seq is gap-free from 1 per workflow.
 *
 * Choices: the plan is a TASKLIST_UPDATED (task id = scenario node id, owner = the node,
 * depends_on from the scenario edges), re-sent on every status change; tokens stream as
 * `thread.message.delta`; a cost step closes the model call as `thread.message.completed`
 * with metadata usage; AGENT_COMPLETED repeats the agent's cost_usd (as real agents do), which
 * the decoder must not count twice. A gate is APPROVAL_REQUESTED with approval_id, except
 * in runs whose id contains `noid` (the unanswerable path). The terminal event is followed
 * by STREAM_END; the backend then writes `event: done` / `data: [DONE]`.
 */
import type { SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type ShannonWire = Readonly<{ id: string; event: string; seq: number; data: Record<string, unknown> }>;

type Task = { id: string; description: string; status: string; owner: string; depends_on: string[] };

export function createShannonEncoder(): Encoder<ShannonWire> {
  let seq = 0;
  let lastMs = 0;
  let idInMs = 0;
  const tasks: Task[] = [];
  const text = new Map<string, string>();
  const agentUsd = new Map<string, number>();
  let totalTokens = 0;

  /** Redis stream ids grow strictly: `<ms>-<n>`, n counting within one millisecond. */
  function nextId(nowMs: number): string {
    if (nowMs > lastMs) {
      lastMs = nowMs;
      idInMs = 0;
    } else idInMs += 1;
    return `${lastMs}-${idInMs}`;
  }

  function wire(run: RunFacts, event: string, body: Record<string, unknown>, typed = true): ShannonWire {
    seq += 1;
    const id = nextId(run.nowMs);
    const head = typed ? { workflow_id: run.runId, type: event, timestamp: new Date(run.nowMs).toISOString() } : { workflow_id: run.runId };
    return { id, event, seq, data: { ...head, ...body, seq, stream_id: id } };
  }

  const ev = (run: RunFacts, type: string, agent: string | undefined, message: string, payload?: Record<string, unknown>) =>
    wire(run, type, { ...(agent ? { agent_id: agent } : {}), message, ...(payload ? { payload } : {}) });

  function taskUpdate(run: RunFacts, node: string, status: string): ShannonWire[] {
    const task = tasks.find((t) => t.id === node);
    if (!task || task.status === status) return [];
    task.status = status;
    return [ev(run, 'TASKLIST_UPDATED', 'tasklist', `task=${node} status=${status}`, { tasks: tasks.map((t) => ({ ...t })) })];
  }

  return (step: SimStep, run: RunFacts): ShannonWire[] => {
    switch (step.op) {
      case 'run.start':
        return [ev(run, 'WORKFLOW_STARTED', 'orchestrator', 'Workflow started', { query: step.title, mode: 'STANDARD' })];
      case 'plan':
        for (const node of step.nodes) {
          const depends = step.edges.filter((e) => e.target === node.id).map((e) => e.source);
          tasks.push({ id: node.id, description: node.label, status: 'pending', owner: node.id, depends_on: depends });
        }
        return [ev(run, 'TASKLIST_UPDATED', 'tasklist', `plan with ${tasks.length} tasks`, { tasks: tasks.map((t) => ({ ...t })) })];
      case 'chapter.start':
        return [ev(run, 'PROGRESS', undefined, `Phase: ${step.title}`)];
      case 'node.start':
        return [
          ev(run, 'AGENT_STARTED', step.node, `Agent ${step.node} started`, { role: step.node }),
          ...taskUpdate(run, step.node, 'in_progress'),
        ];
      case 'node.progress':
        return [ev(run, 'PROGRESS', step.node, step.message ?? 'working', { percentage: Math.round(step.progress * 100) })];
      case 'tokens':
        text.set(step.node, (text.get(step.node) ?? '') + step.text);
        return [wire(run, 'thread.message.delta', { delta: step.text, agent_id: step.node }, false)];
      case 'tool':
        return [
          ev(run, 'TOOL_INVOKED', step.node, `Calling ${step.tool}`, { tool: step.tool, params: step.args }),
          ev(run, 'TOOL_OBSERVATION', step.node, `${step.tool} returned`, { tool: step.tool, success: step.ok ?? true, duration_ms: 120, result: step.result }),
        ];
      case 'cost': {
        agentUsd.set(step.node, (agentUsd.get(step.node) ?? 0) + step.usd);
        totalTokens += step.inputTokens + step.outputTokens;
        const metadata = {
          tokens_used: step.inputTokens + step.outputTokens,
          input_tokens: step.inputTokens,
          output_tokens: step.outputTokens,
          cost_usd: step.usd,
          model_used: step.model,
          provider: 'openai',
        };
        const response = text.get(step.node) ?? '';
        text.delete(step.node);
        return [wire(run, 'thread.message.completed', { response, agent_id: step.node, metadata }, false)];
      }
      default:
        return encodeOutcome(step, run, { ev, taskUpdate, agentUsd, totalTokens });
    }
  };
}

type Helpers = Readonly<{
  ev: (run: RunFacts, type: string, agent: string | undefined, message: string, payload?: Record<string, unknown>) => ShannonWire;
  taskUpdate: (run: RunFacts, node: string, status: string) => ShannonWire[];
  agentUsd: ReadonlyMap<string, number>;
  totalTokens: number;
}>;

/** Completions, failures, gates and the run's own life. */
function encodeOutcome(step: SimStep, run: RunFacts, h: Helpers): ShannonWire[] {
  const { ev, taskUpdate } = h;
  switch (step.op) {
    case 'node.done':
      return [
        ev(run, 'AGENT_COMPLETED', step.node, 'Agent completed', { result: step.output, duration_ms: 800, ...usdOf(h.agentUsd.get(step.node)) }),
        ...taskUpdate(run, step.node, 'completed'),
      ];
    case 'node.fail':
      return step.willRetry
        ? [
            ev(run, 'ERROR_OCCURRED', step.node, step.error, { error_type: step.code ?? 'ERROR', error_message: step.error, recoverable: true }),
            ev(run, 'ERROR_RECOVERY', step.node, `Retrying ${step.node}`, { recovery_action: 'retry', attempt: (step.attempt ?? 1) + 1 }),
          ]
        : [
            ev(run, 'AGENT_FAILED', step.node, `Agent failed: ${step.error}`, { error: step.code ?? 'ERROR', error_message: step.error, recoverable: false }),
            ...taskUpdate(run, step.node, 'failed'),
          ];
    case 'node.skip':
      return taskUpdate(run, step.node, 'skipped');
    case 'log':
      if (step.level === 'warn') return [ev(run, 'WARNING', step.node, step.message)];
      if (step.level === 'error') return [ev(run, 'ERROR_OCCURRED', step.node, step.message, { recoverable: true })];
      return [ev(run, 'DATA_PROCESSING', step.node, step.message)];
    case 'gate':
      return [ev(run, 'APPROVAL_REQUESTED', step.node, step.message, gatePayload(step, run))];
    case 'gate.resolved':
      return [
        ev(run, 'APPROVAL_DECISION', step.node, `Approval ${step.decision}`, {
          ...(run.runId.includes('noid') ? {} : { approval_id: step.id }),
          decision: step.cause === 'timeout' ? 'timeout' : step.decision === 'approved' ? 'approved' : 'denied',
          approved_by: step.decidedBy,
        }),
      ];
    case 'run.pause':
      return [ev(run, 'workflow.paused', undefined, step.reason, { reason: step.reason })];
    case 'run.resume':
      return [ev(run, 'workflow.resumed', undefined, 'Workflow resumed')];
    case 'run.done':
      return [
        ev(run, 'WORKFLOW_COMPLETED', 'orchestrator', 'Workflow completed successfully', {
          result: step.output,
          duration_ms: run.nowMs - run.startedAtMs,
          total_tokens: h.totalTokens,
          total_cost_usd: round6(run.totalUsd),
        }),
        ev(run, 'STREAM_END', undefined, 'Stream ended'),
      ];
    case 'run.fail':
      return [
        ev(run, 'ERROR_OCCURRED', step.node, step.error, { error_type: 'WORKFLOW_FAILED', error_message: step.error, recoverable: false }),
        ev(run, 'WORKFLOW_FAILED', undefined, step.error, { error_message: step.error }),
        ev(run, 'STREAM_END', undefined, 'Stream ended'),
      ];
    case 'run.cancel':
      return [
        ev(run, 'workflow.cancelling', undefined, 'Cancelling workflow', { reason: step.reason }),
        ev(run, 'workflow.cancelled', undefined, step.reason, { reason: step.reason }),
        ev(run, 'STREAM_END', undefined, 'Stream ended'),
      ];
    default:
      return [];
  }
}

function gatePayload(step: Extract<SimStep, { op: 'gate' }>, run: RunFacts): Record<string, unknown> {
  return {
    ...(run.runId.includes('noid') ? {} : { approval_id: step.id }),
    tool_name: 'deploy',
    operation: 'execute',
    risk_level: String(step.context?.risk ?? 'MEDIUM').toUpperCase(),
    ...(step.timeoutMs !== undefined ? { timeout_seconds: Math.round(step.timeoutMs / 1000) } : {}),
    details: step.context ?? {},
  };
}

function usdOf(usd: number | undefined): { cost_usd?: number } {
  return usd === undefined ? {} : { cost_usd: round6(usd) };
}

/** USD to whole micro-dollars, as the real server's float64 totals print. */
function round6(usd: number): number {
  return Math.round(usd * 1_000_000) / 1_000_000;
}
