import { useMemo, useSyncExternalStore } from 'react';

import { Button } from '@/components/ui/button';
import type { RunSession } from '@/stores/run-session';
import type { GateState } from '@/stores/run-types';

import { GATE_KIND_TEXT } from '@/features/gates/gate-kind-text';

export type InboxEntry = Readonly<{ session: RunSession; gate: GateState }>;

/** Every open gate across the given sessions, oldest first. */
export function usePendingGates(sessions: readonly RunSession[]): readonly InboxEntry[] {
  // A string snapshot: stable between renders unless a gate opened or changed status.
  const version = useSyncExternalStore(
    (notify) => {
      const unsubscribers = sessions.map((s) => s.run.subscribe(notify));
      return () => unsubscribers.forEach((u) => u());
    },
    () => sessions.map(gateVersion).join('|'),
  );
  return useMemo(() => {
    void version;
    const entries: InboxEntry[] = [];
    for (const session of sessions) {
      const { gates, gateOrder } = session.run.getState();
      for (const id of gateOrder) {
        const gate = gates[id];
        if (gate?.status === 'open') entries.push({ session, gate });
      }
    }
    return entries.sort((a, b) => a.gate.openedAtMs - b.gate.openedAtMs);
  }, [sessions, version]);
}

function gateVersion(session: RunSession): string {
  const { gates, gateOrder } = session.run.getState();
  return gateOrder.map((id) => `${id}:${gates[id]?.status ?? ''}`).join(',');
}

/** The reviewer inbox: answering from here opens the same dialog as from the run. */
export function GateInboxList({ entries, onAnswer }: { entries: readonly InboxEntry[]; onAnswer: (entry: InboxEntry) => void }) {
  if (entries.length === 0) return <p className="p-3 text-sm text-slate-600 dark:text-slate-400">No gate is waiting for you.</p>;
  return (
    <ul aria-label="Pending gates" className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
      {entries.map((entry) => (
        <li key={`${entry.session.runId}/${entry.gate.gateId}`} className="flex items-start gap-3 p-3">
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold text-amber-700 dark:text-amber-300">{GATE_KIND_TEXT[entry.gate.kind]}</p>
            <p className="truncate text-sm font-medium" title={entry.gate.message}>{entry.gate.message}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {entry.session.dialect.label} · {entry.session.runId} · opened {new Date(entry.gate.openedAtMs).toLocaleTimeString()}
              {entry.gate.deadlineAtMs !== undefined && ` · due ${new Date(entry.gate.deadlineAtMs).toLocaleTimeString()}`}
            </p>
          </div>
          <Button size="sm" variant="primary" onClick={() => onAnswer(entry)}>
            {entry.gate.answerable ? 'Answer' : 'View'}
          </Button>
        </li>
      ))}
    </ul>
  );
}
