/**
 * Scenario steps → the events a real Shannon server publishes (shannon-wire.ts turns each
 * into its SSE frame and its history row). Every event takes the next seq of the workflow,
 * token deltas included; the stream id is Redis-style `<ms>-<n>`.
 *
 * Choices, after the upstream code: the plan is a TASKLIST_UPDATED (task id = scenario node
 * id, owner = the node, depends_on from the scenario edges), re-sent on every status change;
 * a model call is an LLM_PROMPT, its LLM_PARTIAL deltas and an LLM_OUTPUT carrying the usage
 * payload; AGENT_COMPLETED repeats the agent's cost_usd, which the decoder must not count
 * twice. Shannon never publishes WORKFLOW_FAILED or AGENT_FAILED: a failing step is an
 * ERROR_OCCURRED with the raw error (not terminal for the run; a retried one only an
 * ERROR_RECOVERY), a failing run an ERROR_OCCURRED
 * "Hit an issue: …" and then STREAM_END — except in runs whose id contains `nodone` (the
 * early-return paths that never schedule it). A cancel is workflow.cancelling, STREAM_END,
 * then workflow.cancelled (the DAG paths' order). A gate is APPROVAL_REQUESTED with an
 * approval_id in its payload, except in runs whose id contains `noid` (the real code sends none).
 * A `review` gate is the research-plan review, and a plan whose nodes name an `agent` is a
 * swarm's task list: both are encoded as upstream sends them (shannon-hitl-encoder.ts).
 */
import { isSwarm, planReady, reviewEnded, reviewRound, swarmDone, swarmStarted, type Emit } from '@/simulator/backends/shannon-hitl-encoder';
import type { ShannonWire } from '@/simulator/backends/shannon-wire';
import type { SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type { ShannonWire } from '@/simulator/backends/shannon-wire';

/** A swarm's SwarmTask keeps its struct order and sends `depends_on: null` when it has none. */
type Task = { id: string; description: string; status: string; owner: string; created_by?: string; depends_on: string[] | null; completed_at?: string };

export function createShannonEncoder(): Encoder<ShannonWire> {
  let seq = 0;
  let lastMs = 0;
  let idInMs = 0;
  const tasks: Task[] = [];
  const text = new Map<string, string>();
  const agentUsd = new Map<string, number>();
  let totalTokens = 0;
  // Swarm runs: who works on each task, and which agents already started (an idle agent takes another task).
  const agents = new Map<string, string>();
  const started = new Set<string>();
  const reviews = new Set<string>();
  const who = (node: string) => agents.get(node) ?? node;

  /** Redis stream ids grow strictly: `<ms>-<n>`, n counting within one millisecond. */
  function nextId(nowMs: number): string {
    if (nowMs > lastMs) {
      lastMs = nowMs;
      idInMs = 0;
    } else idInMs += 1;
    return `${lastMs}-${idInMs}`;
  }

  /** The Go streaming.Event, in its field order, empty fields omitted as `omitempty` does. */
  const ev: Emit = (run, type, { agent, message, payload }) => {
    seq += 1;
    return {
      workflow_id: run.runId,
      type,
      ...(agent ? { agent_id: agent } : {}),
      ...(message ? { message } : {}),
      ...(payload ? { payload } : {}),
      timestamp: new Date(run.nowMs).toISOString(),
      seq,
      stream_id: nextId(run.nowMs),
    };
  };

  function taskUpdate(run: RunFacts, node: string, status: string): ShannonWire[] {
    const task = tasks.find((t) => t.id === node);
    if (!task || task.status === status) return [];
    task.status = status;
    if (!agents.has(node)) return [ev(run, 'TASKLIST_UPDATED', { agent: 'tasklist', message: `task=${node} status=${status}`, payload: { tasks: tasks.map((t) => ({ ...t })) } })];
    // A swarm agent's own update (UpdateTaskStatus): it owns the task from in_progress on, and keeps it.
    task.owner = who(node);
    if (status === 'completed') task.completed_at = new Date(run.nowMs).toISOString().replace(/\.\d+Z$/, 'Z');
    return [ev(run, 'TASKLIST_UPDATED', { agent: who(node), payload: { tasks: tasks.map((t) => ({ ...t })) } })];
  }

  /** A plan whose nodes name agents is a swarm's task list: created unowned by the lead. */
  function plan(step: Extract<SimStep, { op: 'plan' }>, run: RunFacts): ShannonWire[] {
    for (const node of step.nodes) {
      const depends = step.edges.filter((e) => e.target === node.id).map((e) => e.source);
      if (node.agent === undefined) {
        tasks.push({ id: node.id, description: node.label, status: 'pending', owner: node.id, depends_on: depends });
        continue;
      }
      agents.set(node.id, node.agent);
      tasks.push({ id: node.id, description: node.label, status: 'pending', owner: '', created_by: 'lead', depends_on: depends.length > 0 ? depends : null });
    }
    const message = agents.size > 0 ? `Created ${tasks.length} tasks` : `plan with ${tasks.length} tasks`;
    return [ev(run, 'TASKLIST_UPDATED', { agent: 'tasklist', message, payload: { tasks: tasks.map((t) => ({ ...t })) } })];
  }

  function agentStarted(run: RunFacts, node: string): ShannonWire[] {
    const agent = who(node);
    if (agents.has(node) && started.has(agent)) return taskUpdate(run, node, 'in_progress');
    started.add(agent);
    const message = agents.has(node) ? `${agent} is on it` : `Agent ${node} started`;
    return [ev(run, 'AGENT_STARTED', { agent, message, payload: { role: agents.has(node) ? 'researcher' : node } }), ...taskUpdate(run, node, 'in_progress')];
  }

  return (step: SimStep, run: RunFacts): ShannonWire[] => {
    switch (step.op) {
      case 'run.start':
        if (isSwarm(run)) return swarmStarted(run, ev);
        return [ev(run, 'WORKFLOW_STARTED', { agent: 'orchestrator', message: 'Starting up', payload: { query: step.title, mode: 'STANDARD' } })];
      case 'plan':
        return plan(step, run);
      case 'chapter.start':
        return [ev(run, 'PROGRESS', { message: `Phase: ${step.title}` })];
      case 'node.start':
        return agentStarted(run, step.node);
      case 'node.progress':
        return [ev(run, 'PROGRESS', { agent: who(step.node), message: step.message ?? 'working', payload: { percentage: Math.round(step.progress * 100) } })];
      case 'tokens': {
        // A swarm agent's reply is not streamed: its LLM_OUTPUT carries the text.
        if (agents.has(step.node)) {
          text.set(step.node, (text.get(step.node) ?? '') + step.text);
          return [];
        }
        // The first delta of a model call follows its prompt (never persisted, like the deltas):
        // activities/agent.go sends the agent's query (here its task's description) in `message`.
        const query = tasks.find((t) => t.id === step.node)?.description ?? step.node;
        const prompt = text.has(step.node) ? [] : [ev(run, 'LLM_PROMPT', { agent: step.node, message: query, payload: { role: step.node } })];
        text.set(step.node, (text.get(step.node) ?? '') + step.text);
        return [...prompt, ev(run, 'LLM_PARTIAL', { agent: step.node, message: step.text })];
      }
      case 'tool':
        return [
          ev(run, 'TOOL_INVOKED', { agent: who(step.node), message: `Calling ${step.tool}`, payload: { tool: step.tool, params: step.args } }),
          ev(run, 'TOOL_OBSERVATION', { agent: who(step.node), message: `${step.tool} returned`, payload: { tool: step.tool, success: step.ok ?? true, duration_ms: 120, result: step.result } }),
        ];
      case 'cost':
        agentUsd.set(step.node, (agentUsd.get(step.node) ?? 0) + step.usd);
        totalTokens += step.inputTokens + step.outputTokens;
        return [llmOutput(step, run, ev, text, who(step.node))];
      case 'gate':
        if (step.kind !== 'review') return encodeOutcome(step, run, { ev, taskUpdate, agentUsd, totalTokens });
        reviews.add(step.id);
        return [planReady(step, run, ev)];
      case 'gate.revised':
        return reviewRound(step, run, ev);
      case 'gate.resolved':
        return reviews.has(step.id) ? reviewEnded(step, run, ev) : encodeOutcome(step, run, { ev, taskUpdate, agentUsd, totalTokens });
      case 'node.done':
        if (agents.has(step.node)) return taskUpdate(run, step.node, 'completed');
        return encodeOutcome(step, run, { ev, taskUpdate, agentUsd, totalTokens });
      case 'run.done':
        if (agents.size > 0) return swarmDone(step.output, run, ev);
        return encodeOutcome(step, run, { ev, taskUpdate, agentUsd, totalTokens });
      default:
        return encodeOutcome(step, run, { ev, taskUpdate, agentUsd, totalTokens });
    }
  };
}

/** LLM_OUTPUT: the answer in `message`, the usage payload exactly as activities/agent.go builds it. */
function llmOutput(step: Extract<SimStep, { op: 'cost' }>, run: RunFacts, ev: Emit, text: Map<string, string>, agent: string): ShannonWire {
  const response = text.get(step.node) ?? '';
  text.delete(step.node);
  const payload = {
    tokens_used: step.inputTokens + step.outputTokens,
    model_used: step.model,
    provider: 'openai',
    input_tokens: step.inputTokens,
    output_tokens: step.outputTokens,
    cost_usd: step.usd,
    duration_ms: 840,
    role: agent === step.node ? step.node : 'researcher',
    cache_read_tokens: 0,
    cache_creation_tokens: 0,
    cache_creation_5m_tokens: 0,
    cache_creation_1h_tokens: 0,
  };
  return ev(run, 'LLM_OUTPUT', { agent, message: response, payload });
}

type Helpers = Readonly<{
  ev: Emit;
  taskUpdate: (run: RunFacts, node: string, status: string) => ShannonWire[];
  agentUsd: ReadonlyMap<string, number>;
  totalTokens: number;
}>;

/** Completions, failures, gates and the run's own life. */
function encodeOutcome(step: SimStep, run: RunFacts, h: Helpers): ShannonWire[] {
  const { ev, taskUpdate } = h;
  switch (step.op) {
    case 'node.done':
      return [ev(run, 'AGENT_COMPLETED', { agent: step.node, message: 'Done', payload: { result: step.output, duration_ms: 800, ...usdOf(h.agentUsd.get(step.node)) } }), ...taskUpdate(run, step.node, 'completed')];
    case 'node.fail':
      // A retried failure stays inside the agent's activity: only a recovery note is published.
      return step.willRetry
        ? [ev(run, 'ERROR_RECOVERY', { agent: step.node, message: `Retrying ${step.node}: ${step.error}`, payload: { recovery_action: 'retry', attempt: (step.attempt ?? 1) + 1 } })]
        : [ev(run, 'ERROR_OCCURRED', { agent: step.node, message: step.error }), ...taskUpdate(run, step.node, 'failed')];
    case 'node.skip':
      return taskUpdate(run, step.node, 'skipped');
    case 'log':
      if (step.level === 'warn') return [ev(run, 'WARNING', { agent: step.node, message: step.message })];
      // An error the run only reports: recoverable, so it fails no step.
      if (step.level === 'error') return [ev(run, 'ERROR_OCCURRED', { agent: step.node, message: step.message, payload: { recoverable: true } })];
      return [ev(run, 'DATA_PROCESSING', { agent: step.node, message: step.message })];
    case 'gate':
      return [ev(run, 'APPROVAL_REQUESTED', { agent: step.node, message: step.message, ...(run.runId.includes('noid') ? {} : { payload: gatePayload(step) }) })];
    case 'gate.resolved':
      return [
        ev(run, 'APPROVAL_DECISION', {
          agent: step.node,
          message: step.decision === 'approved' ? 'Approved — continuing' : 'Denied — stopping',
          ...(run.runId.includes('noid') ? {} : { payload: { approval_id: step.id, decision: step.cause === 'timeout' ? 'timeout' : step.decision === 'approved' ? 'approved' : 'denied', approved_by: step.decidedBy } }),
        }),
      ];
    default:
      return encodeRunLife(step, run, h);
  }
}

/** Pause, resume, and the three ways a run ends. */
function encodeRunLife(step: SimStep, run: RunFacts, { ev, totalTokens }: Helpers): ShannonWire[] {
  const end = () => ev(run, 'STREAM_END', { agent: 'orchestrator', message: 'Done' });
  switch (step.op) {
    case 'run.pause':
      return [ev(run, 'WORKFLOW_PAUSING', { agent: 'orchestrator', message: `Pausing: ${step.reason}` }), ev(run, 'WORKFLOW_PAUSED', { agent: 'orchestrator', message: 'Paused', payload: { checkpoint: 'pre_execution' } })];
    case 'run.resume':
      return [ev(run, 'WORKFLOW_RESUMED', { agent: 'orchestrator', message: 'Resuming' })];
    case 'run.done':
      return [
        ev(run, 'WORKFLOW_COMPLETED', {
          agent: 'orchestrator',
          message: 'All done',
          payload: { result: step.output, duration_ms: run.nowMs - run.startedAtMs, total_tokens: totalTokens, total_cost_usd: round6(run.totalUsd) },
        }),
        end(),
      ];
    case 'run.fail': {
      const failed = ev(run, 'ERROR_OCCURRED', { agent: step.node, message: hitAnIssue(step.error) });
      return run.runId.includes('nodone') ? [failed] : [failed, end()];
    }
    case 'run.cancel':
      return [
        ev(run, 'WORKFLOW_CANCELLING', { agent: 'orchestrator', message: `Cancelling: ${step.reason}` }),
        end(),
        ev(run, 'WORKFLOW_CANCELLED', { agent: 'orchestrator', message: `Cancelled: ${step.reason}`, payload: { reason: step.reason, at_return: true } }),
      ];
    default:
      return [];
  }
}

/** The server's MsgTaskFailed: "Hit an issue: <first 100 characters>...". */
function hitAnIssue(reason: string): string {
  return `Hit an issue: ${reason.length > 100 ? `${reason.slice(0, 100)}...` : reason}`;
}

function gatePayload(step: Extract<SimStep, { op: 'gate' }>): Record<string, unknown> {
  return {
    approval_id: step.id,
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
