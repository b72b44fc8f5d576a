/**
 * A node's cost split by node-retry attempt. Attempts are delimited by the node's
 * node.started / node.retrying rows (relavium-run-events.md, "Two attemptNumber
 * families": partition the ordered stream at those boundaries; never key cost by the
 * cost event's own attempt number). Pure; guarded by derive-node-details.test.ts.
 */
import type { EventLog } from '@/stores/event-log';
import type { CostPoint } from '@/stores/run-types';
import { sumCostBy } from '@/lib/sum-cost-by';

export type AttemptCost = Readonly<{ attempt: number; micros: number; inputTokens: number; outputTokens: number; points: number; priced: boolean }>;

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
  const byAttempt = sumCostBy(points, (point) => {
    let attempt = 1;
    for (const b of boundaries) {
      if (b.row > point.row) break;
      attempt = b.attempt;
    }
    return attempt;
  });
  return [...byAttempt.entries()].sort((a, b) => a[0] - b[0]).map(([attempt, { count, ...sum }]) => ({ attempt, ...sum, points: count }));
}
