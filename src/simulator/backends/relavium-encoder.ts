/**
 * Scenario steps → relavium RunEvent wire objects (relavium-run-events.md), numbered
 * gap-free from 0 per run. Costs are integer micro-cents; secret inputs are masked.
 */
import type { SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type RelaviumWire = Record<string, unknown> & { type: string; sequenceNumber: number };

const USD_TO_MICROCENTS = 100_000_000;

export function createRelaviumEncoder(): Encoder<RelaviumWire> {
  let sequenceNumber = 0;
  let cumulativeMicrocents = 0;
  let totalTokens = 0;
  const nodeKinds = new Map<string, string>();

  const frame = (run: RunFacts, type: string, body: Record<string, unknown> = {}): RelaviumWire => ({
    type,
    runId: run.runId,
    timestamp: new Date(run.nowMs).toISOString(),
    sequenceNumber: sequenceNumber++,
    ...body,
  });

  return (step: SimStep, run: RunFacts): RelaviumWire[] => {
    switch (step.op) {
      case 'run.start':
        return [
          frame(run, 'run:started', {
            workflowId: `wf-${run.scenario.id}`,
            inputs: { title: step.title, apiKey: { secret: true, ref: 'env:PROVIDER_API_KEY' } },
            executionMode: 'local',
          }),
        ];
      case 'plan':
        // relavium declares no graph: nodes appear as they start.
        for (const node of step.nodes) nodeKinds.set(node.id, node.kind ?? 'agent');
        return [];
      case 'node.start':
        return [
          frame(run, 'node:started', {
            nodeId: step.node,
            nodeType: nodeKinds.get(step.node) ?? 'agent',
            ...(step.attempt && step.attempt > 1 ? { attemptNumber: step.attempt } : {}),
          }),
        ];
      case 'tokens':
        return [frame(run, 'agent:token', { nodeId: step.node, token: step.text, model: step.model ?? 'gpt-4o-mini' })];
      case 'tool':
        return [
          frame(run, 'agent:tool_call', { nodeId: step.node, model: 'gpt-4o-mini', toolId: step.tool, toolInput: step.args }),
          frame(run, 'agent:tool_result', {
            nodeId: step.node,
            toolId: step.tool,
            success: step.ok ?? true,
            outputSummary: JSON.stringify(step.result).slice(0, 200),
          }),
        ];
      case 'cost': {
        const costMicrocents = Math.round(step.usd * USD_TO_MICROCENTS);
        cumulativeMicrocents += costMicrocents;
        totalTokens += step.inputTokens + step.outputTokens;
        return [
          frame(run, 'cost:updated', {
            nodeId: step.node,
            model: step.model,
            inputTokens: step.inputTokens,
            outputTokens: step.outputTokens,
            costMicrocents,
            cumulativeCostMicrocents: cumulativeMicrocents,
          }),
        ];
      }
      case 'node.done':
        return [
          frame(run, 'node:completed', {
            nodeId: step.node,
            output: step.output,
            tokensUsed: { input: 0, output: 0 },
            durationMs: 800,
            ...(step.attempt && step.attempt > 1 ? { attemptNumber: step.attempt } : {}),
          }),
        ];
      case 'node.fail': {
        const error = { code: step.code ?? 'internal', message: step.error, retryable: step.willRetry };
        return step.willRetry
          ? [frame(run, 'node:retrying', { nodeId: step.node, attemptNumber: step.attempt ?? 1, error, delayMs: 300 })]
          : [frame(run, 'node:failed', { nodeId: step.node, error, ...(step.attempt ? { attemptNumber: step.attempt } : {}) })];
      }
      case 'node.skip':
        return [frame(run, 'node:skipped', { nodeId: step.node, reason: step.reason })];
      case 'gate':
        return [
          frame(run, 'human_gate:paused', {
            nodeId: step.node,
            gateId: step.id,
            gateType: step.kind,
            message: step.message,
            assignee: 'release-managers',
            ...(step.timeoutMs !== undefined
              ? {
                  timeoutMs: step.timeoutMs,
                  timeoutAction: 'reject',
                  expiresAt: new Date(run.nowMs + step.timeoutMs).toISOString(),
                }
              : {}),
          }),
        ];
      case 'gate.resolved':
        return [
          frame(run, 'human_gate:resumed', {
            nodeId: step.node,
            decision: step.decision === 'approved' || step.decision === 'rejected' ? step.decision : 'input_provided',
            decidedBy: step.decidedBy,
          }),
        ];
      case 'run.done':
        return [
          frame(run, 'run:completed', {
            outputs: { result: step.output },
            totalTokensUsed: totalTokens,
            totalCostMicrocents: cumulativeMicrocents,
            durationMs: run.nowMs - run.startedAtMs,
          }),
        ];
      case 'run.fail':
        return [
          frame(run, 'run:failed', {
            error: { code: 'tool_failed', message: step.error, retryable: false, ...(step.node ? { nodeId: step.node } : {}) },
            partialOutputs: {},
          }),
        ];
      case 'run.cancel':
        return [frame(run, 'run:cancelled')];
      case 'run.pause':
        return [frame(run, 'run:paused', { pendingGateCount: 0, gateIds: [] })];
      case 'chapter.start':
      case 'chapter.end':
      case 'node.progress':
      case 'log':
      case 'run.resume':
      case 'gate.revised': // Shannon's review rounds and timeout end: nothing in this protocol
      case 'run.end':
      case 'wait':
        return [];
    }
  };
}
