/**
 * Opens a live run and registers it with the tab's runs: the one path for a link, a click
 * in a run list, "Start run" from the console and the watcher. Runs of protocols without
 * a run list (myagent, AG-UI) are remembered in this browser as they open, and their title,
 * status and id follow the session (recent-runs-store.ts); so are the runs started here of a
 * dialect that watches without the starter's connection (MARS), marked `started`, so that
 * opening one again watches it instead of starting it again.
 */
import { createLiveSession } from '@/session';
import { liveRunKey, tokenFor, useSessionRegistry, type OpenRun } from '@/app/session/session-registry';
import { buildLiveSearch } from '@/app/url-contract';
import type { Dialect, Memo, StartConfig } from '@/protocol/dialect';
import { DIALECT_INFO } from '@/protocol/dialect-info';
import { summaryStatusOf } from '@/protocol/run-summary';
import { recentRunsStore } from '@/stores/recent-runs-store';
import type { RunSession } from '@/stores/run-session';

export type LiveRunRequest = Readonly<{
  dialect: Dialect;
  url: string;
  run?: string;
  /** Instructions, only after the person pressed "Start run". */
  start?: string;
  /** The start options chosen with "Start run" (Dialect.startOptions). */
  startConfig?: StartConfig;
  watched?: boolean;
  /** The backend session the run belongs to (tolky), from the link or the kept backend. */
  session?: string | undefined;
  /** The address as the person typed it (a link): kept, so focusing a node does not rewrite it and remount the view. */
  search?: string;
  /** What this tab kept before a reload (reload-resume.ts): the run is resumed, not started. */
  resume?: Memo;
}>;

/** The open run for this request: the one already registered, or a new one. */
export function openLiveRun(request: LiveRunRequest): OpenRun {
  const { dialect, url, run, start, session } = request;
  // A run started where everyone else watches it (MARS) is known by its address without the instructions: once started, the address names the run.
  const startedWatchable = start !== undefined && dialect.watchPlan !== undefined;
  const key = liveRunKey({ dialect: dialect.id, url, ...(run ? { run } : {}), ...(start !== undefined && !startedWatchable ? { start } : {}) });
  const registry = useSessionRegistry.getState();
  const existing = registry.runs[key];
  if (existing) {
    if (!request.watched) registry.adopt(key);
    return existing;
  }
  const token = tokenFor(url);
  const live = createLiveSession({
    dialect,
    params: { baseUrl: url, runId: run ?? `run-${Date.now().toString(36)}`, ...(token ? { token } : {}), ...(session ? { session } : {}) },
    ...(start !== undefined ? { start } : {}),
    ...(start !== undefined && request.startConfig ? { startConfig: request.startConfig } : {}),
    reloadKey: key,
    ...(request.resume ? { resume: request.resume } : {}),
  });
  const search = request.search ?? buildLiveSearch({ dialect: dialect.id, url, session, ...(run ? { run } : {}), ...(start !== undefined ? { start } : {}) });
  const stopTracking = DIALECT_INFO[dialect.id].listedLocally || startedWatchable ? trackRecentRun(key, live.session, url, search, start) : undefined;
  const opened: OpenRun = {
    key,
    session: live.session,
    search,
    close: () => {
      stopTracking?.();
      live.close();
    },
    ...(request.watched ? { watched: true } : {}),
    ...(startedWatchable ? { started: true as const } : {}),
  };
  registry.add(opened);
  return opened;
}

/** Remembers a run of a protocol without a list, and keeps its title, status and id current. */
function trackRecentRun(key: string, session: RunSession, url: string, search: string, start: string | undefined): () => void {
  const { actions } = recentRunsStore.getState();
  const snapshot = () => {
    const state = session.run.getState();
    return { title: state.title ?? start ?? session.runId, status: summaryStatusOf(state.status), runId: session.runId };
  };
  actions.remember({ key, dialect: session.dialect.id, url, search, atMs: Date.now(), ...snapshot(), ...(start !== undefined ? { started: true } : {}) });
  return session.run.subscribe((state, previous) => {
    if (state.title !== previous.title || state.status !== previous.status) actions.patch(key, snapshot());
  });
}
