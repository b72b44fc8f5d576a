/** What a relavium stream tells about each model call (the Calls view), as this dialect's decoder reads its frames. */
import type { CallCoverage } from '@/protocol/dialect';

export const relaviumCalls: CallCoverage = {
  carries: 'cost:updated: model, tokens in/out and cost per tally of a node.',
  lacks: {
    prompt: 'relavium streams no prompt text.',
    response: 'agent:token text streams as node output (Timeline), not per call.',
    reasoning: 'relavium streams no model reasoning.',
    latency: 'cost:updated carries no duration.',
  },
};
