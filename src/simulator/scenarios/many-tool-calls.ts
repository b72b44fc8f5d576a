/**
 * A long run: one crawler calls a tool 1,500 times (3,000 timeline rows in every dialect
 * that sends calls and results), then an indexer sums up. It is what a person meets
 * after an hour of a busy agent; tests/e2e/timeline.spec.ts uses it to prove the
 * timeline keeps a window of rows in the page, scrolls and follows the newest row.
 */
import type { Scenario, SimStep } from '@/simulator/engine/scenario';
import { crawlStart } from '@/simulator/scenarios/crawl-start';

export const MANY_TOOL_CALLS = 1_500;
const MODEL = 'gpt-4o-mini';

function fetchPage(i: number): SimStep {
  return { op: 'tool', node: 'crawl', tool: 'fetch_page', args: { url: `https://docs.example.com/page/${i + 1}` }, result: { bytes: 2_000 + ((i * 37) % 900) } };
}

export const manyToolCalls: Scenario = {
  id: 'bulk',
  title: 'Thousands of tool calls',
  description: `A crawler calls a tool ${MANY_TOOL_CALLS.toLocaleString('en-US')} times, then an indexer sums up.`,
  tickMs: 20,
  steps: [
    ...crawlStart('Crawl and index the docs'),
    ...Array.from({ length: MANY_TOOL_CALLS }, (_, i) => fetchPage(i)),
    { op: 'node.done', node: 'crawl', output: { pages: MANY_TOOL_CALLS } },
    { op: 'node.start', node: 'index' },
    { op: 'tokens', node: 'index', text: `Indexed ${MANY_TOOL_CALLS} pages into 42 sections.`, model: MODEL },
    { op: 'cost', node: 'index', model: MODEL, inputTokens: 12_000, outputTokens: 300, usd: 0.0042 },
    { op: 'node.done', node: 'index', output: { sections: 42 } },
    { op: 'chapter.end', key: 'execution', status: 'completed' },
    { op: 'run.done', output: { pages: MANY_TOOL_CALLS } },
  ],
};
