/** What a Shannon stream tells about each model call (the Calls view), as this dialect's decoder reads its frames. */
import type { CallCoverage } from '@/protocol/dialect';

export const shannonCalls: CallCoverage = {
  carries: 'LLM_PROMPT gives the prompt (truncated by the gateway); LLM_OUTPUT / thread.message.completed the response with model, tokens in/out, cost and duration.',
  lacks: { reasoning: 'Shannon streams no model reasoning (AGENT_THINKING is a status line, not the model\'s text).' },
};
