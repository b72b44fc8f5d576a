/**
 * A node's cost split by node-retry attempt. Attempts are delimited by the node's
 * node.started / node.retrying rows (relavium-run-events.md, "Two attemptNumber
 * families": partition the ordered stream at those boundaries; never key cost by the
 * cost event's own attempt number). Pure; guarded by derive-node-details.test.ts.
 */
import type { EventLog } from '@/stores/event-log';
import type { CostPoint } from '@/stores/run-types';

export type AttemptCost = Readonly<{ attempt: number; micros: number; inputTokens: number; outputTokens: number; points: number }>;

type Boundary = { row: number; attempt: number };

export function attemptBoundaries(log: EventLog, rows: readonly number[]): Boundary[] {
  const out: Boundary[] = [];
  let current = 1;
  let afterRetry = false;
  for (const row of rows) {
    const event = log.at(row)?.event;
    if (event?.type === 'node.started') {
      current = event.attempt ?? (afterRetry ? current : Math.max(current, 1));
      afterRetry = false;
      out.push({ row, attempt: current });
    } else if (event?.type === 'node.retrying') {
      // attempt = the one that just failed; what follows belongs to the next.
      current = event.attempt + 1;
      afterRetry = true;
      out.push({ row, attempt: current });
    }
  }
  return out;
}

export function partitionCostByAttempt(points: readonly CostPoint[], boundaries: readonly Boundary[]): AttemptCost[] {
  const byAttempt = new Map<number, { micros: number; inputTokens: number; outputTokens: number; points: number }>();
  for (const point of points) {
    let attempt = 1;
    for (const b of boundaries) {
      if (b.row > point.row) break;
      attempt = b.attempt;
    }
    const acc = byAttempt.get(attempt) ?? { micros: 0, inputTokens: 0, outputTokens: 0, points: 0 };
    acc.micros += point.micros;
    acc.inputTokens += point.inputTokens;
    acc.outputTokens += point.outputTokens;
    acc.points += 1;
    byAttempt.set(attempt, acc);
  }
  return [...byAttempt.entries()].sort((a, b) => a[0] - b[0]).map(([attempt, acc]) => ({ attempt, ...acc }));
}
