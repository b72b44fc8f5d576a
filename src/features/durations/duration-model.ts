/**
 * What the duration view draws: one row per attempt, in the order attempts started, each
 * with its label, when it was queued from, and whether it is on the critical path; plus
 * the time axis's span. Pure; guarded by duration-model.test.ts.
 *
 * Queued: a retry is queued from when the retry was scheduled; a first attempt from when
 * the last of its predecessors finished (or, with none, from when the graph declared it),
 * never before the run started.
 *
 * The attempts, their outcomes ("not run" included), gate verdicts and not-run reasons are
 * the attempt projection's (stores/attempt-projection.ts), as every view reads them; this
 * model only lays them out in time.
 */
import type { NodeAttempt, RunAttempts } from '@/stores';

import { criticalPath, predecessorsOf } from '@/features/durations/critical-path';

type Graph = Readonly<{ nodes: Readonly<Record<string, { label: string } | undefined>>; edges: readonly { source: string; target: string }[] }>;

/**
 * `verdict`: for an attempt that asked a person, what became of its gate, in the graph's own
 * words (gate-verdict.ts: "rejected", "timed out (rejected)"), shown instead of "succeeded";
 * `turnedDown` when that gate turned the work down (drawn as stopped, like its node).
 */
/** An attempt placed in time (one counted before any event carried a time has no bar to draw). */
export type TimedAttempt = NodeAttempt & Readonly<{ startedAtMs: number }>;

export type DurationRow = Readonly<{ attempt: TimedAttempt; label: string; queuedFromMs?: number; critical: boolean; verdict?: string; turnedDown?: boolean; notRunReason?: string }>;

export type DurationModel = Readonly<{ rows: readonly DurationRow[]; startMs: number; endMs: number; criticalMs: number }>;

type Attempts = Pick<RunAttempts, 'attempts' | 'declaredAtMs' | 'runStartedAtMs'>;

export function buildDurationModel(projection: Attempts, graph: Graph, nowMs: number): DurationModel {
  const attempts = projection.attempts.filter(isTimed).sort((a, b) => a.startedAtMs - b.startedAtMs || a.row - b.row);
  // What never ran took no time: it is on no path.
  const critical = criticalPath(attempts.filter((a) => a.outcome !== 'not_run'), graph.edges, nowMs);
  const lastEnd = lastEndOfNodes(attempts);
  const predecessors = predecessorsOf(graph.edges);
  const runStart = projection.runStartedAtMs;

  const rows = attempts.map((attempt): DurationRow => {
    const queuedFromMs = queuedFrom(attempt, predecessors, lastEnd, projection.declaredAtMs, runStart);
    const node = graph.nodes[attempt.nodeId];
    return {
      attempt,
      label: node?.label ?? attempt.nodeId,
      critical: critical.has(attempt.id),
      ...(attempt.gate ? { verdict: attempt.gate.verdict, turnedDown: attempt.gate.turnedDown } : {}),
      ...(attempt.notRunReason !== undefined ? { notRunReason: attempt.notRunReason } : {}),
      ...(queuedFromMs !== undefined && queuedFromMs < attempt.startedAtMs ? { queuedFromMs } : {}),
    };
  });
  // Loops, not Math.min(...spread): thousands of attempts would overflow the argument list.
  let startMs = runStart ?? Infinity;
  let endMs = -Infinity;
  let criticalMs = 0;
  for (const row of rows) {
    const end = row.attempt.endedAtMs ?? nowMs;
    startMs = Math.min(startMs, row.queuedFromMs ?? row.attempt.startedAtMs);
    endMs = Math.max(endMs, end);
    if (row.critical) criticalMs += end - row.attempt.startedAtMs;
  }
  if (!Number.isFinite(startMs)) startMs = nowMs;
  return { rows, startMs, endMs: Math.max(startMs + 1, endMs), criticalMs };
}

/** Each node's end times, by attempt start order (a first attempt reads only ends before it). */
function isTimed(attempt: NodeAttempt): attempt is TimedAttempt {
  return attempt.startedAtMs !== undefined;
}

function lastEndOfNodes(attempts: readonly TimedAttempt[]): Map<string, number[]> {
  const ends = new Map<string, number[]>();
  for (const a of attempts) {
    if (a.endedAtMs === undefined) continue;
    const list = ends.get(a.nodeId);
    if (list) list.push(a.endedAtMs);
    else ends.set(a.nodeId, [a.endedAtMs]);
  }
  return ends;
}

function queuedFrom(
  attempt: TimedAttempt,
  predecessors: ReadonlyMap<string, readonly string[]>,
  ends: ReadonlyMap<string, readonly number[]>,
  declared: ReadonlyMap<string, number>,
  runStart: number | undefined,
): number | undefined {
  if (attempt.retryQueuedAtMs !== undefined) return attempt.retryQueuedAtMs;
  // A node that never ran never waited to run; only first attempts are queued behind their predecessors.
  if (attempt.attempt > 1 || attempt.outcome === 'not_run') return undefined;
  let ready: number | undefined;
  for (const source of predecessors.get(attempt.nodeId) ?? []) {
    for (const end of ends.get(source) ?? []) if (end <= attempt.startedAtMs && (ready === undefined || end > ready)) ready = end;
  }
  ready ??= declared.get(attempt.nodeId);
  if (ready === undefined) return undefined;
  return runStart !== undefined ? Math.max(ready, runStart) : ready;
}
