/**
 * Who decides gates from this browser, as shown everywhere a decision of ours is named: the
 * name the person set, else "you, from this browser". One rule, whatever each protocol sends
 * (a protocol's wire may want a name of its own; that is the dialect's business, never shown
 * for our own answers). Kept in localStorage; a storage that throws costs persistence only.
 */
import { useCallback } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';

import type { AnswerState } from '@/stores/gate-answer-store';
import { decidedGateOfNode } from '@/stores/gate-verdict';
import { useRunSession } from '@/stores/run-session';
import type { GateState } from '@/stores/run-types';

export const REVIEWER_STORAGE_KEY = 'runboard.reviewer';
/** Said for our own decisions when the person gave no name. */
export const UNNAMED_DECIDER = 'you, from this browser';
/** What a gate answer sends as its decider when the person gave no name (a protocol wants one). */
export const UNNAMED_WIRE_NAME = 'runboard-user';
const MAX_NAME = 80;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type ReviewerState = Readonly<{ name: string | undefined; setName: (name: string) => void }>;
export type ReviewerStore = StoreApi<ReviewerState>;

export function createReviewerStore(storage: KeyValueStorage | undefined): ReviewerStore {
  return createStore<ReviewerState>()((set) => ({
    name: cleanName(read(storage)),
    setName: (raw) => {
      const name = cleanName(raw);
      set({ name });
      try {
        if (name === undefined) storage?.removeItem(REVIEWER_STORAGE_KEY);
        else storage?.setItem(REVIEWER_STORAGE_KEY, name);
      } catch {
        // full or disabled storage: kept for this visit only
      }
    },
  }));
}

function read(storage: KeyValueStorage | undefined): string | undefined {
  try {
    return storage?.getItem(REVIEWER_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Trimmed, bounded, one line; blank is no name. */
export function cleanName(raw: string | undefined): string | undefined {
  const name = raw?.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME);
  return name ? name : undefined;
}

/** How a decision of ours is named: the person's name, else "you, from this browser". */
export function deciderLabel(name: string | undefined): string {
  return name ?? UNNAMED_DECIDER;
}

/** Whether this browser's answer decided the gate: it was sent from here and the gate was decided (not timed out or cancelled). */
export function decidedHere(cause: string | undefined, answer: AnswerState | undefined): boolean {
  return (cause === undefined || cause === 'decision') && answer?.phase === 'sent';
}

/** Who decided, as shown: our own decision by the one rule, any other by the backend's word. */
export function deciderShown(backendWord: string | undefined, ours: boolean, name: string | undefined): string | undefined {
  return ours ? deciderLabel(name) : backendWord;
}

/** Who decided a gate, as shown (undefined while it is open, or when nobody decided: a timeout, a cancel). */
export function shownDecider(gate: GateState, answer: AnswerState | undefined, name: string | undefined): string | undefined {
  if (gate.status !== 'resolved') return undefined;
  const who = gate.resolution?.decidedBy;
  return deciderShown(who === 'timeout' ? undefined : who, decidedHere('decision', answer), name);
}

export const reviewerStore: ReviewerStore = createReviewerStore(typeof localStorage === 'undefined' ? undefined : localStorage);

export function useReviewerName(store: ReviewerStore = reviewerStore): string | undefined {
  return useStore(store, (s) => s.name);
}

export type ResolvedGateRef = Readonly<{ gateId: string; nodeId?: string | undefined; cause?: string | undefined; decidedBy?: string | undefined }>;

/**
 * Who decided a gate of the run on screen, as shown: for views that read gate.resolved events
 * (timeline, audit). An event may name its gate only by node (relavium's resume carries no
 * gate id): then it is the node's decided gate, as the run store matched it.
 */
export function useDeciderOf(): (ref: ResolvedGateRef) => string | undefined {
  const session = useRunSession();
  const answers = useStore(session.answers, (s) => s.byGate);
  const name = useReviewerName();
  return useCallback(
    ({ gateId, nodeId, cause, decidedBy }) => {
      const state = session.run.getState();
      const gate = state.gates[gateId] ?? (nodeId === undefined ? undefined : decidedGateOfNode(state, nodeId));
      return deciderShown(decidedBy, decidedHere(cause, answers[gate?.gateId ?? gateId]), name);
    },
    [session, answers, name],
  );
}
