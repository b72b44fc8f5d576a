/**
 * Token usage of an AG-UI thread: `RUN_FINISHED.usage` (and a failed run's partial
 * `RUN_ERROR.usage`) is one entry per (provider, model) for that HTTP run. A thread that
 * paused at interrupts is several runs, so the run's tokens are the sum over its segments,
 * handed over on the closing run.completed. Split into input/output only where every entry
 * splits.
 */
import type { AguiTokenUsage } from '@/protocol/agui/agui-schemas';

export type UsageTally = { input: number; output: number; total: number; split: boolean; seen: boolean };

export function createUsageTally(): UsageTally {
  return { input: 0, output: 0, total: 0, split: true, seen: false };
}

export function noteUsage(tally: UsageTally, usage: readonly AguiTokenUsage[] | undefined): void {
  for (const u of usage ?? []) {
    tally.seen = true;
    if (u.inputTokens === undefined && u.outputTokens === undefined) tally.split = false;
    tally.input += u.inputTokens ?? 0;
    tally.output += u.outputTokens ?? 0;
    tally.total += u.totalTokens ?? (u.inputTokens ?? 0) + (u.outputTokens ?? 0);
  }
}

/** The fields run.completed carries: nothing when no segment reported usage. */
export function usageFields(tally: UsageTally): { totalTokens?: number; inputTokens?: number; outputTokens?: number } {
  if (!tally.seen) return {};
  return tally.split ? { totalTokens: tally.total, inputTokens: tally.input, outputTokens: tally.output } : { totalTokens: tally.total };
}
