/**
 * Scenario steps → relavium RunEvent wire objects (relavium-run-events.md), numbered
 * gap-free from 0 per run. Costs are integer micro-cents; secret inputs are masked.
 *
 * This module keeps the run's counters (sequence, cost, tokens, node kinds) and stamps each
 * event; what each event carries is `relavium-bodies.ts`.
 */
import * as bodies from '@/simulator/backends/relavium-bodies';
import type { SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type RelaviumWire = Record<string, unknown> & { type: string; sequenceNumber: number };

const USD_TO_MICROCENTS = 100_000_000;

export function createRelaviumEncoder(): Encoder<RelaviumWire> {
  let sequenceNumber = 0;
  let cumulativeMicrocents = 0;
  let totalTokens = 0;
  const nodeKinds = new Map<string, string>();

  const stamp = (run: RunFacts, { type, body = {} }: bodies.Body): RelaviumWire => ({
    type,
    runId: run.runId,
    timestamp: new Date(run.nowMs).toISOString(),
    sequenceNumber: sequenceNumber++,
    ...body,
  });

  const cost = (step: Extract<SimStep, { op: 'cost' }>): bodies.Body => {
    const costMicrocents = Math.round(step.usd * USD_TO_MICROCENTS);
    cumulativeMicrocents += costMicrocents;
    totalTokens += step.inputTokens + step.outputTokens;
    const body = { nodeId: step.node, model: step.model, inputTokens: step.inputTokens, outputTokens: step.outputTokens, costMicrocents, cumulativeCostMicrocents: cumulativeMicrocents };
    return { type: 'cost:updated', body };
  };

  const runCompleted = (step: Extract<SimStep, { op: 'run.done' }>, run: RunFacts): bodies.Body => ({
    type: 'run:completed',
    body: { outputs: { result: step.output }, totalTokensUsed: totalTokens, totalCostMicrocents: cumulativeMicrocents, durationMs: run.nowMs - run.startedAtMs },
  });

  /** What a step says, unstamped; several events for a tool call, none for what relavium does not tell. */
  const describe = (step: SimStep, run: RunFacts): bodies.Body[] => {
    switch (step.op) {
      case 'run.start':
        return [bodies.runStarted(step, run)];
      case 'plan':
        // relavium declares no graph: nodes appear as they start.
        for (const node of step.nodes) nodeKinds.set(node.id, node.kind ?? 'agent');
        return [];
      case 'node.start':
        return [bodies.nodeStarted(step, nodeKinds.get(step.node) ?? 'agent')];
      case 'tokens':
        return [{ type: 'agent:token', body: { nodeId: step.node, token: step.text, model: step.model ?? 'gpt-4o-mini' } }];
      case 'tool':
        return bodies.toolCall(step);
      case 'cost':
        return [cost(step)];
      case 'node.done':
        return [bodies.nodeCompleted(step)];
      case 'node.fail':
        return [bodies.nodeFailed(step)];
      case 'node.skip':
        return [{ type: 'node:skipped', body: { nodeId: step.node, reason: step.reason } }];
      case 'gate':
        return [bodies.gatePaused(step, run)];
      case 'gate.resolved':
        return [bodies.gateResumed(step)];
      case 'run.done':
        return [runCompleted(step, run)];
      case 'run.fail':
        return [bodies.runFailed(step)];
      case 'run.cancel':
        return [{ type: 'run:cancelled' }];
      case 'run.pause':
        return [{ type: 'run:paused', body: { pendingGateCount: 0, gateIds: [] } }];
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

  return (step, run) => describe(step, run).map((body) => stamp(run, body));
}
