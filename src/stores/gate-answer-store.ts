/**
 * What this browser did about each gate: sending, sent, failed (with the reason).
 * Written only by features/gates/actions; it is what makes answers exactly-once across
 * the dialog and the inbox (a gate already sending or sent cannot be sent again).
 */
import { createStore, type StoreApi } from 'zustand';

export type AnswerPhase = 'sending' | 'sent' | 'failed';

export type AnswerState = Readonly<{ phase: AnswerPhase; choice: string; reason?: string; atMs: number }>;

export type GateAnswerState = Readonly<{
  byGate: Readonly<Record<string, AnswerState>>;
  actions: {
    /** Claims the gate for sending; false when it is already sending or sent. */
    claim: (gateId: string, choice: string) => boolean;
    settle: (gateId: string, outcome: { ok: true } | { ok: false; reason: string }) => void;
  };
}>;

export type GateAnswerStore = StoreApi<GateAnswerState>;

export function createGateAnswerStore(): GateAnswerStore {
  return createStore<GateAnswerState>()((set, get) => ({
    byGate: {},
    actions: {
      claim: (gateId, choice) => {
        const current = get().byGate[gateId];
        if (current && current.phase !== 'failed') return false;
        set({ byGate: { ...get().byGate, [gateId]: { phase: 'sending', choice, atMs: Date.now() } } });
        return true;
      },
      settle: (gateId, outcome) => {
        const current = get().byGate[gateId];
        if (!current) return;
        const next: AnswerState = outcome.ok
          ? { phase: 'sent', choice: current.choice, atMs: Date.now() }
          : { phase: 'failed', choice: current.choice, reason: outcome.reason, atMs: Date.now() };
        set({ byGate: { ...get().byGate, [gateId]: next } });
      },
    },
  }));
}
