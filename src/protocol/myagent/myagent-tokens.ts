/**
 * Token counts as the shipped myagent server sends them. There is no money on the wire: the
 * pipeline reports per-call statistics (`{input_tokens, output_tokens, total_tokens, model,
 * origin, agent, ...}` records, one per LLM call):
 *   plan.completed      metadata.statistics[]   the planner's calls
 *   solver.completed    metadata.statistics[]   that task's calls
 *   pipeline.completed  metadata.statistics[]   every call of the run (plan + solvers)
 *   agent.final_answer  metadata.total_tokens   where a plain agent sends a total (no split)
 * Each count is booked once: what the plan and the tasks booked is subtracted from the
 * closing statistics, so the run's total equals the server's and nothing counts twice.
 */
import { decimalToMicros } from '@/lib/to-micros';
import { contentObject, costEvents } from '@/protocol/myagent/myagent-content';
import type { MyagentStreamState } from '@/protocol/myagent/myagent-state';
import type { RunEvent } from '@/protocol/run-event';

type Split = { input: number; output: number; model: string | undefined };
type Meta = Parameters<typeof costEvents>[0];

const count = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0);

/** The sum of `metadata.statistics[]`, or undefined when the event carries none. */
export function statisticsOf(metadata: unknown): Split | undefined {
  const calls = contentObject(metadata)?.statistics;
  if (!Array.isArray(calls) || calls.length === 0) return undefined;
  let input = 0;
  let output = 0;
  const models = new Set<string>();
  for (const call of calls) {
    const record = contentObject(call);
    if (!record) continue;
    input += count(record.input_tokens);
    output += count(record.output_tokens);
    if (typeof record.model === 'string' && record.model !== '') models.add(record.model);
  }
  return { input, output, model: models.size === 1 ? [...models][0] : undefined };
}

function tokensRecord(split: Split, nodeId: string | undefined, micros = 0): RunEvent[] {
  if (split.input === 0 && split.output === 0 && micros === 0) return [];
  return [{ type: 'cost.recorded', nodeId, micros, currency: 'USD', inputTokens: split.input, outputTokens: split.output, ...(split.model ? { model: split.model } : {}) }];
}

/**
 * One stage's usage (the plan, one task) on its node: its per-call statistics, with the
 * `cost_usd` a server may add in the same record (one record per stage, never two); without
 * statistics, the document's `cost_usd` / `tokens_used` (costEvents).
 */
export function stageCost(state: MyagentStreamState, metadata: Meta | undefined, nodeId: string | undefined): RunEvent[] {
  const split = statisticsOf(metadata);
  if (!split) return costEvents(metadata, nodeId);
  state.bookedTokens.input += split.input;
  state.bookedTokens.output += split.output;
  return tokensRecord(split, nodeId, metadata?.cost_usd !== undefined ? decimalToMicros(metadata.cost_usd) : 0);
}

/** The run's closing statistics: only what no stage booked yet (a reconnect may have missed some). */
export function closingTokens(state: MyagentStreamState, metadata: unknown): RunEvent[] {
  const split = statisticsOf(metadata);
  if (!split) return [];
  const rest = { input: Math.max(0, split.input - state.bookedTokens.input), output: Math.max(0, split.output - state.bookedTokens.output), model: split.model };
  state.bookedTokens.input += rest.input;
  state.bookedTokens.output += rest.output;
  return tokensRecord(rest, undefined);
}

/** `agent.final_answer.metadata.total_tokens` (no split): what the split records did not already count. */
export function answerTokens(state: MyagentStreamState, metadata: unknown, nodeId: string | undefined): RunEvent[] {
  const total = count(contentObject(metadata)?.total_tokens);
  const rest = total - state.bookedTokens.input - state.bookedTokens.output;
  if (rest <= 0) return [];
  state.bookedTokens.input += rest;
  return [{ type: 'cost.recorded', nodeId, micros: 0, currency: 'USD', unsplitTokens: rest }];
}
