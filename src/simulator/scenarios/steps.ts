/** Step builders the stories share. */
import type { SimStep } from '@/simulator/engine/scenario';

export const MODEL = 'gpt-4o-mini';

/** A node that streams an answer, calls a tool, books its cost and completes. */
export function work(node: string, text: string, usd: number, tool?: string): SimStep[] {
  const steps: SimStep[] = [{ op: 'node.start', node }];
  if (tool) steps.push({ op: 'tool', node, tool, args: { query: `${node} input` }, result: { rows: 3 } });
  steps.push(
    { op: 'tokens', node, text, model: MODEL },
    { op: 'cost', node, model: MODEL, inputTokens: 400 + text.length, outputTokens: text.length, usd },
    { op: 'node.done', node, output: { summary: text.slice(0, 40) } },
  );
  return steps;
}
