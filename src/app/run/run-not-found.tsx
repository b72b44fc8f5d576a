/**
 * A run the backend says does not exist (its stream answered 404 before anything arrived, or
 * a lookup said so): not a run. Shown instead of the run's views, so nothing reads "Run pending", no control is
 * offered and nothing is sent; the backend's run list is one click away (no-such-run.tsx, whose
 * code loads only when a run is not found: a link to a run that is does not download it).
 */
import { useStore } from 'zustand';

import type { RunSession } from '@/stores/run-session';

/**
 * The backend's words when it said there is no such run, else undefined: its stream's address
 * answered 404 before anything arrived, or a lookup the dialect made said so (run.unknown).
 */
export function useRunNotFound(session: RunSession): string | undefined {
  return useStore(session.run, (s) => {
    const { state } = s.connection;
    if (s.unknown !== undefined && s.status === 'pending') return s.unknown;
    return state.status === 'error' && state.notFound === true && s.logLength === 0 ? state.error : undefined;
  });
}
