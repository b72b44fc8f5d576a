/** What a AG-UI stream tells about each model call (the Calls view), as this dialect's decoder reads its frames. */
import type { CallCoverage } from '@/protocol/dialect';

export const aguiCalls: CallCoverage = {
  carries: 'The user message that opened each run segment, reasoning (REASONING_* / THINKING_*) and each finished assistant message.',
  lacks: {
    model: 'the standard events name no model; a CUSTOM "usage" / "cost" event may (Runboard\'s convention, which the simulator sends and the official adapters do not).',
    tokens: 'usage comes once per run (RUN_FINISHED.usage, in the header), not per call, unless a CUSTOM "usage" / "cost" event states it.',
    cost: 'the standard events carry no money; only a CUSTOM "usage" / "cost" event does.',
    latency: 'AG-UI events carry no per-call timing (and the adapters send no timestamps).',
  },
};
