/**
 * The attempt projection as views read it: each tracked attempt with the cost recorded while
 * it was current and what its gate decided. Pure over the projection, the run's cost points
 * and its gates. Guarded by attempt-projection.test.ts.
 *
 * Cost by attempt: the log is cut at each attempt's opening row and at each retry (what a
 * backend records after "retrying" belongs to the try that follows), never by a cost record's
 * own attempt number (relavium numbers LLM-call retries in the same field). A record before
 * any attempt counts toward the first.
 */
import { finishedGateWord, turnedDownByGate } from '@/stores/gate-verdict';
import type { CostPoint, GateState } from '@/stores/run-types';
import { AttemptProjection, type CostBoundary, type TrackedAttempt } from '@/stores/attempt-projection';
import type { AttemptCost, AttemptGate, AttemptWait, NodeAttempt, RunAttempts } from '@/stores/attempt-types';
import type { EventLog } from '@/stores/event-log';
import { sumCostBy, type CostSum } from '@/lib/sum-cost-by';

type Gates = Readonly<Record<string, GateState | undefined>>;

const NO_COST: AttemptCost = { micros: 0, inputTokens: 0, outputTokens: 0, records: 0, priced: false };
const NO_WAITS: readonly AttemptWait[] = [];

export function readAttempts(projection: AttemptProjection, points: readonly CostPoint[], gates: Gates): RunAttempts {
  const costs = costByAttempt(projection, points);
  const attempts = projection.attempts.map((a) => toNodeAttempt(a, costs.get(a.id), gates));
  const byNode = new Map<string, NodeAttempt[]>();
  for (const attempt of attempts) {
    const list = byNode.get(attempt.nodeId);
    if (list) list.push(attempt);
    else byNode.set(attempt.nodeId, [attempt]);
  }
  return {
    attempts,
    byNode,
    declaredAtMs: new Map(projection.declaredAtMs),
    ...(projection.runStartedAtMs !== undefined ? { runStartedAtMs: projection.runStartedAtMs } : {}),
    ...(projection.runEndedAtMs !== undefined ? { runEndedAtMs: projection.runEndedAtMs } : {}),
  };
}

/** The whole log at once: for a recording, a test, or a comparison of two runs. */
export function projectAttempts(log: EventLog, points: readonly CostPoint[], gates: Gates): RunAttempts {
  const projection = new AttemptProjection();
  projection.advance(log);
  return readAttempts(projection, points, gates);
}

function toNodeAttempt(t: TrackedAttempt, cost: CostSum | undefined, gates: Gates): NodeAttempt {
  // One literal with every key in one order: thousands of these are sorted and read in hot
  // loops, and objects of one shape keep those loops fast (optional keys hold undefined).
  return {
    id: t.id,
    nodeId: t.nodeId,
    attempt: t.attempt,
    outcome: t.outcome,
    startedAtMs: t.startedAtMs,
    endedAtMs: t.endedAtMs,
    retryQueuedAtMs: t.retryQueuedAtMs,
    waits: t.waits.length === 0 ? NO_WAITS : t.waits.map((w) => ({ ...w })),
    gate: gateOf(t, gates),
    notRunReason: t.notRunReason,
    cost: cost ? { micros: cost.micros, inputTokens: cost.inputTokens, outputTokens: cost.outputTokens, records: cost.count, priced: cost.priced } : NO_COST,
    row: t.row,
    frame: t.frame,
  };
}

/** The verdict of the newest gate this attempt waited on, when it changes what the attempt reads as. */
function gateOf(attempt: TrackedAttempt, gates: Gates): AttemptGate | undefined {
  for (let i = attempt.waits.length - 1; i >= 0; i--) {
    const gateId = attempt.waits[i]?.gateId;
    if (gateId === undefined) continue;
    const gate = gates[gateId];
    const verdict = finishedGateWord(gate, attempt.outcome);
    return verdict === undefined ? undefined : { gateId, verdict, turnedDown: turnedDownByGate(gate) };
  }
  return undefined;
}

/** Sums each node's cost points into the attempt current at their row (by attempt id). */
function costByAttempt(projection: AttemptProjection, points: readonly CostPoint[]): Map<string, CostSum> {
  return sumCostBy(
    points.filter((p) => p.nodeId !== undefined && projection.tracks.has(p.nodeId)),
    (point) => {
      const track = projection.tracks.get(point.nodeId ?? '');
      return track ? attemptAtRow(track.attempts, track.costFrom, point.row) : '';
    },
  );
}

function attemptAtRow(attempts: readonly TrackedAttempt[], boundaries: readonly CostBoundary[], row: number): string {
  let number = attempts[0]?.attempt ?? 1;
  for (const b of boundaries) {
    if (b.row > row) break;
    number = b.attempt;
  }
  // A retry that never got its next attempt (the run ended first): the cost stays with the last one.
  let match = attempts[0];
  for (const attempt of attempts) if (attempt.attempt <= number) match = attempt;
  return match?.id ?? '';
}
