/**
 * The canonical run-list contract: what one row of a backend's run list says, whatever
 * the protocol, and how a dialect describes the requests that fetch a page of them.
 *
 * A run-list module (`<dialect>/<dialect>-run-list.ts`) is pure like a decoder: it names
 * the requests (HTTP calls, or one Socket.IO request and the event that answers it) and
 * maps each reply, zod-validated, onto `RunSummary`. It never fetches: services/ does,
 * abortably, and the console reads the result from a store. A reply row that fails
 * validation is counted and skipped with its reason, never fatal to the page.
 */
import { newestFirst } from '@/lib/newest-first';
import type { DialectId } from '@/protocol/dialect';
import type { RunStatus } from '@/protocol/run-event';

/** A run's state as the list shows it; `unknown` when the backend said something we cannot read. */
export const RUN_SUMMARY_STATUSES = ['queued', 'running', 'waiting', 'paused', 'succeeded', 'failed', 'cancelled', 'unknown'] as const;
export type RunSummaryStatus = (typeof RUN_SUMMARY_STATUSES)[number];

/** Statuses of a run that is not over: the ones "watch running runs" follows. */
export const ACTIVE_STATUSES: ReadonlySet<RunSummaryStatus> = new Set(['queued', 'running', 'waiting', 'paused']);

export type RunSummary = Readonly<{
  runId: string;
  /** Title, query or task text; the run id when the backend gives nothing else. */
  title: string;
  status: RunSummaryStatus;
  /** The backend's own status word (`TASK_STATUS_RUNNING`, `waiting_approval`), shown on hover. */
  statusText: string;
  startedAtMs?: number;
  endedAtMs?: number;
  /** Integer micro-units of `currency`, where the list says. */
  costMicros?: number;
  currency?: string;
  /** Human gates waiting, where the list says (relavium); undefined when unknown. */
  waitingGates?: number;
  /** A grouping the backend has (MARS session, tolky session), shown beside the title. */
  group?: string;
}>;

export type RunListQuery = Readonly<{
  limit: number;
  /** An opaque page cursor from the previous page (an offset or the backend's own cursor). */
  cursor?: string;
  /** Applied by the backend when the protocol can (`serverFilters`), else by the console. */
  status?: RunSummaryStatus;
}>;

export type RunListPage = Readonly<{
  runs: readonly RunSummary[];
  /** Present when there is a next page. */
  nextCursor?: string;
  /** Total runs the backend reports, when it does. */
  total?: number;
  /** Reply rows that could not be read, with the first reason. */
  skipped?: Readonly<{ count: number; reason: string }>;
}>;

// ---- how a page is fetched ---------------------------------------------------

/** One HTTP request, relative to the backend's base URL. */
export type HttpCall = Readonly<{ method: 'GET' | 'POST'; path: string; body?: unknown }>;

/**
 * A small, pure plan the service interprets: fetch these calls (in parallel), hand the
 * parsed JSON bodies to `next`, repeat until a page (or a reason the reply is unreadable).
 * MARS needs two rounds (sessions, then each session's runs); the others one.
 */
export type ListStep =
  | { kind: 'page'; page: RunListPage }
  | { kind: 'fetch'; calls: readonly HttpCall[]; next: (bodies: readonly unknown[]) => ListStep }
  | { kind: 'unreadable'; reason: string };

export type RunListSource =
  | Readonly<{
      kind: 'http';
      /** Statuses the backend filters itself; others are filtered in the browser. */
      serverFilters: ReadonlySet<RunSummaryStatus>;
      list(query: RunListQuery): ListStep;
    }>
  | Readonly<{
      kind: 'socket.io';
      namespace: string;
      /** Handshake auth (the token goes here, never in a URL). */
      auth(options: Readonly<{ token?: string; session?: string }>): Record<string, unknown>;
      /** What to emit once connected. */
      request: Readonly<{ event: string; data: unknown }>;
      /** Events that may answer (the reply, or an error event). */
      replyEvents: readonly string[];
      /** The page from one reply, or undefined when this event is not the answer. */
      parse(event: string, data: unknown, query: RunListQuery): ListStep | undefined;
      /** Why a tolky backend needs a session id to list anything. */
      sessionHint: string;
    }>
  | Readonly<{
      kind: 'local';
      /** Why this protocol has no list (shown above the runs kept in this browser). */
      reason: string;
      /** How "Test connection" checks the backend without side effects: open a socket, or GET the URL as given. */
      probe: 'websocket' | 'http-get';
    }>;

/** How the console starts a run on a backend, when the protocol lets a client start one. */
export type RunStarter =
  /** The live session starts it (`start=` after the person pressed "Start run"). */
  | Readonly<{ kind: 'session' }>
  /** One HTTP call creates the run; its reply names the run to open. */
  | Readonly<{ kind: 'http'; call: (instructions: string) => HttpCall; runIdOf: (body: unknown) => string | undefined }>;

export type RunListEntry = Readonly<{
  dialect: DialectId;
  source: RunListSource;
  starter?: RunStarter;
  /** Set when the console cannot follow this protocol's running runs, with the reason. */
  unwatchable?: string;
}>;

// ---- helpers the list modules share -------------------------------------------

/** Paging by offset: the cursor is the next offset as text. */
export function offsetOf(cursor: string | undefined): number {
  const offset = Number(cursor ?? 0);
  return Number.isInteger(offset) && offset > 0 ? offset : 0;
}

export function skippedOf(reasons: readonly string[]): RunListPage['skipped'] {
  return reasons.length === 0 ? undefined : { count: reasons.length, reason: reasons[0] ?? '' };
}

/** Newest first; runs without a start time go last, in the order given. */
export function newestRunsFirst(runs: readonly RunSummary[]): RunSummary[] {
  return newestFirst(runs, (run) => run.startedAtMs);
}

const FROM_RUN_STATUS: Readonly<Record<RunStatus, RunSummaryStatus>> = {
  pending: 'queued',
  running: 'running',
  paused: 'paused',
  waiting: 'waiting',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** A live session's run status in the list's words (runs kept in this browser, watched runs). */
export function summaryStatusOf(status: RunStatus): RunSummaryStatus {
  return FROM_RUN_STATUS[status];
}
