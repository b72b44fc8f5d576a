/** A simulated run's state as every simulated run list reads it, before each protocol's own words. */
import type { ScriptedRun } from '@/simulator/engine/scripted-run';

export type SimRunState = 'running' | 'waiting' | 'paused' | 'completed' | 'failed' | 'cancelled';

export function stateOf(run: ScriptedRun<unknown>): SimRunState {
  if (run.outcome) return run.outcome;
  if (run.pendingGateIds.length > 0) return 'waiting';
  if (run.phase === 'paused') return 'paused';
  return 'running';
}

/** Newest first, as every list serves them. */
export function newestRuns(runs: readonly ScriptedRun<unknown>[]): ScriptedRun<unknown>[] {
  return [...runs].sort((a, b) => b.startedAtMs - a.startedAtMs);
}

/** A page by offset, with the query's `limit` clamped to [1, max] (default `fallback`). */
export function pageOf<T>(items: readonly T[], url: URL, fallback: number, max: number, offsetParam = 'offset'): { items: T[]; offset: number; limit: number } {
  const asked = Number(url.searchParams.get('limit'));
  const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, max) : fallback;
  const from = Number(url.searchParams.get(offsetParam) ?? 0);
  const offset = Number.isInteger(from) && from > 0 ? from : 0;
  return { items: items.slice(offset, offset + limit), offset, limit };
}

export const isoOrNull = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString());
