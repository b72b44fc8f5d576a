/**
 * What the Calls view shows of the projection's call rows: filtered by step and by text,
 * sorted by cost or latency, and summed per model. Pure, so the rules are tested alone.
 */
import type { LlmCall } from '@/stores/llm-calls';

export type CallSort = Readonly<{ by: 'order' | 'cost' | 'latency'; descending: boolean }>;

export type ModelTotal = Readonly<{
  model: string | undefined;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  unsplitTokens: number;
  /** Undefined when no call of the model stated a price. */
  micros: number | undefined;
  currency: string;
}>;

/** Calls of one step (all when `nodeId` is undefined) whose text, model or step holds `query`. */
export function filterCalls(calls: readonly LlmCall[], nodeId: string | undefined, query: string, labelOf: (id: string) => string): LlmCall[] {
  const needle = query.trim().toLowerCase();
  return calls.filter((call) => {
    if (nodeId !== undefined && call.nodeId !== nodeId) return false;
    if (needle === '') return true;
    const step = call.nodeId === undefined ? '' : `${call.nodeId} ${labelOf(call.nodeId)}`;
    return [call.model, call.prompt, call.reasoning, call.response, step].some((text) => text?.toLowerCase().includes(needle));
  });
}

/** Sorted copy; a call with no value for the key goes last either way (it is not "cheapest"). */
export function sortCalls(calls: readonly LlmCall[], sort: CallSort): LlmCall[] {
  if (sort.by === 'order') return sort.descending ? [...calls].reverse() : [...calls];
  const key = (call: LlmCall) => (sort.by === 'cost' ? call.micros : call.latencyMs);
  return [...calls].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === undefined || y === undefined) return x === y ? a.index - b.index : x === undefined ? 1 : -1;
    return (sort.descending ? y - x : x - y) || a.index - b.index;
  });
}

/** One total per model, the most expensive (then the most used) first. */
export function totalsByModel(calls: readonly LlmCall[]): ModelTotal[] {
  const totals = new Map<string | undefined, { -readonly [K in keyof ModelTotal]: ModelTotal[K] }>();
  for (const call of calls) {
    const total = totals.get(call.model) ?? { model: call.model, calls: 0, inputTokens: 0, outputTokens: 0, unsplitTokens: 0, micros: undefined, currency: call.currency ?? 'USD' };
    total.calls += 1;
    total.inputTokens += call.inputTokens ?? 0;
    total.outputTokens += call.outputTokens ?? 0;
    total.unsplitTokens += call.unsplitTokens ?? 0;
    if (call.micros !== undefined) total.micros = (total.micros ?? 0) + call.micros;
    if (call.currency !== undefined) total.currency = call.currency;
    totals.set(call.model, total);
  }
  return [...totals.values()].sort((a, b) => (b.micros ?? -1) - (a.micros ?? -1) || b.calls - a.calls);
}
