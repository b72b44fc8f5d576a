/**
 * "Now" for a session: the wall clock live, the replay clock in a replay (the time of the
 * newest event on screen), so a node waiting at the point a recording was made reads the
 * seconds it had waited then, not the days since. Pure over the run store's state.
 */
import type { EventLog } from '@/stores/event-log';
import type { RunSession } from '@/stores/run-session';

/** Rows scanned back from the end for a time: most events carry one, a few do not. */
const SCAN_ROWS = 50;

/** Time of the newest event (of the first `length` rows) that says when it happened, or undefined. */
export function lastEventAtMs(log: EventLog, length: number): number | undefined {
  for (let i = length - 1; i >= Math.max(0, length - SCAN_ROWS); i--) {
    const atMs = log.at(i)?.event.atMs;
    if (atMs !== undefined) return atMs;
  }
  return undefined;
}

export function sessionNow(session: Pick<RunSession, 'mode' | 'run' | 'log'>): number {
  if (session.mode !== 'replay') return Date.now();
  return lastEventAtMs(session.log, session.run.getState().logLength) ?? Date.now();
}
