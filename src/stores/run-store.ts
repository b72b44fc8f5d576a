/**
 * Run store — one per run session: everything about a run except per-node status.
 *
 * Written only by ingest's apply-batch.ts (one `applyBatch` per batch, at most once per
 * animation frame) and by the session (connection health). Views subscribe with narrow
 * selectors that return primitives or stable references; `applyBatch` keeps untouched
 * slices by reference, so a token batch wakes only selectors over `logLength` or `tails`.
 * The event log itself is the session's (RunSession.log); this store holds its counters.
 */
import { createStore, type StoreApi } from 'zustand';

import type { ConnectionState } from '@/transport/transport';

import { reduceRunBatch, type RunBatch } from '@/stores/reduce-run';
import type { ConnectionHealth, RunState } from '@/stores/run-types';
import { NO_BUCKETS } from '@/stores/bucket-map';
import { NO_TAILS } from '@/stores/tails';

import { NO_AGENT_STATE } from '@/stores/reduce-agent-state';

export type HealthPatch = Partial<Pick<ConnectionHealth, 'resyncing' | 'stale' | 'lastActivityAtMs' | 'note' | 'commandsUnavailable' | 'blindSpot' | 'nothingYet'>>;

export type RunStoreState = RunState &
  Readonly<{
    actions: {
      applyBatch: (batch: RunBatch) => void;
      setConnection: (state: ConnectionState) => void;
      setHealth: (health: HealthPatch) => void;
      /** Replay seeking: put back a state captured earlier. */
      restore: (state: RunState) => void;
    };
  }>;

export type RunStore = StoreApi<RunStoreState>;

export type RunIdentity = Readonly<{ runId: string; dialect: string; source: string }>;

export function initialRunState({ runId, dialect, source }: RunIdentity): RunState {
  return {
    runId,
    dialect,
    source,
    status: 'pending',
    connection: { state: { status: 'connecting' }, resyncing: false, stale: false },
    logLength: 0,
    droppedRows: 0,
    logRevision: 0,
    chapters: [],
    graph: { nodes: {}, order: [], edges: [], version: 0 },
    tails: NO_TAILS,
    streamedText: NO_BUCKETS,
    cost: { totalMicros: 0, currency: 'USD', inputTokens: 0, outputTokens: 0, unsplitTokens: 0, points: [], byNode: NO_BUCKETS, costReported: false, tokensReported: false },
    agentState: NO_AGENT_STATE,
    gates: {},
    gateOrder: [],
    openGates: 0,
    issues: [],
    stats: { frames: 0, duplicates: 0, rejected: 0, unknown: 0, gaps: 0, holes: 0 },
  };
}

export function createRunStore(identity: RunIdentity): RunStore {
  return createStore<RunStoreState>()((set, get) => ({
    ...initialRunState(identity),
    actions: {
      applyBatch: (batch) => {
        const prev = get();
        const next = reduceRunBatch(prev, batch);
        // The reducer's copy holds the whole state, actions too: set as it is (a merge would copy it again, every batch).
        if (next !== prev) set(next, true);
      },
      setConnection: (state) => set({ connection: { ...get().connection, state } }),
      setHealth: (health) => {
        const current = get().connection;
        const next = { ...current, ...health };
        const keys = Object.keys(health) as (keyof HealthPatch)[];
        if (keys.some((key) => next[key] !== current[key])) set({ connection: next });
      },
      restore: (state) => set(state),
    },
  }));
}
