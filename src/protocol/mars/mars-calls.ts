/** What a MARS stream tells about each model call (the Calls view), as this dialect's decoder reads its frames. */
import type { CallCoverage } from '@/protocol/dialect';

export const marsCalls: CallCoverage = {
  carries: 'One cost record per model call (cost_update): model, tokens in/out (or a total), cost.',
  lacks: {
    prompt: 'MARS streams agent messages, not the prompt of a call.',
    response: 'agent_message text is not tied to a cost record, so it stays in the Timeline.',
    reasoning: 'agent_thinking says only that an agent is thinking, not what.',
    latency: 'cost records carry no duration.',
  },
};
