/**
 * The run reducer's cost slice: one cost record added to the run's cost (integers; a backend's
 * running total wins). Each node's sum goes into the batch's `byNode` map (its sums so far):
 * the reducer writes them into the state's bucket map once at the end of the batch.
 */
import type { RunEventOf } from '@/protocol/run-event';

import { isTokensOnly } from '@/lib/is-tokens-only';
import { bucketGet, withBucketEntries } from '@/stores/bucket-map';
import type { CostState } from '@/stores/run-types';

export function addCost(cost: CostState, event: RunEventOf<'cost.recorded'>, row: number, owns: boolean, byNode: Map<string, number>): CostState {
  const inputTokens = event.inputTokens ?? 0;
  const outputTokens = event.outputTokens ?? 0;
  const point = {
    row,
    micros: event.micros,
    inputTokens,
    outputTokens,
    ...(event.nodeId !== undefined ? { nodeId: event.nodeId } : {}),
    ...(event.model !== undefined ? { model: event.model } : {}),
    ...(event.atMs !== undefined ? { atMs: event.atMs } : {}),
    ...(isTokensOnly(event) ? { tokensOnly: true as const } : {}),
  };
  // Within one batch the arrays are ours already: append instead of copying them again.
  const points = owns ? (cost.points as CostState['points'][number][]) : [...cost.points];
  points.push(point);
  if (event.nodeId !== undefined && event.micros !== 0) byNode.set(event.nodeId, (byNode.get(event.nodeId) ?? bucketGet(cost.byNode, event.nodeId) ?? 0) + event.micros);
  return {
    // A backend's running total only grows: a late, out-of-order total never pulls it back.
    totalMicros: event.cumulativeMicros !== undefined ? Math.max(event.cumulativeMicros, cost.totalMicros) : cost.totalMicros + event.micros,
    currency: cost.points.length === 0 ? event.currency : cost.currency,
    inputTokens: cost.inputTokens + inputTokens,
    outputTokens: cost.outputTokens + outputTokens,
    unsplitTokens: cost.unsplitTokens + (event.unsplitTokens ?? 0),
    points,
    byNode: cost.byNode,
    costReported: cost.costReported || !isTokensOnly(event),
    tokensReported: cost.tokensReported || event.inputTokens !== undefined || event.outputTokens !== undefined || event.unsplitTokens !== undefined,
  };
}

/** The batch's node sums written into the cost (once per batch). */
export function withNodeCosts(cost: CostState, byNode: ReadonlyMap<string, number>): CostState {
  return byNode.size === 0 ? cost : { ...cost, byNode: withBucketEntries(cost.byNode, byNode) };
}
