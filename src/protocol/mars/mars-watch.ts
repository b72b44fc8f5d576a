/**
 * Watching a MARS run without its socket (recovery.drop 'watch'). Only the tab that started a
 * run may hold `/ws/{task_id}`: a second socket closes the first ("Reconnection") and waits
 * for a `{task}` frame of its own. Every other session — a reload, a shared link, a second
 * viewer, and the starter once its socket dropped — polls the REST API instead, each round:
 *   its DAG            GET /api/runs/{task}/dag
 *   its costs          GET /api/runs/{task}/costs
 *   its console        GET /api/runs/{task}/console-log[?tail=n]
 *   its history        GET /api/runs/{task}/history, when something changed since the last read
 *   the run's status   GET /api/sessions/{sid}/runs (found through GET /api/sessions), last
 * The interpreter (mars-rest.ts) turns the answers into events, applies nothing twice, and
 * steers the next round through the session memo (keys below).
 */
import type { ConnectionPlan, ConnectParams, Memo } from '@/protocol/dialect';

export const WATCH_EVERY_MS = 3_000;
export const WATCH_DESCRIBE = `watching over REST, every ${WATCH_EVERY_MS / 1000} s`;
/** Why a watching session offers no controls and no gate answers. */
export const SOCKET_ONLY =
  'MARS takes controls and approval answers only on the socket of the tab that started the run; this tab watches over REST';

/**
 * What a watch cannot see: no route a watcher polls tells of a pending approval (the
 * approval manager keeps it in memory and in its own table, which no router reads), so a
 * run waiting for a person looks like a run in progress.
 */
export const APPROVALS_UNSEEN =
  'MARS\'s REST API shows no pending approval: if this run is waiting for a person, only the tab that started it sees and answers that';

/** Memo keys the interpreter writes and the next round reads. */
export type MarsWatchMemo = Readonly<{
  marsSession?: string;
  marsSessionQueue?: readonly string[];
  marsSessionsListed?: boolean;
  marsConsoleTail?: number;
  /** Rounds to skip the console log after it answered "not yet" (404) — polled gently until it exists. */
  marsConsoleWait?: number;
  marsHistoryDue?: boolean;
  marsEnded?: boolean;
  /** null once the run's mode is known to never ask a person (the session then drops its blind spot). */
  watchBlindSpot?: string | null;
}>;

const SESSIONS_PER_ROUND = 3;
export const SESSIONS_LISTED = 50;

export function httpBase(baseUrl: string): string {
  return baseUrl.replace(/^ws(s?):\/\//, 'http$1://').replace(/\/+$/, '');
}

export function watchPlan(params: ConnectParams): ConnectionPlan & { describe: string; commandsUnavailable: string; blindSpot: string } {
  const runPath = `/api/runs/${encodeURIComponent(params.runId)}`;
  return {
    kind: 'poll',
    baseUrl: httpBase(params.baseUrl),
    headers: {},
    everyMs: WATCH_EVERY_MS,
    requests: (memo) => watchRequests(runPath, memo as MarsWatchMemo),
    describe: WATCH_DESCRIBE,
    commandsUnavailable: SOCKET_ONLY,
    blindSpot: APPROVALS_UNSEEN,
  };
}

/** The run's status comes last: when it says the run ended, everything before it in the round is already read. */
export function watchRequests(runPath: string, memo: MarsWatchMemo): string[] {
  const paths = [`${runPath}/dag`, `${runPath}/costs`];
  const consoleDue = (memo.marsConsoleWait ?? 0) === 0 || memo.marsEnded === true;
  if (consoleDue) paths.push(memo.marsConsoleTail === undefined ? `${runPath}/console-log` : `${runPath}/console-log?tail=${memo.marsConsoleTail}`);
  if (memo.marsHistoryDue !== false || memo.marsEnded === true) paths.push(`${runPath}/history`);
  return [...paths, ...statusRequests(memo)];
}

function statusRequests(memo: MarsWatchMemo): string[] {
  if (memo.marsSession !== undefined) return [sessionRunsPath(memo.marsSession)];
  const queue = memo.marsSessionQueue ?? [];
  if (queue.length > 0) return queue.slice(0, SESSIONS_PER_ROUND).map(sessionRunsPath);
  return memo.marsSessionsListed === true ? [] : [`/api/sessions?limit=${SESSIONS_LISTED}`];
}

const sessionRunsPath = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/runs`;

/** True while this session watches (the session notes the watch's description in its memo). */
export function isWatching(memo: Memo): boolean {
  return typeof memo.watching === 'string';
}
