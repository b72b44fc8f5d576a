/**
 * What the notifier is told about the live runs of this tab: their open gates and their
 * status, keyed the same in every tab (protocol, backend, run id), and the subscription that
 * tells it, only when one of those changes (never on a token batch). Replays are history:
 * never reported.
 */
import type { RunSession } from '@/stores/run-session';

import { gateNoticeKey, type GateSighting, type RunSighting } from '@/features/notify/derive-notices';

/** Which run a gate belongs to, as a person reads it: its title (when known), protocol and id. */
export function runLabelOf(session: RunSession): string {
  const title = session.run.getState().title;
  return `${title ? `${title} · ` : ''}${session.dialect.label} · ${session.runId}`;
}

/** The same run of the same backend has this key in every tab. */
export function runKeyOf(session: RunSession): string {
  return `${session.dialect.id}|${session.run.getState().source}|${session.runId}`;
}

export function gateKeyOf(session: RunSession, gateId: string): string {
  return gateNoticeKey(runKeyOf(session), gateId);
}

export function sightingsOf(sessions: readonly RunSession[]): { gates: GateSighting[]; runs: RunSighting[] } {
  const gates: GateSighting[] = [];
  const runs: RunSighting[] = [];
  for (const session of sessions) {
    if (session.mode !== 'live') continue;
    const state = session.run.getState();
    const runLabel = runLabelOf(session);
    runs.push({ key: runKeyOf(session), runLabel, status: state.status, error: state.error?.message });
    for (const id of state.gateOrder) {
      const gate = state.gates[id];
      if (gate?.status === 'open') gates.push({ key: gateKeyOf(session, id), question: gate.message, runLabel });
    }
  }
  return { gates, runs };
}

/** Calls `report` with the sightings now and after every change of a gate or a run status; returns the unsubscriber. */
export function watchSightings(sessions: readonly RunSession[], report: (sightings: ReturnType<typeof sightingsOf>) => void): () => void {
  let last = '';
  const check = () => {
    const sightings = sightingsOf(sessions);
    const version = JSON.stringify([sightings.gates.map((g) => g.key), sightings.runs.map((r) => `${r.key}:${r.status}`)]);
    if (version === last) return;
    last = version;
    report(sightings);
  };
  const unsubscribers = sessions.map((session) => session.run.subscribe(check));
  check();
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
