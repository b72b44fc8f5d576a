/**
 * Runs started or opened from this browser, for the protocols that have no run list
 * (myagent, AG-UI): backend, run id, title, when, and the last status seen. Kept in
 * localStorage (ids and titles only, never a token), newest first, bounded.
 * Written by app/ when a live session opens and as its title and status become known.
 * Also the runs this browser STARTED where only the starter may hold a run's connection (a
 * dialect that watches without it, MARS): `started` says so, and a reload or the same
 * `start=` link opens such a run as a watcher instead of offering "Start run" again.
 */
import { useMemo } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';

import type { RunSummaryStatus } from '@/protocol/run-summary';

import type { KeyValueStorage } from '@/stores/backends-store';

export type RecentRun = Readonly<{
  /** Stable for one opened run: `<dialect>|<url>|<run or start key>`. */
  key: string;
  dialect: string;
  url: string;
  /** Undefined until the backend named the run (myagent names it after the session starts). */
  runId?: string;
  title: string;
  atMs: number;
  status: RunSummaryStatus;
  /** The link that opened it (the URL contract), to show it again while it is open in this tab. */
  search: string;
  /** This browser started the run (it pressed "Start run"), not only opened it. */
  started?: boolean;
}>;

export type RecentRunsState = Readonly<{
  runs: readonly RecentRun[];
  actions: {
    /** Adds or updates by key (the newest stays first). */
    remember: (run: RecentRun) => void;
    patch: (key: string, patch: Partial<Pick<RecentRun, 'runId' | 'title' | 'status'>>) => void;
    forget: (key: string) => void;
  };
}>;

export type RecentRunsStore = StoreApi<RecentRunsState>;

export const RECENT_RUNS_STORAGE_KEY = 'runboard.recent-runs.v1';
export const MAX_RECENT_RUNS = 100;

export function createRecentRunsStore(storage: KeyValueStorage | undefined): RecentRunsStore {
  const store = createStore<RecentRunsState>()((set, get) => ({
    runs: load(storage),
    actions: {
      remember: (run) => set({ runs: [run, ...get().runs.filter((r) => r.key !== run.key)].slice(0, MAX_RECENT_RUNS) }),
      patch: (key, patch) => {
        const current = get().runs.find((r) => r.key === key);
        if (!current || Object.entries(patch).every(([k, v]) => current[k as keyof RecentRun] === v)) return;
        set({ runs: get().runs.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
      },
      forget: (key) => set({ runs: get().runs.filter((r) => r.key !== key) }),
    },
  }));
  store.subscribe((state, previous) => {
    if (state.runs === previous.runs) return;
    try {
      storage?.setItem(RECENT_RUNS_STORAGE_KEY, JSON.stringify(state.runs));
    } catch {
      // full or disabled storage: kept for this visit only
    }
  });
  return store;
}

function load(storage: KeyValueStorage | undefined): RecentRun[] {
  try {
    const value = JSON.parse(storage?.getItem(RECENT_RUNS_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.flatMap(toRecentRun).slice(0, MAX_RECENT_RUNS) : [];
  } catch {
    return [];
  }
}

const STATUSES = new Set(['queued', 'running', 'waiting', 'paused', 'succeeded', 'failed', 'cancelled', 'unknown']);

function toRecentRun(value: unknown): RecentRun[] {
  if (typeof value !== 'object' || value === null) return [];
  const v = value as Record<string, unknown>;
  const text = (key: string) => (typeof v[key] === 'string' ? (v[key] as string) : undefined);
  const [key, dialect, url, title, search] = [text('key'), text('dialect'), text('url'), text('title'), text('search')];
  if (!key || !dialect || !url || title === undefined || search === undefined || typeof v.atMs !== 'number') return [];
  const status = STATUSES.has(String(v.status)) ? (v.status as RunSummaryStatus) : 'unknown';
  const runId = text('runId');
  return [{ key, dialect, url, title, search, atMs: v.atMs, status, ...(runId ? { runId } : {}), ...(v.started === true ? { started: true } : {}) }];
}

/** Whether this browser started that run (a run of a dialect that watches without the starter's connection). */
export function startedHere(dialect: string, url: string, runId: string, store: RecentRunsStore = recentRunsStore): boolean {
  return store.getState().runs.some((r) => r.started === true && r.dialect === dialect && r.url === url && r.runId === runId);
}

export const recentRunsStore: RecentRunsStore = createRecentRunsStore(typeof localStorage === 'undefined' ? undefined : localStorage);

const NONE: readonly RecentRun[] = [];

/** Recent runs of one backend, newest first. */
export function useRecentRuns(dialect: string, url: string, store: RecentRunsStore = recentRunsStore): readonly RecentRun[] {
  const runs = useStore(store, (s) => s.runs);
  return useMemo(() => (runs.length === 0 ? NONE : runs.filter((r) => r.dialect === dialect && r.url === url)), [runs, dialect, url]);
}
