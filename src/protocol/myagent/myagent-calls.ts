/** What a myagent stream tells about each model call (the Calls view), as this dialect's decoder reads its frames. */
import type { CallCoverage } from '@/protocol/dialect';

export const myagentCalls: CallCoverage = {
  carries: 'Per-call token statistics (metadata.statistics[]: model, input/output tokens), summed per plan or task: one row per plan or task.',
  lacks: {
    cost: 'the shipped server sends tokens, never money (a `cost_usd` in a task\'s metadata is read where a deployment adds one).',
    latency: 'the statistics carry no duration.',
    prompt: 'the prompt a task sends its model is not on the wire.',
    response: 'answers stream as task output (Timeline, node details), not per call.',
    reasoning: 'agent.thinking carries a stage, shown in the Timeline, not per call.',
  },
};
