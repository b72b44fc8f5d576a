/**
 * Runs this browser started, for protocols where only the starter may hold a run's
 * connection (MARS: a second socket steals the run, a second start frame starts it again).
 * A reload, or a `start=` link opened again, of a run started here must open it as a
 * watcher, never offer "Start run" as if nothing ran. Kept in localStorage — protocol,
 * backend, run id and when; never a token, never the instructions — newest first, bounded.
 * Same storage rules as the console's recent-runs store (branch `console`), which lists
 * runs for people; this one only answers "did this browser start that run?".
 */
import { createStore, type StoreApi } from 'zustand';

export type StartedRun = Readonly<{ dialect: string; url: string; runId: string; atMs: number }>;

/** What is needed of localStorage (tests pass a Map-backed one). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export type StartedRunsState = Readonly<{
  runs: readonly StartedRun[];
  remember: (run: StartedRun) => void;
  find: (dialect: string, url: string, runId: string) => StartedRun | undefined;
}>;

export type StartedRunsStore = StoreApi<StartedRunsState>;

export const STARTED_RUNS_STORAGE_KEY = 'runboard.started-runs.v1';
export const MAX_STARTED_RUNS = 200;

const same = (a: Omit<StartedRun, 'atMs'>, b: Omit<StartedRun, 'atMs'>) => a.dialect === b.dialect && a.url === b.url && a.runId === b.runId;

export function createStartedRunsStore(storage: KeyValueStorage | undefined): StartedRunsStore {
  const store = createStore<StartedRunsState>()((set, get) => ({
    runs: load(storage),
    remember: (run) => set({ runs: [run, ...get().runs.filter((r) => !same(r, run))].slice(0, MAX_STARTED_RUNS) }),
    find: (dialect, url, runId) => get().runs.find((r) => same(r, { dialect, url, runId })),
  }));
  store.subscribe((state, previous) => {
    if (state.runs === previous.runs) return;
    try {
      storage?.setItem(STARTED_RUNS_STORAGE_KEY, JSON.stringify(state.runs));
    } catch {
      // full or disabled storage: remembered for this visit only
    }
  });
  return store;
}

/** Read back field by field: nothing else stored under the key is ever loaded. */
function load(storage: KeyValueStorage | undefined): StartedRun[] {
  try {
    const value = JSON.parse(storage?.getItem(STARTED_RUNS_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.flatMap(toStartedRun).slice(0, MAX_STARTED_RUNS) : [];
  } catch {
    return [];
  }
}

function toStartedRun(value: unknown): StartedRun[] {
  if (typeof value !== 'object' || value === null) return [];
  const { dialect, url, runId, atMs } = value as Record<string, unknown>;
  if (typeof dialect !== 'string' || typeof url !== 'string' || typeof runId !== 'string' || typeof atMs !== 'number') return [];
  return [{ dialect, url, runId, atMs }];
}

export const startedRunsStore: StartedRunsStore = createStartedRunsStore(typeof localStorage === 'undefined' ? undefined : localStorage);
