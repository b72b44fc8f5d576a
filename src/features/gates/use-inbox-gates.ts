/**
 * The reviewer inbox's data across every open session: the gates waiting (oldest first)
 * and the recently decided ones (newest first, with whether this browser sent the answer).
 * Subscribes to each session's run store and answer store through a string snapshot, so
 * it re-renders only when a gate opens, changes status, or an answer is sent.
 */
import { useMemo, useSyncExternalStore } from 'react';

import type { RunSession } from '@/stores/run-session';
import type { GateState } from '@/stores/run-types';

export type InboxEntry = Readonly<{ session: RunSession; gate: GateState }>;
export type DecidedEntry = InboxEntry & Readonly<{ sentHere: boolean; decidedAtMs: number }>;

export const RECENTLY_DECIDED_MAX = 20;

export function useInboxGates(sessions: readonly RunSession[]): { pending: readonly InboxEntry[]; decided: readonly DecidedEntry[] } {
  const version = useSyncExternalStore(
    (notify) => {
      const unsubscribers = sessions.flatMap((s) => [s.run.subscribe(notify), s.answers.subscribe(notify)]);
      return () => unsubscribers.forEach((u) => u());
    },
    () => sessions.map(gateVersion).join('|'),
  );
  return useMemo(() => {
    void version;
    const pending: InboxEntry[] = [];
    const decided: DecidedEntry[] = [];
    for (const session of sessions) {
      const { gates, gateOrder } = session.run.getState();
      const answers = session.answers.getState().byGate;
      for (const id of gateOrder) {
        const gate = gates[id];
        if (!gate) continue;
        if (gate.status === 'open') pending.push({ session, gate });
        else decided.push({ session, gate, sentHere: answers[id]?.phase === 'sent', decidedAtMs: gate.resolution?.atMs ?? answers[id]?.atMs ?? gate.openedAtMs });
      }
    }
    pending.sort((a, b) => a.gate.openedAtMs - b.gate.openedAtMs);
    decided.sort((a, b) => b.decidedAtMs - a.decidedAtMs);
    return { pending, decided: decided.slice(0, RECENTLY_DECIDED_MAX) };
  }, [sessions, version]);
}

function gateVersion(session: RunSession): string {
  const { gates, gateOrder } = session.run.getState();
  const answers = session.answers.getState().byGate;
  return gateOrder.map((id) => `${id}:${gates[id]?.status ?? ''}:${answers[id]?.phase ?? ''}`).join(',');
}
