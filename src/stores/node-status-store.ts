/**
 * Per-node status store — one per run session, keyed by node id.
 *
 * Re-render discipline: a canvas node subscribes to its own entry through
 * `useNodeState(id)`; `reduceNodeStatus` replaces only the entries a batch touched and
 * keeps `byId` itself when nothing changed. `byId` is a node-map.ts map: read it with its
 * accessors (`nodeOf`, `forEachNode`), never by key. A token therefore re-renders one node and
 * never the canvas (tests/integration/canvas-render-budget.test.tsx).
 */
import { createStore, type StoreApi } from 'zustand';

import type { RunEvent } from '@/protocol/run-event';

import { emptyNodeMap, type NodeMap } from '@/stores/node-map';
import { reduceNodeStatus, type RunEnd } from '@/stores/reduce-node-status';

export type NodeStatusState = Readonly<{
  byId: NodeMap;
  actions: {
    /** `endedBefore`: the run's end before this batch, when it had ended (the run store's word). */
    applyEvents: (batch: readonly RunEvent[], endedBefore?: RunEnd) => void;
    restore: (byId: NodeMap) => void;
  };
}>;

export type NodeStatusStore = StoreApi<NodeStatusState>;

export function createNodeStatusStore(): NodeStatusStore {
  return createStore<NodeStatusState>()((set, get) => ({
    byId: emptyNodeMap(),
    actions: {
      applyEvents: (batch, endedBefore) => {
        const prev = get().byId;
        const next = reduceNodeStatus(prev, batch, endedBefore);
        if (next !== prev) set({ byId: next });
      },
      restore: (byId) => set({ byId }),
    },
  }));
}
