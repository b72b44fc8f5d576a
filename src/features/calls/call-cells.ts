/** A call's facts in words; a fact the call did not state reads so, never as a blank or a zero. */
import { formatDuration } from '@/lib/format-duration';
import { formatMoney } from '@/lib/format-money';
import type { LlmCall } from '@/stores/llm-calls';

export const NOT_STATED = 'not stated';

export function tokensText(call: Pick<LlmCall, 'inputTokens' | 'outputTokens' | 'unsplitTokens'>): string {
  if (call.inputTokens !== undefined || call.outputTokens !== undefined) {
    return `${(call.inputTokens ?? 0).toLocaleString('en-US')} in / ${(call.outputTokens ?? 0).toLocaleString('en-US')} out`;
  }
  if (call.unsplitTokens !== undefined && call.unsplitTokens > 0) return `${call.unsplitTokens.toLocaleString('en-US')} (no split)`;
  return NOT_STATED;
}

export function costText(micros: number | undefined, currency: string | undefined): string {
  return micros === undefined ? 'no cost reported' : formatMoney(micros, currency ?? 'USD');
}

export function latencyText(call: LlmCall): string {
  return call.latencyMs === undefined ? NOT_STATED : formatDuration(call.latencyMs);
}

export function latencyTitle(call: LlmCall): string | undefined {
  if (call.latency === 'stated') return 'as the backend measured it';
  if (call.latency === 'measured') return 'from the prompt to the response, by the backend\'s timestamps';
  return undefined;
}
