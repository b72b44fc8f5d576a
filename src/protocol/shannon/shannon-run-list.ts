/**
 * Shannon's task list and task start (README.md "Run lists per protocol", from the gateway's code):
 *   GET  /api/v1/tasks?limit=<1..100>&offset=<n>[&status=<STATUS>]  →  {tasks: [{task_id, query, status:
 *        "TASK_STATUS_RUNNING"|…, mode: "EXECUTION_MODE_…", created_at, completed_at, total_token_usage:
 *        {total_tokens, cost_usd, …}}], total_count}, newest first (a limit above 100 is a 400)
 *   POST /api/v1/tasks {query}  →  200 {task_id, status: "STATUS_CODE_OK", message, created_at}; the
 *        task id is the workflow id the SSE stream follows (the gateway's handlers/task.go).
 * The gateway filters by status itself; statuses it has no word for are filtered in the browser.
 */
import * as z from 'zod';

import { decimalToMicros } from '@/lib/to-micros';
import { parseTimeMs } from '@/lib/parse-time';
import { optionalNumber, optionalText, readEnvelope, readRows } from '@/protocol/run-list-rows';
import {
  offsetOf,
  type ListStep,
  type RunListQuery,
  type RunListSource,
  type RunStarter,
  type RunSummary,
  type RunSummaryStatus,
} from '@/protocol/run-summary';

/** The gateway caps a page at 100. */
const MAX_LIMIT = 100;

const TaskRowSchema = z.looseObject({
  task_id: z.string().min(1),
  query: optionalText,
  status: z.string(),
  mode: optionalText,
  created_at: z.union([z.string(), z.number()]).nullish(),
  completed_at: z.union([z.string(), z.number()]).nullish(),
  total_token_usage: z.looseObject({ cost_usd: optionalNumber, total_tokens: optionalNumber }).nullish(),
});

const ReplySchema = z.looseObject({ tasks: z.array(z.unknown()).nullish(), total_count: optionalNumber });

/** `TASK_STATUS_RUNNING` (or a bare `RUNNING`) → the list's status. */
const STATUS: Readonly<Record<string, RunSummaryStatus>> = {
  QUEUED: 'queued',
  PENDING: 'queued',
  RUNNING: 'running',
  PAUSED: 'paused',
  COMPLETED: 'succeeded',
  FAILED: 'failed',
  TIMEOUT: 'failed',
  CANCELLED: 'cancelled',
  CANCELED: 'cancelled',
};

/**
 * What the gateway's `status=` accepts (QUEUED, RUNNING, COMPLETED, FAILED, CANCELLED/CANCELED,
 * TIMEOUT; anything else, PAUSED included, is a 400): paused runs are filtered in the browser.
 */
const SERVER_STATUS: Partial<Record<RunSummaryStatus, string>> = {
  queued: 'QUEUED',
  running: 'RUNNING',
  succeeded: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
};

export function shannonStatus(text: string): RunSummaryStatus {
  return STATUS[text.toUpperCase().replace(/^TASK_STATUS_/, '')] ?? 'unknown';
}

function toSummary(row: z.infer<typeof TaskRowSchema>): RunSummary {
  const startedAtMs = parseTimeMs(row.created_at);
  const endedAtMs = parseTimeMs(row.completed_at);
  const costUsd = row.total_token_usage?.cost_usd;
  return {
    runId: row.task_id,
    title: row.query?.trim() || row.task_id,
    status: shannonStatus(row.status),
    statusText: row.status,
    ...(startedAtMs !== undefined ? { startedAtMs } : {}),
    ...(endedAtMs !== undefined ? { endedAtMs } : {}),
    ...(costUsd !== undefined ? { costMicros: decimalToMicros(costUsd), currency: 'USD' } : {}),
    ...(row.mode ? { group: row.mode.replace(/^EXECUTION_MODE_/, '').toLowerCase() } : {}),
  };
}

function list(query: RunListQuery): ListStep {
  const limit = Math.min(MAX_LIMIT, query.limit);
  const offset = offsetOf(query.cursor);
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  const serverStatus = query.status ? SERVER_STATUS[query.status] : undefined;
  if (serverStatus) params.set('status', serverStatus);
  return {
    kind: 'fetch',
    calls: [{ method: 'GET', path: `/api/v1/tasks?${params.toString()}` }],
    next: ([body]) => {
      const reply = readEnvelope(body, ReplySchema, 'GET /api/v1/tasks');
      if (typeof reply === 'string') return { kind: 'unreadable', reason: reply };
      const rows = reply.tasks ?? [];
      const { runs, skipped } = readRows(rows, TaskRowSchema, toSummary);
      const total = reply.total_count;
      const more = total !== undefined ? offset + rows.length < total : rows.length === limit;
      return {
        kind: 'page',
        page: {
          runs,
          ...(more && rows.length > 0 ? { nextCursor: String(offset + rows.length) } : {}),
          ...(total !== undefined ? { total } : {}),
          ...(skipped ? { skipped } : {}),
        },
      };
    },
  };
}

export const shannonRunList: RunListSource = {
  kind: 'http',
  serverFilters: new Set(Object.keys(SERVER_STATUS) as RunSummaryStatus[]),
  list,
};

const StartReplySchema = z.looseObject({ task_id: optionalText, workflow_id: optionalText });

/** POST /api/v1/tasks creates a task; its id is the workflow the stream follows. */
export const shannonStarter: RunStarter = {
  kind: 'http',
  call: (instructions) => ({ method: 'POST', path: '/api/v1/tasks', body: { query: instructions } }),
  runIdOf: (body) => {
    const parsed = StartReplySchema.safeParse(body);
    return parsed.success ? (parsed.data.workflow_id ?? parsed.data.task_id) : undefined;
  },
};
