/**
 * What the duration view draws: one row per attempt, in the order attempts started, each
 * with its label, when it was queued from, and whether it is on the critical path; plus
 * the time axis's span. Pure; guarded by duration-model.test.ts.
 *
 * Queued: a retry is queued from when the retry was scheduled; a first attempt from when
 * the last of its predecessors finished (or, with none, from when the graph declared it),
 * never before the run started.
 *
 * "Not run" is the node-status projection's word (reduce-node-status.ts), not this view's:
 * a node it calls not run gets a row without a bar (an attempt of its own when no event ever
 * touched it), with the backend's reason when one was given.
 */
import { finishedGateWord, turnedDownByGate } from '@/stores/gate-verdict';
import type { NodeMap } from '@/stores/reduce-node-status';
import type { GateState } from '@/stores/run-types';

import type { Attempt, AttemptTracker } from '@/features/durations/attempt-tracker';
import { criticalPath, predecessorsOf } from '@/features/durations/critical-path';

type Graph = Readonly<{ nodes: Readonly<Record<string, { label: string } | undefined>>; edges: readonly { source: string; target: string }[] }>;

/**
 * `verdict`: for an attempt that asked a person, what became of its gate, in the graph's own
 * words (gate-verdict.ts: "rejected", "timed out (rejected)"), shown instead of "succeeded";
 * `turnedDown` when that gate turned the work down (drawn as stopped, like its node).
 */
export type DurationRow = Readonly<{ attempt: Attempt; label: string; queuedFromMs?: number; critical: boolean; verdict?: string; turnedDown?: boolean; notRunReason?: string }>;

type Gates = Readonly<Record<string, GateState | undefined>>;

export type DurationModel = Readonly<{ rows: readonly DurationRow[]; startMs: number; endMs: number; criticalMs: number }>;

type Tracker = Pick<AttemptTracker, 'attempts' | 'declaredAtMs' | 'runStartedAtMs'>;

export function buildDurationModel(tracker: Tracker, graph: Graph, nowMs: number, gates: Gates = {}, nodes: NodeMap = {}): DurationModel {
  const attempts = [...tracker.attempts, ...neverTouched(tracker, graph, nodes)].sort((a, b) => a.startedAtMs - b.startedAtMs || a.row - b.row);
  // What never ran took no time: it is on no path.
  const critical = criticalPath(attempts.filter((a) => !neverRan(a, nodes)), graph.edges, nowMs);
  const lastEnd = lastEndOfNodes(attempts);
  const predecessors = predecessorsOf(graph.edges);
  const runStart = tracker.runStartedAtMs;

  const rows = attempts.map((attempt): DurationRow => {
    const queuedFromMs = queuedFrom(attempt, predecessors, lastEnd, tracker.declaredAtMs, runStart);
    const node = graph.nodes[attempt.nodeId];
    return {
      attempt,
      label: node?.label ?? attempt.nodeId,
      critical: critical.has(attempt.id),
      ...gateVerdictOf(attempt, gates),
      ...notRunOf(attempt, nodes),
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

/** Rows for nodes the projection calls not run that no event ever touched (left pending when the run ended). */
function neverTouched(tracker: Tracker, graph: Graph, nodes: NodeMap): Attempt[] {
  const touched = new Set(tracker.attempts.map((a) => a.nodeId));
  const out: Attempt[] = [];
  for (const [nodeId, node] of Object.entries(nodes)) {
    if (node.status !== 'not_run' || touched.has(nodeId) || !graph.nodes[nodeId] || node.endedAtMs === undefined) continue;
    out.push({ id: `${nodeId}#not-run`, nodeId, attempt: 1, startedAtMs: node.endedAtMs, endedAtMs: node.endedAtMs, outcome: 'not_run', waits: [], row: Number.MAX_SAFE_INTEGER });
  }
  return out;
}

/** A node that never ran reads so, with the backend's reason; its zero-length attempt is drawn as not run, never "failed". */
function notRunOf(attempt: Attempt, nodes: NodeMap): Partial<Pick<DurationRow, 'attempt' | 'notRunReason'>> {
  const node = nodes[attempt.nodeId];
  if (!node || !neverRan(attempt, nodes)) return {};
  const notRun = attempt.outcome === 'not_run' ? attempt : { ...attempt, outcome: 'not_run' as const };
  return { attempt: notRun, ...(node.reason ? { notRunReason: node.reason } : {}) };
}

function neverRan(attempt: Attempt, nodes: NodeMap): boolean {
  return attempt.outcome === 'not_run' || (nodes[attempt.nodeId]?.status === 'not_run' && attempt.startedAtMs === attempt.endedAtMs);
}

/** The verdict of the newest gate this attempt waited on, when it changes what the attempt reads as. */
function gateVerdictOf(attempt: Attempt, gates: Gates): { verdict?: string; turnedDown?: boolean } {
  for (let i = attempt.waits.length - 1; i >= 0; i--) {
    const gateId = attempt.waits[i]?.gateId;
    if (gateId === undefined) continue;
    const gate = gates[gateId];
    const verdict = finishedGateWord(gate, attempt.outcome);
    return verdict === undefined ? {} : { verdict, turnedDown: turnedDownByGate(gate) };
  }
  return {};
}

/** Each node's end times, by attempt start order (a first attempt reads only ends before it). */
function lastEndOfNodes(attempts: readonly Attempt[]): Map<string, number[]> {
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
  attempt: Attempt,
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
