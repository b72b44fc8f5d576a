/**
 * relavium's run list — Runboard's documented choice, since relavium publishes no HTTP side:
 *   GET /runs?limit=<n>[&cursor=<c>]  →  {runs: [{runId, workflowId, status, startedAt, endedAt?,
 *       costMicrocents, pendingGates, title?}], nextCursor?}
 * newest first. `pendingGates` is read as a count or as the snapshot's gate array; `title`
 * is optional (the workflow id stands in). Costs are micro-cents (1 USD = 100,000,000).
 */
import * as z from 'zod';

import { microcentsToMicros } from '@/lib/to-micros';
import { parseTimeMs } from '@/lib/parse-time';
import { optionalNumber, optionalText, readEnvelope, readRows } from '@/protocol/run-list-rows';
import type { ListStep, RunListQuery, RunListSource, RunSummary, RunSummaryStatus } from '@/protocol/run-summary';

const RunRowSchema = z.looseObject({
  runId: z.string().min(1),
  workflowId: optionalText,
  title: optionalText,
  status: z.string(),
  startedAt: z.union([z.string(), z.number()]).nullish(),
  endedAt: z.union([z.string(), z.number()]).nullish(),
  costMicrocents: optionalNumber,
  pendingGates: z.union([z.number().int().nonnegative(), z.array(z.unknown())]).nullish(),
});

const ReplySchema = z.looseObject({ runs: z.array(z.unknown()), nextCursor: optionalText });

const STATUS: Readonly<Record<string, RunSummaryStatus>> = {
  pending: 'queued',
  queued: 'queued',
  running: 'running',
  paused: 'paused',
  waiting: 'waiting',
  completed: 'succeeded',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
};

function toSummary(row: z.infer<typeof RunRowSchema>): RunSummary {
  const gates = Array.isArray(row.pendingGates) ? row.pendingGates.length : (row.pendingGates ?? undefined);
  const status = STATUS[row.status.toLowerCase()] ?? 'unknown';
  const startedAtMs = parseTimeMs(row.startedAt);
  const endedAtMs = parseTimeMs(row.endedAt);
  return {
    runId: row.runId,
    title: row.title ?? row.workflowId ?? row.runId,
    // A run paused at a gate is waiting for a person, which is what an operator needs to see.
    status: status === 'paused' && (gates ?? 0) > 0 ? 'waiting' : status,
    statusText: row.status,
    ...(startedAtMs !== undefined ? { startedAtMs } : {}),
    ...(endedAtMs !== undefined ? { endedAtMs } : {}),
    ...(row.costMicrocents !== undefined ? { costMicros: microcentsToMicros(row.costMicrocents), currency: 'USD' } : {}),
    ...(gates !== undefined ? { waitingGates: gates } : {}),
  };
}

function list(query: RunListQuery): ListStep {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.cursor) params.set('cursor', query.cursor);
  return {
    kind: 'fetch',
    calls: [{ method: 'GET', path: `/runs?${params.toString()}` }],
    next: ([body]) => {
      const reply = readEnvelope(body, ReplySchema, 'GET /runs');
      if (typeof reply === 'string') return { kind: 'unreadable', reason: reply };
      const { runs, skipped } = readRows(reply.runs, RunRowSchema, toSummary);
      return { kind: 'page', page: { runs, ...(reply.nextCursor ? { nextCursor: reply.nextCursor } : {}), ...(skipped ? { skipped } : {}) } };
    },
  };
}

export const relaviumRunList: RunListSource = { kind: 'http', serverFilters: new Set(), list };
