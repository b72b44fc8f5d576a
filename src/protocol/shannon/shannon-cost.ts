/**
 * Shannon costs → cost.recorded (integer micro-USD).
 *
 * Sources: LLM_OUTPUT payloads (`cost_usd`/`tokens_used` at top level, or under `usage` /
 * `metadata`) and thread.message.completed `metadata`, one point per model call; and
 * AGENT_COMPLETED `cost_usd`, the agent's total.
 *
 * No double counting: the agent total is booked only when this decoder saw no priced
 * LLM output for that agent (then it is the only cost Shannon told us). An LLM output
 * with tokens but no cost_usd books a zero-cost point with the tokens and does not count
 * as priced. This reads the frames before it: ingest decodes shannon in seq order with one
 * decoder per session (decodeInOrder), so a reconnect or a refilled gap books nothing twice.
 */
import { decimalToMicros } from '@/lib/to-micros';
import type { ShannonUsage } from '@/protocol/shannon/shannon-schemas';
import type { ShannonDecoderState } from '@/protocol/shannon/shannon-state';
import type { RunEvent } from '@/protocol/run-event';

/** The first usage object that says anything, in order of preference. */
export function pickUsage(...candidates: (ShannonUsage | undefined)[]): ShannonUsage | undefined {
  return candidates.find(
    (u) => u !== undefined && (u.cost_usd !== undefined || u.input_tokens !== undefined || u.output_tokens !== undefined || u.tokens_used !== undefined),
  );
}

/** A cost point for one model call; marks the agent priced when the call carried a cost. */
export function llmCostEvents(usage: ShannonUsage | undefined, agentId: string | undefined, state: ShannonDecoderState): RunEvent[] {
  if (!usage) return [];
  if (usage.cost_usd !== undefined && agentId !== undefined) state.pricedAgents.add(agentId);
  const model = usage.model_used ?? usage.model;
  return [
    {
      type: 'cost.recorded',
      micros: decimalToMicros(usage.cost_usd ?? 0),
      currency: 'USD',
      ...(agentId !== undefined ? { nodeId: agentId } : {}),
      ...(model !== undefined ? { model } : {}),
      ...(usage.input_tokens !== undefined ? { inputTokens: usage.input_tokens } : {}),
      ...(usage.output_tokens !== undefined ? { outputTokens: usage.output_tokens } : {}),
    },
  ];
}

/** AGENT_COMPLETED's total, booked only for an agent with no priced LLM output (see header). */
export function agentCostEvents(costUsd: number | undefined, agentId: string, state: ShannonDecoderState): RunEvent[] {
  if (costUsd === undefined || state.pricedAgents.has(agentId)) return [];
  return [{ type: 'cost.recorded', nodeId: agentId, micros: decimalToMicros(costUsd), currency: 'USD' }];
}
