import { describe, expect, it } from 'vitest';

import type { LlmCall } from '@/stores/llm-calls';

import { filterCalls, sortCalls, totalsByModel } from '@/features/calls/calls-model';

const calls: LlmCall[] = [
  { index: 0, nodeId: 'plan', model: 'gpt-5', prompt: 'Plan the trip', micros: 300, currency: 'USD', latencyMs: 900, inputTokens: 10, outputTokens: 5 },
  { index: 1, nodeId: 'search', model: 'gpt-5-mini', response: 'Found 3 hotels', micros: 100, currency: 'USD', inputTokens: 4, outputTokens: 2 },
  { index: 2, nodeId: 'search', model: 'gpt-5', latencyMs: 1500, micros: 200, currency: 'USD', inputTokens: 1, outputTokens: 1 },
  { index: 3, nodeId: 'write', unsplitTokens: 7 },
];
const label = (id: string) => (id === 'search' ? 'Web search' : id);

describe('calls model', () => {
  it('filters by step and by text in prompt, response, model or step label', () => {
    expect(filterCalls(calls, 'search', '', label).map((c) => c.index)).toEqual([1, 2]);
    expect(filterCalls(calls, undefined, 'HOTELS', label).map((c) => c.index)).toEqual([1]);
    expect(filterCalls(calls, undefined, 'web search', label).map((c) => c.index)).toEqual([1, 2]);
    expect(filterCalls(calls, undefined, 'mini', label).map((c) => c.index)).toEqual([1]);
  });

  it('sorts by cost or latency either way, calls without a value last', () => {
    expect(sortCalls(calls, { by: 'cost', descending: true }).map((c) => c.index)).toEqual([0, 2, 1, 3]);
    expect(sortCalls(calls, { by: 'cost', descending: false }).map((c) => c.index)).toEqual([1, 2, 0, 3]);
    expect(sortCalls(calls, { by: 'latency', descending: true }).map((c) => c.index)).toEqual([2, 0, 1, 3]);
    expect(sortCalls(calls, { by: 'order', descending: true }).map((c) => c.index)).toEqual([3, 2, 1, 0]);
  });

  it('totals per model, priced first; a model never priced has no cost total', () => {
    expect(totalsByModel(calls)).toEqual([
      { model: 'gpt-5', calls: 2, inputTokens: 11, outputTokens: 6, unsplitTokens: 0, micros: 500, currency: 'USD' },
      { model: 'gpt-5-mini', calls: 1, inputTokens: 4, outputTokens: 2, unsplitTokens: 0, micros: 100, currency: 'USD' },
      { model: undefined, calls: 1, inputTokens: 0, outputTokens: 0, unsplitTokens: 7, micros: undefined, currency: 'USD' },
    ]);
  });
});
