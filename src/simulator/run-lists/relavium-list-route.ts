/**
 * relavium's run list as Runboard documents it (relavium publishes no HTTP side):
 *   GET /runs?limit=<n>[&cursor=<c>]  →  {runs: [{runId, workflowId, title, status, startedAt, endedAt?,
 *       costMicrocents, pendingGates: [{gateId}]}], nextCursor?}   newest first; the cursor is an offset
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { sendJson } from '@/simulator/http-util';
import { isoOrNull, newestRuns, pageOf, stateOf, type SimRunState } from '@/simulator/run-lists/run-state';
import type { SimContext } from '@/simulator/sim-backend';

const STATUS: Record<SimRunState, string> = {
  running: 'running',
  waiting: 'paused',
  paused: 'paused',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

export function relaviumListRoute(ctx: SimContext) {
  return (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
    if (url.pathname !== '/runs' || req.method !== 'GET') return false;
    const runs = newestRuns(ctx.runsOf('relavium'));
    const { items, offset, limit } = pageOf(runs, url, 20, 100, 'cursor');
    sendJson(res, 200, {
      runs: items.map((run) => ({
        runId: run.runId,
        workflowId: `wf-${run.scenario.id}`,
        title: run.title ?? run.scenario.title,
        status: STATUS[stateOf(run)],
        startedAt: isoOrNull(run.startedAtMs),
        ...(run.endedAtMs !== undefined ? { endedAt: isoOrNull(run.endedAtMs) } : {}),
        costMicrocents: Math.round(run.costUsd * 100_000_000),
        pendingGates: run.pendingGateIds.map((gateId) => ({ gateId })),
      })),
      ...(offset + limit < runs.length ? { nextCursor: String(offset + limit) } : {}),
    });
    return true;
  };
}
