/**
 * "Watch running runs": for every kept backend with the switch on, follows each of its
 * running runs with a live session, so every gate waiting on that backend reaches the
 * reviewer inbox and can be answered there without opening the run.
 *
 * Bounded: at most MAX_WATCHED_STREAMS sessions across all backends. Runs with a gate
 * open come first, then runs waiting for a person, then the newest; the rest are counted
 * and the console says so. A run that is over (or a switch turned off) releases its
 * session, unless the person opened that run meanwhile (the registry's `adopt`).
 * Each watched backend's list is polled on its own (newest WATCH_PAGE runs), app-wide,
 * so gates keep arriving while the person looks at a run.
 */
import { listTargetOf } from '@/app/console/backend-target';
import { MAX_WATCHED_STREAMS } from '@/app/console/watch-bound';
import { openLiveRun } from '@/app/session/open-live-run';
import { liveRunKey, useSessionRegistry } from '@/app/session/session-registry';
import type { Dialect } from '@/protocol/dialect';
import { loadDialect } from '@/protocol/load-dialect';
import { runListOf } from '@/protocol/run-lists';
import { ACTIVE_STATUSES, type RunSummary } from '@/protocol/run-summary';
import { pollRunList } from '@/services/run-list-poller';
import { backendsStore, type BackendsStore, type KeptBackend } from '@/stores/backends-store';
import { runListStore, type RunListStore } from '@/stores/run-list-store';

export { MAX_WATCHED_STREAMS };
const WATCH_PAGE = 50;
const WATCH_INTERVAL_MS = 10_000;

type Watched = { backend: KeptBackend; stop: AbortController; active: readonly RunSummary[] };

export type WatchOptions = Readonly<{ signal: AbortSignal; backends?: BackendsStore; lists?: RunListStore; intervalMs?: number }>;

export function startConsoleWatch({ signal, backends = backendsStore, lists = runListStore, intervalMs = WATCH_INTERVAL_MS }: WatchOptions): void {
  const watched = new Map<string, Watched>();
  // A protocol's code loads once its first backend is watched; until then its runs wait (its list is still in flight).
  const dialects = new Map<string, Dialect>();

  const sync = () => {
    const wanted = backends.getState().backends.filter((b) => b.watchRunning);
    for (const [id, entry] of watched) {
      const now = wanted.find((b) => b.id === id);
      if (now && now.url === entry.backend.url && now.session === entry.backend.session) continue;
      entry.stop.abort();
      watched.delete(id);
      lists.getState().actions.setWatch(id, undefined);
    }
    for (const backend of wanted) if (!watched.has(backend.id)) watch(backend);
    reconcile();
  };

  function watch(backend: KeptBackend) {
    const entry = runListOf(backend.dialect);
    const unsupported = entry?.unwatchable ?? (entry ? undefined : 'unknown protocol');
    if (!entry || unsupported) return lists.getState().actions.setWatch(backend.id, { following: 0, active: 0, capped: false, unsupported: unsupported ?? '' });
    const stop = new AbortController();
    const state: Watched = { backend, stop, active: [] };
    watched.set(backend.id, state);
    loadDialect(backend.dialect)?.then(
      (dialect) => {
        dialects.set(dialect.id, dialect);
        if (!signal.aborted) reconcile();
      },
      (error: unknown) => console.error(`the ${backend.dialect} protocol could not load: its runs are not watched`, error),
    );
    pollRunList({
      source: entry.source,
      target: () => listTargetOf(backend),
      query: { limit: WATCH_PAGE },
      intervalMs,
      signal: AbortSignal.any([signal, stop.signal]),
      onResult: (outcome) => {
        if (!outcome.ok) return;
        state.active = outcome.page.runs.filter((run) => ACTIVE_STATUSES.has(run.status));
        reconcile();
      },
    });
  }

  /** Opens the sessions the bound allows, closes the ones no longer wanted, reports counts. */
  function reconcile() {
    const registry = useSessionRegistry.getState();
    const candidates = [...watched.values()].flatMap((w) => w.active.map((run) => ({ backend: w.backend, run, key: keyOf(w.backend, run) })));
    candidates.sort((a, b) => priority(b.key, b.run) - priority(a.key, a.run) || (b.run.startedAtMs ?? 0) - (a.run.startedAtMs ?? 0));
    const chosen = candidates.slice(0, MAX_WATCHED_STREAMS);
    const keep = new Set(chosen.map((c) => c.key));
    for (const run of Object.values(registry.runs)) if (run.watched && !keep.has(run.key)) registry.remove(run.key);
    for (const { backend, run } of chosen) {
      const dialect = dialects.get(backend.dialect);
      if (dialect) openLiveRun({ dialect, url: backend.url, run: run.runId, session: backend.session, watched: true });
    }
    for (const w of watched.values()) {
      const following = chosen.filter((c) => c.backend.id === w.backend.id).length;
      lists.getState().actions.setWatch(w.backend.id, { following, active: w.active.length, capped: following < w.active.length });
    }
  }

  const unsubscribe = backends.subscribe((state, previous) => {
    if (state.backends !== previous.backends) sync();
  });
  signal.addEventListener('abort', () => {
    unsubscribe();
    for (const entry of watched.values()) entry.stop.abort();
    const registry = useSessionRegistry.getState();
    for (const run of Object.values(registry.runs)) if (run.watched) registry.remove(run.key);
  });
  sync();
}

function keyOf(backend: KeptBackend, run: RunSummary): string {
  return liveRunKey({ dialect: backend.dialect, url: backend.url, run: run.runId });
}

/** Runs a reviewer may be answering now come first: a gate open in our session, then "waiting". */
function priority(key: string, run: RunSummary): number {
  const open = useSessionRegistry.getState().runs[key];
  const gates = open ? open.session.run.getState().gateOrder.some((id) => open.session.run.getState().gates[id]?.status === 'open') : false;
  return (gates ? 2 : 0) + (run.status === 'waiting' || (run.waitingGates ?? 0) > 0 ? 1 : 0);
}
