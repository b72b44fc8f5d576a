/**
 * Stories played the way the official AG-UI framework adapters send them (see
 * agui-adapter-encoder.ts): one assistant, its text and tool calls, shared state, and no
 * steps. The AG-UI endpoint plays `assistant` when the first message names no scenario.
 */
import type { Scenario } from '@/simulator/engine/scenario';
import { MODEL } from '@/simulator/scenarios/steps';

const NODE = 'assistant';

export const adapterAssistant: Scenario = {
  id: 'assistant',
  title: 'Assistant with tools (framework adapter)',
  description: 'One assistant searches, reads two pages (one fails) and answers; state as a snapshot and patches, no steps, no timestamps.',
  tickMs: 220,
  dialects: ['agui'],
  producer: 'framework-adapter',
  steps: [
    { op: 'run.start', title: 'Find sources on heat pumps' },
    { op: 'tokens', node: NODE, text: 'I will search for recent sources first.', model: MODEL },
    { op: 'tool', node: NODE, tool: 'web_search', args: { query: 'heat pump efficiency 2026' }, result: { hits: 3 } },
    { op: 'tokens', node: NODE, text: ' Reading the two best results.', model: MODEL },
    { op: 'tool', node: NODE, tool: 'fetch_page', args: { url: 'https://example.org/heat-pumps' }, result: { words: 1800 } },
    { op: 'tool', node: NODE, tool: 'fetch_page', args: { url: 'https://example.org/paywalled' }, result: { error: 'HTTP 402' }, ok: false },
    { op: 'tokens', node: NODE, text: ' Heat pumps deliver about three units of heat per unit of electricity.', model: MODEL },
    { op: 'cost', node: NODE, model: MODEL, inputTokens: 1320, outputTokens: 214, usd: 0 },
    { op: 'run.done', output: { answer: 'about 3 units of heat per unit of electricity' } },
  ],
};
