/**
 * The run's status while watching. The REST API says it only in the run list of the MARS
 * session that holds the run (`GET /api/sessions/{sid}/runs`, rows named by `meta.task_id`):
 * draft | planning | executing | paused | waiting_approval | completed | failed | cancelled.
 * The session is known from the socket's first `status` frame (the starter), or found:
 * `GET /api/sessions` (newest first; a session MARS names itself is `<mode>_<task id[:8]>`,
 * those are tried first), then the run lists of the candidates, a few per round. Without a
 * session the DAG still tells a completed or failed run (its terminator node), not a cancel.
 */
import type { Memo } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import { finish } from '@/protocol/mars/mars-chapters';
import type { MarsState } from '@/protocol/mars/mars-state';
import { marsTimeMs } from '@/protocol/mars/mars-time';

/**
 * Without a session, the sessions are listed again: at the next round while the run has no
 * DAG yet (it is starting, or the id is wrong), else after this many DAG answers.
 */
const SEARCH_AGAIN_AFTER = 10;

/** Modes in which MARS may stop and ask a person (mars-modes.ts). */
const MARS_ASKING_MODES: ReadonlySet<string> = new Set(['hitl-interactive', 'copilot']);
const CANDIDATES = 10;
const TERMINAL = new Set(['completed', 'failed', 'cancelled', 'canceled']);

type Session = Readonly<{ session_id: string; name?: string | undefined }>;
type RunRow = Readonly<{
  id: string;
  status: string;
  mode?: string | undefined;
  task_description?: string | undefined;
  started_at?: string | undefined;
  completed_at?: string | undefined;
  meta?: { task_id?: string | undefined } | undefined;
}>;

export function sessionHint(s: MarsState, sessionId: string): Memo {
  if (s.session !== undefined) return {};
  s.session = sessionId;
  return { marsSession: sessionId };
}

export function readSessions(s: MarsState, sessions: readonly Session[]): Memo {
  const prefix = s.runId.slice(0, 8);
  const named = sessions.filter((x) => x.name?.endsWith(`_${prefix}`));
  const others = sessions.filter((x) => !named.includes(x));
  s.sessionQueue = [...named, ...others].map((x) => x.session_id).filter((id) => !s.sessionsChecked.has(id)).slice(0, CANDIDATES);
  s.roundsSinceSearch = 0;
  return { marsSessionQueue: s.sessionQueue, marsSessionsListed: true };
}

export function readSessionRuns(s: MarsState, sessionId: string, runs: readonly RunRow[]): { events: RunEvent[]; memo: Memo } {
  const row = runs.find((r) => r.meta?.task_id === s.runId || r.id === s.runId);
  if (row === undefined) {
    s.sessionsChecked.add(sessionId);
    s.sessionQueue = s.sessionQueue.filter((id) => id !== sessionId);
    const lost = s.session === sessionId;
    if (lost) s.session = undefined;
    return { events: [], memo: { marsSessionQueue: s.sessionQueue, ...(lost ? { marsSession: undefined } : {}) } };
  }
  const memo: Record<string, unknown> = s.session === sessionId && s.sessionQueue.length === 0 ? {} : { marsSession: sessionId, marsSessionQueue: [] };
  s.session = sessionId;
  s.sessionQueue = [];
  // A mode that never asks a person leaves nothing unseen: the watch need not say it cannot see approvals.
  if (!s.neverAsks && row.mode !== undefined && !MARS_ASKING_MODES.has(row.mode)) {
    s.neverAsks = true;
    memo.watchBlindSpot = null;
  }
  return { events: statusEvents(s, row), memo };
}

/** Counts DAG answers while no session is known; time to list the sessions again? */
export function searchAgain(s: MarsState): Memo {
  if (s.session !== undefined || s.sessionQueue.length > 0) return {};
  s.roundsSinceSearch += 1;
  if (s.view.size > 0 && s.roundsSinceSearch < SEARCH_AGAIN_AFTER) return {};
  s.roundsSinceSearch = 0;
  s.sessionsChecked.clear();
  return { marsSessionsListed: false };
}

function statusEvents(s: MarsState, row: RunRow): RunEvent[] {
  const events: RunEvent[] = [];
  if (!s.titled) {
    s.titled = true;
    const atMs = marsTimeMs(row.started_at);
    events.push({ type: 'run.started', ...(row.task_description ? { title: row.task_description.slice(0, 200) } : {}), ...(atMs !== undefined ? { atMs } : {}) });
  }
  const word = row.status.toLowerCase();
  const previous = s.runStatus;
  if (word === previous) return events;
  // The status is read last in a round, but the run may have ended after the DAG and the rest
  // were read: the end is applied when a second round says it (everything read after it), and
  // waits for history rows still to be read, so nothing the run did comes after its end.
  if (TERMINAL.has(word) && (s.endSeen !== word || s.historyPending)) {
    s.endSeen = word;
    return events;
  }
  s.runStatus = word;
  const changed = statusChange(s, word, previous);
  const endedAtMs = marsTimeMs(row.completed_at);
  const terminal = changed.at(-1);
  if (terminal && TERMINAL.has(word) && endedAtMs !== undefined) terminal.atMs = endedAtMs;
  return [...events, ...changed];
}

function statusChange(s: MarsState, word: string, previous: string | undefined): RunEvent[] {
  switch (word) {
    case 'completed':
      return finish(s, { type: 'run.completed' }, 'completed');
    case 'failed':
      return finish(s, { type: 'run.failed', error: { message: s.lastError ?? 'the run failed (its status in the MARS session’s run list)' } }, 'failed');
    case 'cancelled':
    case 'canceled':
      return finish(s, { type: 'run.cancelled' }, 'cancelled');
    case 'paused':
      return [{ type: 'run.paused' }];
    default:
      if (previous === 'paused') return [{ type: 'run.resumed' }];
      return [{ type: 'log', level: 'debug', source: 'status', message: `run status: ${word}` }];
  }
}

/** Without a session the DAG's terminator says a completed or a failed run (the history, read after the DAG, applies it). */
export function dagSaysOver(s: MarsState): boolean {
  const end = s.view.get('terminator');
  // A watch's "failed" terminator waits for the history to say whether it ran (mars-dag.ts); either way the run failed.
  const failed = end === 'failed' || end === 'not_run' || s.unseenFailures.has('terminator');
  return s.session === undefined && (end === 'succeeded' || failed);
}

export function dagTerminal(s: MarsState): RunEvent[] {
  if (s.runStatus !== undefined || s.terminal || !dagSaysOver(s)) return [];
  if (s.view.get('terminator') === 'succeeded') return finish(s, { type: 'run.completed' }, 'completed');
  return finish(s, { type: 'run.failed', error: { message: s.lastError ?? 'the run failed (its DAG says so)' } }, 'failed');
}
