/**
 * What the console knows about each kept backend's runs: the last page fetched, the
 * problem of the last failed fetch (shown on that backend's row; the page before it stays
 * on screen), and how many of its running runs are being watched.
 *
 * One store for the app, written only by services/ (the pollers) and app/ (the watcher);
 * views read it through the hooks below, one backend at a time.
 */
import { createStore, useStore, type StoreApi } from 'zustand';
import { useShallow } from 'zustand/react/shallow';

import type { RunListPage } from '@/protocol/run-summary';

/** Why a backend's list could not be read, in the words the row shows. */
export type ListProblemKind = 'cors' | 'unreachable' | 'unauthorized' | 'not-found' | 'http' | 'unreadable' | 'timeout';

export type ListProblem = Readonly<{ kind: ListProblemKind; message: string; status?: number }>;

export type BackendListState = Readonly<{
  phase: 'loading' | 'ready' | 'failed';
  page?: RunListPage;
  problem?: ListProblem;
  fetchedAtMs?: number;
}>;

export type WatchState = Readonly<{
  /** Running runs of this backend the watcher follows now. */
  following: number;
  /** Running runs the list shows. */
  active: number;
  /** Set when the overall stream bound left some running runs unwatched. */
  capped: boolean;
  /** Why this protocol cannot be watched from here (MARS: a second socket steals the run). */
  unsupported?: string;
}>;

export type RunListState = Readonly<{
  lists: Readonly<Record<string, BackendListState>>;
  watch: Readonly<Record<string, WatchState>>;
  actions: {
    loading: (backendId: string) => void;
    loaded: (backendId: string, page: RunListPage, atMs: number) => void;
    failed: (backendId: string, problem: ListProblem, atMs: number) => void;
    setWatch: (backendId: string, watch: WatchState | undefined) => void;
    forget: (backendId: string) => void;
  };
}>;

export type RunListStore = StoreApi<RunListState>;

export function createRunListStore(): RunListStore {
  return createStore<RunListState>()((set, get) => {
    const patch = (id: string, next: BackendListState) => set({ lists: { ...get().lists, [id]: next } });
    return {
      lists: {},
      watch: {},
      actions: {
        // A refresh keeps showing what it had (and its problem) until the answer comes.
        loading: (id) => void (get().lists[id] === undefined && patch(id, { phase: 'loading' })),
        loaded: (id, page, atMs) => patch(id, { phase: 'ready', page, fetchedAtMs: atMs }),
        failed: (id, problem, atMs) => {
          const current = get().lists[id];
          patch(id, { phase: 'failed', problem, fetchedAtMs: atMs, ...(current?.page ? { page: current.page } : {}) });
        },
        setWatch: (id, watch) => {
          const { [id]: previous, ...rest } = get().watch;
          if (watch === undefined) return void (previous && set({ watch: rest }));
          if (previous && sameWatch(previous, watch)) return;
          set({ watch: { ...rest, [id]: watch } });
        },
        forget: (id) => {
          const { [id]: _list, ...lists } = get().lists;
          const { [id]: _watch, ...watch } = get().watch;
          set({ lists, watch });
        },
      },
    };
  });
}

function sameWatch(a: WatchState, b: WatchState): boolean {
  return a.following === b.following && a.active === b.active && a.capped === b.capped && a.unsupported === b.unsupported;
}

export const runListStore: RunListStore = createRunListStore();

export function useBackendList(backendId: string, store: RunListStore = runListStore): BackendListState | undefined {
  return useStore(store, (s) => s.lists[backendId]);
}

/** Every backend's list state, for the console's merged table (stable until one changes). */
export function useBackendLists(store: RunListStore = runListStore): Readonly<Record<string, BackendListState>> {
  return useStore(store, (s) => s.lists);
}

export function useWatchState(backendId: string, store: RunListStore = runListStore): WatchState | undefined {
  return useStore(store, (s) => s.watch[backendId]);
}

/** How many streams the watcher holds across every backend. */
export function useWatchTotals(store: RunListStore = runListStore): { following: number; capped: boolean } {
  return useStore(
    store,
    useShallow((s) => {
      let following = 0;
      let capped = false;
      for (const id in s.watch) {
        following += s.watch[id]?.following ?? 0;
        capped ||= s.watch[id]?.capped ?? false;
      }
      return { following, capped };
    }),
  );
}
