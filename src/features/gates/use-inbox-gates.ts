/**
 * The reviewer inbox's data across every open session: the gates waiting (oldest first)
 * and the recently decided ones (newest first, with whether this browser sent the answer),
 * including those of sessions closed since (`earlier`: a watched run the console let go
 * once it ended keeps its decisions in the list).
 * Subscribes to each session's run store and answer store through a string snapshot, so
 * it re-renders only when a gate opens, changes status, or an answer is sent.
 */
import { useMemo, useSyncExternalStore } from 'react';

import type { RunSession } from '@/stores/run-session';
import type { GateState } from '@/stores/run-types';

export type InboxEntry = Readonly<{ session: RunSession; gate: GateState }>;
/** A decided gate, told without its session (which may be closed since): the run's id and protocol are copied. */
export type DecidedEntry = Readonly<{ gate: GateState; runId: string; dialectLabel: string; sentHere: boolean; decidedAtMs: number }>;

export const RECENTLY_DECIDED_MAX = 20;

export function useInboxGates(sessions: readonly RunSession[], earlier: readonly DecidedEntry[] = []): { pending: readonly InboxEntry[]; decided: readonly DecidedEntry[] } {
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
    for (const session of sessions) {
      const { gates, gateOrder } = session.run.getState();
      for (const id of gateOrder) {
        const gate = gates[id];
        if (gate?.status === 'open') pending.push({ session, gate });
      }
    }
    pending.sort((a, b) => a.gate.openedAtMs - b.gate.openedAtMs);
    return { pending, decided: newestDecided([...sessions.flatMap(decidedOf), ...earlier]) };
  }, [sessions, earlier, version]);
}

/** A session's decided gates, as entries that outlive it. */
export function decidedOf(session: RunSession): DecidedEntry[] {
  const { gates, gateOrder } = session.run.getState();
  const answers = session.answers.getState().byGate;
  const decided: DecidedEntry[] = [];
  for (const id of gateOrder) {
    const gate = gates[id];
    if (!gate || gate.status === 'open') continue;
    const decidedAtMs = gate.resolution?.atMs ?? answers[id]?.atMs ?? gate.openedAtMs;
    decided.push({ gate, runId: session.runId, dialectLabel: session.dialect.label, sentHere: answers[id]?.phase === 'sent', decidedAtMs });
  }
  return decided;
}

/** Newest first, each gate once (an open session's entry before an earlier copy), at most RECENTLY_DECIDED_MAX. */
export function newestDecided(entries: readonly DecidedEntry[]): DecidedEntry[] {
  const seen = new Set<string>();
  const unique = entries.filter((entry) => {
    const key = `${entry.runId}/${entry.gate.gateId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) => b.decidedAtMs - a.decidedAtMs).slice(0, RECENTLY_DECIDED_MAX);
}

function gateVersion(session: RunSession): string {
  const { gates, gateOrder } = session.run.getState();
  const answers = session.answers.getState().byGate;
  return gateOrder.map((id) => `${id}:${gates[id]?.status ?? ''}:${answers[id]?.phase ?? ''}`).join(',');
}
