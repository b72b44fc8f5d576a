/**
 * tolky's run list over Socket.IO (tolky-sequential-thinking.pt.md, "Cliente → servidor (sessão)"):
 * connect to `/sequential-thinking` with `auth: {token, sessionId}`, emit `list_session_intents`,
 * and read `session_intents` (`session_error` on failure). The document publishes no row shape,
 * so rows are read tolerantly: `{intentId | id, status?, instructions | title | query?,
 * createdAt | startedAt?, completedAt | endedAt?, hostId?}`. A list is one session's
 * intents, which is why a kept tolky backend names its session.
 */
import * as z from 'zod';

import { parseTimeMs } from '@/lib/parse-time';
import { optionalText, readRows } from '@/protocol/run-list-rows';
import { newestRunsFirst, type ListStep, type RunListQuery, type RunListSource, type RunSummary, type RunSummaryStatus } from '@/protocol/run-summary';

const time = z.union([z.string(), z.number()]).nullish();

const IntentRowSchema = z
  .looseObject({
    intentId: optionalText,
    id: optionalText,
    status: optionalText,
    instructions: optionalText,
    title: optionalText,
    query: optionalText,
    createdAt: time,
    startedAt: time,
    completedAt: time,
    endedAt: time,
    hostId: optionalText,
    pendingInterruptions: z.number().int().nonnegative().nullish(),
  })
  .refine((row) => Boolean(row.intentId ?? row.id), { message: 'an intent needs an intentId (or id)' });

const ReplySchema = z.looseObject({ sessionId: optionalText, intents: z.array(z.unknown()) });

const STATUS: Readonly<Record<string, RunSummaryStatus>> = {
  pending: 'queued',
  queued: 'queued',
  running: 'running',
  in_progress: 'running',
  executing: 'running',
  interrupted: 'waiting',
  waiting: 'waiting',
  waiting_input: 'waiting',
  paused: 'paused',
  completed: 'succeeded',
  succeeded: 'succeeded',
  failed: 'failed',
  error: 'failed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
};

function toSummary(row: z.infer<typeof IntentRowSchema>): RunSummary {
  const runId = row.intentId ?? row.id ?? '';
  const status = row.status ?? 'unknown';
  const startedAtMs = parseTimeMs(row.createdAt ?? row.startedAt);
  const endedAtMs = parseTimeMs(row.completedAt ?? row.endedAt);
  return {
    runId,
    title: (row.title ?? row.instructions ?? row.query)?.trim() || runId,
    status: STATUS[status.toLowerCase()] ?? 'unknown',
    statusText: status,
    ...(startedAtMs !== undefined ? { startedAtMs } : {}),
    ...(endedAtMs !== undefined ? { endedAtMs } : {}),
    ...(row.pendingInterruptions != null ? { waitingGates: row.pendingInterruptions } : {}),
    ...(row.hostId ? { group: row.hostId } : {}),
  };
}

function parse(event: string, data: unknown, query: RunListQuery): ListStep | undefined {
  if (event === 'session_error') {
    const message = typeof data === 'object' && data !== null && 'message' in data ? String((data as { message: unknown }).message) : 'session error';
    return { kind: 'unreadable', reason: `tolky refused the list: ${message}` };
  }
  if (event !== 'session_intents') return undefined;
  const reply = ReplySchema.safeParse(data);
  if (!reply.success) return { kind: 'unreadable', reason: 'the session_intents reply has no "intents" array' };
  const { runs, skipped } = readRows(reply.data.intents, IntentRowSchema, toSummary);
  return { kind: 'page', page: { runs: newestRunsFirst(runs).slice(0, query.limit), total: runs.length, ...(skipped ? { skipped } : {}) } };
}

export const tolkyRunList: RunListSource = {
  kind: 'socket.io',
  namespace: '/sequential-thinking',
  auth: ({ token, session }) => ({ ...(token ? { token } : {}), ...(session ? { sessionId: session } : {}) }),
  request: { event: 'list_session_intents', data: {} },
  replyEvents: ['session_intents', 'session_error'],
  parse,
  sessionHint: 'tolky lists the intents of one session: give the session id in this backend’s settings, or only intents started from this new session are listed.',
};
