/** Step builders the stories share. */
import type { SimStep } from '@/simulator/engine/scenario';

export const MODEL = 'gpt-4o-mini';

/** The answer's first clause, as a node's summary (a cut mid-word reads like a bug). */
function firstClause(text: string): string {
  return text.split(/(?<=[.;:])\s/)[0] ?? text;
}

/** A node that streams an answer, calls a tool, books its cost and completes. */
export function work(node: string, text: string, usd: number, tool?: string): SimStep[] {
  const steps: SimStep[] = [{ op: 'node.start', node }];
  if (tool) steps.push({ op: 'tool', node, tool, args: { query: `${node} input` }, result: { rows: 3 } });
  steps.push(
    { op: 'tokens', node, text, model: MODEL },
    { op: 'cost', node, model: MODEL, inputTokens: 400 + text.length, outputTokens: text.length, usd },
    { op: 'node.done', node, output: { summary: firstClause(text) } },
  );
  return steps;
}
