/** What a tolky stream tells about each model call (the Calls view), as this dialect's decoder reads its frames. */
import type { CallCoverage } from '@/protocol/dialect';

export const tolkyCalls: CallCoverage = {
  carries: 'token_usage_updated: tokens in/out (prompt, completion) and cost per increment, with the model when it is named.',
  lacks: {
    prompt: 'tolky streams no prompt text.',
    response: 'step answers stream as step output (Timeline), not per call.',
    reasoning: 'tolky streams no model reasoning.',
    latency: 'usage increments carry no duration.',
  },
};
