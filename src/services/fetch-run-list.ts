/**
 * Fetches one page of a backend's run list: interprets the dialect's pure ListStep plan
 * (HTTP calls, in parallel per round) or makes its one Socket.IO request. The result is a
 * page or the problem in words; only an abort throws.
 */
import type { ListStep, RunListPage, RunListQuery, RunListSource } from '@/protocol/run-summary';
import type { ListProblem } from '@/stores/run-list-store';
import { requestOverSocketIo, SocketIoRequestError } from '@/transport/socketio-request';

import { requestJson } from '@/services/request-json';
import { errorMessage } from '@/lib/error-message';

export type ListTarget = Readonly<{
  baseUrl: string;
  token?: string;
  /** tolky: the session whose intents are listed. */
  session?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}>;

export type ListOutcome = { ok: true; page: RunListPage } | { ok: false; problem: ListProblem };

/** Rounds a plan may take before it is treated as broken (MARS takes two). */
const MAX_ROUNDS = 4;

export async function fetchRunList(source: RunListSource, query: RunListQuery, target: ListTarget, signal: AbortSignal): Promise<ListOutcome> {
  switch (source.kind) {
    case 'http':
      return runPlan(source.list(query), target, signal);
    case 'socket.io':
      return requestSocketList(source, query, target, signal);
    case 'local':
      return { ok: true, page: { runs: [] } };
  }
}

async function runPlan(first: ListStep, target: ListTarget, signal: AbortSignal): Promise<ListOutcome> {
  let step = first;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (step.kind === 'page') return { ok: true, page: step.page };
    if (step.kind === 'unreadable') return { ok: false, problem: { kind: 'unreadable', message: step.reason } };
    const options = { baseUrl: target.baseUrl, signal, ...(target.token ? { token: target.token } : {}), ...(target.fetchImpl ? { fetchImpl: target.fetchImpl } : {}), ...(target.timeoutMs ? { timeoutMs: target.timeoutMs } : {}) };
    const outcomes = await Promise.all(step.calls.map((call) => requestJson(call, options)));
    const failed = outcomes.find((o) => !o.ok);
    if (failed && !failed.ok) return { ok: false, problem: failed.problem };
    step = step.next(outcomes.map((o) => (o.ok ? o.body : undefined)));
  }
  return { ok: false, problem: { kind: 'unreadable', message: 'the run list took too many requests to read' } };
}

async function requestSocketList(
  source: Extract<RunListSource, { kind: 'socket.io' }>,
  query: RunListQuery,
  target: ListTarget,
  signal: AbortSignal,
): Promise<ListOutcome> {
  let result: ListStep | undefined;
  try {
    await requestOverSocketIo({
      url: target.baseUrl,
      namespace: source.namespace,
      auth: source.auth({ ...(target.token ? { token: target.token } : {}), ...(target.session ? { session: target.session } : {}) }),
      emit: source.request,
      replyEvents: source.replyEvents,
      isAnswer: ({ event, data }) => (result = source.parse(event, data, query)) !== undefined,
      timeoutMs: target.timeoutMs ?? 10_000,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, problem: socketProblem(error, target.baseUrl) };
  }
  if (result?.kind === 'page') return { ok: true, page: result.page };
  return { ok: false, problem: { kind: 'unreadable', message: result?.kind === 'unreadable' ? result.reason : 'the reply could not be read' } };
}

function socketProblem(error: unknown, url: string): ListProblem {
  const message = errorMessage(error);
  if (error instanceof SocketIoRequestError && error.kind === 'refused') {
    return { kind: 'unauthorized', message: `The backend refused the connection (${message}): check the token in this backend’s settings.` };
  }
  if (error instanceof SocketIoRequestError && error.kind === 'timeout') return { kind: 'timeout', message: `${url} did not answer the list request (${message}).` };
  return { kind: 'unreachable', message: `Could not open a Socket.IO connection to ${url} (${message}): is the backend running, and is the address right?` };
}
