/**
 * MARS's run list, in two rounds (read from UJ2202/MARS backend/routers/sessions.py):
 *   GET /api/sessions?limit=<n>         →  {sessions: [{session_id, name, mode, status, created_at, updated_at, …}], total}
 *                                          most recently updated first
 *   GET /api/sessions/{id}/runs         →  {session_id, total_runs, runs: [{id, mode, agent, model, status,
 *                                          task_description, started_at, completed_at, is_branch, meta: {task_id}}]}
 * A run is named by `meta.task_id` (what `/ws/{task_id}` and `/api/runs/{id}` take; `id` is the
 * database's). The runs of the newest sessions are merged, newest first. MARS pages neither
 * list, so there is no next page; costs live at /api/runs/{id}/costs and are not fetched per row.
 */
import * as z from 'zod';

import { parseTimeMs } from '@/lib/parse-time';
import { idText, optionalText, readEnvelope, readRows } from '@/protocol/run-list-rows';
import { newestRunsFirst, type ListStep, type RunListQuery, type RunListSource, type RunSummary, type RunSummaryStatus } from '@/protocol/run-summary';

/** Sessions whose runs are fetched at once: each is one request. */
const MAX_SESSIONS = 25;

const SessionSchema = z.looseObject({ session_id: idText, name: optionalText, mode: optionalText });
const SessionsReplySchema = z.looseObject({ sessions: z.array(z.unknown()) });
const RunsReplySchema = z.looseObject({ runs: z.array(z.unknown()) });

const RunRowSchema = z.looseObject({
  id: idText,
  /** The socket and `/api/runs/{id}` take the task id; `id` is the database's run id. */
  meta: z.looseObject({ task_id: optionalText }).nullish(),
  status: z.string(),
  task_description: optionalText,
  mode: optionalText,
  started_at: z.union([z.string(), z.number()]).nullish(),
  completed_at: z.union([z.string(), z.number()]).nullish(),
});

const STATUS: Readonly<Record<string, RunSummaryStatus>> = {
  draft: 'queued',
  pending: 'queued',
  queued: 'queued',
  planning: 'running',
  executing: 'running',
  running: 'running',
  waiting_approval: 'waiting',
  paused: 'paused',
  completed: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
};

export function marsStatus(text: string): RunSummaryStatus {
  return STATUS[text.toLowerCase()] ?? 'unknown';
}

function toSummary(group: string) {
  return (row: z.infer<typeof RunRowSchema>): RunSummary => {
    const startedAtMs = parseTimeMs(row.started_at);
    const endedAtMs = parseTimeMs(row.completed_at);
    const runId = row.meta?.task_id ?? row.id;
    return {
      runId,
      title: row.task_description?.trim() || runId,
      status: marsStatus(row.status),
      statusText: row.status,
      group,
      ...(startedAtMs !== undefined ? { startedAtMs } : {}),
      ...(endedAtMs !== undefined ? { endedAtMs } : {}),
    };
  };
}

function runsOfSessions(sessions: readonly z.infer<typeof SessionSchema>[], query: RunListQuery): ListStep {
  if (sessions.length === 0) return { kind: 'page', page: { runs: [] } };
  return {
    kind: 'fetch',
    calls: sessions.map((s) => ({ method: 'GET', path: `/api/sessions/${encodeURIComponent(s.session_id)}/runs` })),
    next: (bodies) => {
      const runs: RunSummary[] = [];
      let skipped: { count: number; reason: string } | undefined;
      const skip = (count: number, reason: string) => (skipped = { count: (skipped?.count ?? 0) + count, reason: skipped?.reason ?? reason });
      sessions.forEach((session, i) => {
        const reply = readEnvelope(bodies[i], RunsReplySchema, 'GET /api/sessions/{id}/runs');
        if (typeof reply === 'string') return void skip(1, `session ${session.session_id}: ${reply}`);
        const read = readRows(reply.runs, RunRowSchema, toSummary(session.name || session.session_id));
        runs.push(...read.runs);
        if (read.skipped) skip(read.skipped.count, read.skipped.reason);
      });
      return { kind: 'page', page: { runs: newestRunsFirst(runs).slice(0, query.limit), ...(skipped ? { skipped } : {}) } };
    },
  };
}

function list(query: RunListQuery): ListStep {
  return {
    kind: 'fetch',
    calls: [{ method: 'GET', path: `/api/sessions?limit=${MAX_SESSIONS}` }],
    next: ([body]) => {
      const reply = readEnvelope(body, SessionsReplySchema, 'GET /api/sessions');
      if (typeof reply === 'string') return { kind: 'unreadable', reason: reply };
      const sessions = reply.sessions.flatMap((row) => {
        const parsed = SessionSchema.safeParse(row);
        return parsed.success ? [parsed.data] : [];
      });
      return runsOfSessions(sessions.slice(0, MAX_SESSIONS), query);
    },
  };
}

export const marsRunList: RunListSource = { kind: 'http', serverFilters: new Set(), list };
