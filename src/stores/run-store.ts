/**
 * Run store — one per run session: everything about a run except per-node status.
 *
 * Written only by ingest/ (applyEvents, recordIssues, setConnection). Views subscribe
 * with narrow selectors that return primitives or stable references; `applyEvents`
 * runs once per ingest batch (at most once per animation frame) and keeps untouched
 * slices by reference, so a token batch wakes only selectors over `logLength`.
 */
import { createStore, type StoreApi } from 'zustand';

import type { RunEvent } from '@/protocol/run-event';
import type { ConnectionState } from '@/transport/transport';

import { EventLog } from '@/stores/event-log';
import { reduceRunEvents } from '@/stores/reduce-run';
import type { DecodeIssue, RunState, StreamStats } from '@/stores/run-types';

const MAX_ISSUES = 200;

export type RunStoreState = RunState &
  Readonly<{
    actions: {
      applyEvents: (batch: readonly RunEvent[]) => void;
      recordIssues: (issues: readonly DecodeIssue[]) => void;
      addStats: (delta: Partial<StreamStats>) => void;
      setConnection: (state: ConnectionState) => void;
      setHealth: (health: { resyncing?: boolean; stale?: boolean; lastActivityAtMs?: number }) => void;
      /** Replay seeking: put back a state captured earlier. */
      restore: (state: RunState) => void;
    };
  }>;

export type RunStore = StoreApi<RunStoreState>;

export type RunIdentity = Readonly<{ runId: string; dialect: string; source: string }>;

export function initialRunState({ runId, dialect, source }: RunIdentity, log = new EventLog()): RunState {
  return {
    runId,
    dialect,
    source,
    status: 'pending',
    connection: { state: { status: 'connecting' }, resyncing: false, stale: false },
    log,
    logLength: 0,
    droppedRows: 0,
    logRevision: 0,
    chapters: [],
    graph: { nodes: {}, order: [], edges: [], version: 0 },
    cost: { totalMicros: 0, currency: 'USD', inputTokens: 0, outputTokens: 0, points: [] },
    gates: {},
    gateOrder: [],
    issues: [],
    stats: { frames: 0, duplicates: 0, rejected: 0, unknown: 0, gaps: 0 },
  };
}

/** `maxLogRows`: bound the event log (live sessions); replay keeps every row. */
export function createRunStore(identity: RunIdentity, maxLogRows?: number): RunStore {
  return createStore<RunStoreState>()((set, get) => ({
    ...initialRunState(identity, new EventLog(maxLogRows)),
    actions: {
      applyEvents: (batch) => {
        const prev = get();
        const next = reduceRunEvents(prev, batch);
        if (next !== prev) set(next);
      },
      recordIssues: (issues) => {
        if (issues.length === 0) return;
        const all = [...get().issues, ...issues];
        set({ issues: all.length > MAX_ISSUES ? all.slice(-MAX_ISSUES) : all });
      },
      addStats: (delta) => {
        const stats = get().stats;
        set({
          stats: {
            frames: stats.frames + (delta.frames ?? 0),
            duplicates: stats.duplicates + (delta.duplicates ?? 0),
            rejected: stats.rejected + (delta.rejected ?? 0),
            unknown: stats.unknown + (delta.unknown ?? 0),
            gaps: stats.gaps + (delta.gaps ?? 0),
          },
        });
      },
      setConnection: (state) => set({ connection: { ...get().connection, state } }),
      setHealth: (health) => {
        const current = get().connection;
        const next = { ...current, ...health };
        if (next.resyncing !== current.resyncing || next.stale !== current.stale || next.lastActivityAtMs !== current.lastActivityAtMs) {
          set({ connection: next });
        }
      },
      restore: (state) => set(state),
    },
  }));
}
