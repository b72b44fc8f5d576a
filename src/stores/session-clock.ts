/**
 * "Now" for a session: the wall clock live, the replay clock in a replay (the time of the
 * newest event on screen), so a node waiting at the point a recording was made reads the
 * seconds it had waited then, not the days since. Pure over the run store's state.
 */
import type { RunSession } from '@/stores/run-session';
import type { RunState } from '@/stores/run-types';

/** Rows scanned back from the end for a time: most events carry one, a few do not. */
const SCAN_ROWS = 50;

/** Time of the newest event that says when it happened, or undefined. */
export function lastEventAtMs(state: Pick<RunState, 'log' | 'logLength'>): number | undefined {
  for (let i = state.logLength - 1; i >= Math.max(0, state.logLength - SCAN_ROWS); i--) {
    const atMs = state.log.at(i)?.event.atMs;
    if (atMs !== undefined) return atMs;
  }
  return undefined;
}

export function sessionNow(session: Pick<RunSession, 'mode' | 'run'>): number {
  if (session.mode !== 'replay') return Date.now();
  return lastEventAtMs(session.run.getState()) ?? Date.now();
}
