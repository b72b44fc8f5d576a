/**
 * The bodies of relavium's RunEvents (relavium-run-events.md), one builder per kind of step; the
 * encoder stamps each with its type, run, time and sequence number. Pure: no run state here.
 */
import type { SimStep } from '@/simulator/engine/scenario';
import type { RunFacts } from '@/simulator/engine/scripted-run';

type Op<K extends SimStep['op']> = Extract<SimStep, { op: K }>;
/** One event before it is stamped. */
export type Body = Readonly<{ type: string; body?: Record<string, unknown> }>;

const laterAttempt = (attempt: number | undefined) => (attempt && attempt > 1 ? { attemptNumber: attempt } : {});

export function runStarted(step: Op<'run.start'>, run: RunFacts): Body {
  const inputs = { title: step.title, apiKey: { secret: true, ref: 'env:PROVIDER_API_KEY' } };
  return { type: 'run:started', body: { workflowId: `wf-${run.scenario.id}`, inputs, executionMode: 'local' } };
}

export function nodeStarted(step: Op<'node.start'>, nodeType: string): Body {
  return { type: 'node:started', body: { nodeId: step.node, nodeType, ...laterAttempt(step.attempt) } };
}

export function nodeCompleted(step: Op<'node.done'>): Body {
  const body = { nodeId: step.node, output: step.output, tokensUsed: { input: 0, output: 0 }, durationMs: 800, ...laterAttempt(step.attempt) };
  return { type: 'node:completed', body };
}

/** A failure that will be retried is `node:retrying`; the last one `node:failed`. */
export function nodeFailed(step: Op<'node.fail'>): Body {
  const error = { code: step.code ?? 'internal', message: step.error, retryable: step.willRetry };
  return step.willRetry
    ? { type: 'node:retrying', body: { nodeId: step.node, attemptNumber: step.attempt ?? 1, error, delayMs: 300 } }
    : { type: 'node:failed', body: { nodeId: step.node, error, ...(step.attempt ? { attemptNumber: step.attempt } : {}) } };
}

export function toolCall(step: Op<'tool'>): Body[] {
  return [
    { type: 'agent:tool_call', body: { nodeId: step.node, model: 'gpt-4o-mini', toolId: step.tool, toolInput: step.args } },
    { type: 'agent:tool_result', body: { nodeId: step.node, toolId: step.tool, success: step.ok ?? true, outputSummary: JSON.stringify(step.result).slice(0, 200) } },
  ];
}

export function gatePaused(step: Op<'gate'>, run: RunFacts): Body {
  const deadline =
    step.timeoutMs !== undefined ? { timeoutMs: step.timeoutMs, timeoutAction: 'reject', expiresAt: new Date(run.nowMs + step.timeoutMs).toISOString() } : {};
  return {
    type: 'human_gate:paused',
    body: { nodeId: step.node, gateId: step.id, gateType: step.kind, message: step.message, assignee: 'release-managers', ...deadline },
  };
}

export function gateResumed(step: Op<'gate.resolved'>): Body {
  const decision = step.decision === 'approved' || step.decision === 'rejected' ? step.decision : 'input_provided';
  return { type: 'human_gate:resumed', body: { nodeId: step.node, decision, decidedBy: step.decidedBy } };
}

export function runFailed(step: Op<'run.fail'>): Body {
  const error = { code: 'tool_failed', message: step.error, retryable: false, ...(step.node ? { nodeId: step.node } : {}) };
  return { type: 'run:failed', body: { error, partialOutputs: {} } };
}
