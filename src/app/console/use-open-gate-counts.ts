/**
 * How many gates wait in each run open in this tab (the person's and the console watcher's),
 * by registry key: what the inbox knows. A list that cannot say a run waits for a person
 * (Shannon's task list reads "running", with no gate count) is corrected from it, so a row
 * and the inbox never disagree. Re-renders only when a count changes (a string snapshot).
 */
import { useMemo, useSyncExternalStore } from 'react';

import type { OpenRun } from '@/app/session/session-registry';
import { ACTIVE_STATUSES, type RunSummary } from '@/protocol/run-summary';

export function useOpenGateCounts(open: Readonly<Record<string, OpenRun>>): ReadonlyMap<string, number> {
  const runs = useMemo(() => Object.values(open), [open]);
  const snapshot = useSyncExternalStore(
    (notify) => {
      const unsubscribers = runs.map((r) => r.session.run.subscribe(notify));
      return () => unsubscribers.forEach((u) => u());
    },
    () => runs.map((r) => `${r.key}\t${r.session.run.getState().openGates}`).join('\n'),
  );
  return useMemo(() => {
    const counts = new Map<string, number>();
    for (const line of snapshot.split('\n')) {
      const [key, count] = line.split('\t');
      if (key && Number(count) > 0) counts.set(key, Number(count));
    }
    return counts;
  }, [snapshot]);
}

/** The list's summary, with the gates a session here has seen waiting: an active run with one reads "waiting". */
export function withOpenGates(run: RunSummary, waiting: number | undefined): RunSummary {
  if (waiting === undefined || waiting <= (run.waitingGates ?? 0)) return run;
  // A paused run with a gate open waits for a person (AG-UI pauses at an interrupt); one the list says is over stays over.
  const active = ACTIVE_STATUSES.has(run.status) || run.status === 'unknown';
  if (!active) return run;
  return { ...run, status: 'waiting', waitingGates: waiting };
}
