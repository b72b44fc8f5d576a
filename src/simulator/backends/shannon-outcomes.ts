/**
 * Shannon's frames for what ends something: a model call's LLM_OUTPUT with its usage, an agent's
 * completion or failure, gates and their decisions, and the run's own life (pause, resume, the
 * three ways it ends). Shannon never publishes WORKFLOW_FAILED or AGENT_FAILED: a failing step is an
 * ERROR_OCCURRED with the raw error (a retried one only an ERROR_RECOVERY), a failing run an
 * ERROR_OCCURRED "Hit an issue: …" and then STREAM_END — except in runs whose id contains `nodone`.
 * A gate carries an approval_id except in runs whose id contains `noid` (the real code sends none).
 */
import type { Emit } from '@/simulator/backends/shannon-hitl-encoder';
import type { ShannonWire } from '@/simulator/backends/shannon-wire';
import type { SimStep } from '@/simulator/engine/scenario';
import type { RunFacts } from '@/simulator/engine/scripted-run';

/** LLM_OUTPUT: the answer in `message`, the usage payload exactly as activities/agent.go builds it. */
export function llmOutput(step: Extract<SimStep, { op: 'cost' }>, run: RunFacts, ev: Emit, text: Map<string, string>, agent: string): ShannonWire {
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

export type Helpers = Readonly<{
  ev: Emit;
  taskUpdate: (run: RunFacts, node: string, status: string) => ShannonWire[];
  agentUsd: ReadonlyMap<string, number>;
  totalTokens: number;
}>;

/** Completions, failures, gates and the run's own life. */
export function encodeOutcome(step: SimStep, run: RunFacts, h: Helpers): ShannonWire[] {
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
