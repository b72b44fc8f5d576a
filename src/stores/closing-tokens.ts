/**
 * The run's tokens when the backend states a closing count (part of the run store's
 * reducer, reduce-run.ts). Pure; guarded by reduce-run-facts.test.ts.
 */
import type { RunEventOf } from '@/protocol/run-event';

import type { CostState } from '@/stores/run-types';

/**
 * The backend's closing token count (AG-UI `RUN_FINISHED.usage`, myagent, Shannon,
 * relavium totals): it fills in what the cost records did not count, and never pulls the
 * count below what they did (a backend may count its closing total differently).
 */
export function withClosingTokens(cost: CostState, event: RunEventOf<'run.completed'> | RunEventOf<'run.failed'>): CostState {
  const { inputTokens, outputTokens, totalTokens } = event;
  if (inputTokens === undefined && outputTokens === undefined && totalTokens === undefined) return cost;
  const ours = cost.inputTokens + cost.outputTokens + cost.unsplitTokens;
  const split = (inputTokens ?? 0) + (outputTokens ?? 0);
  const closing = Math.max(totalTokens ?? 0, split);
  if (ours === 0 && split > 0) return { ...cost, inputTokens: inputTokens ?? 0, outputTokens: outputTokens ?? 0, unsplitTokens: closing - split, tokensReported: true };
  if (closing > ours) return { ...cost, unsplitTokens: cost.unsplitTokens + closing - ours, tokensReported: true };
  return cost.tokensReported ? cost : { ...cost, tokensReported: true };
}
