/**
 * Multi-pod tolky (issue 6): the simulator's Socket.IO side as several servers joined by a
 * Socket.IO adapter (`@socket.io/redis-adapter` in the test). One pod drives each run; room
 * emits reach watchers on every pod through the adapter. A follower pod (drivesRuns false)
 * starts no run: a watch only joins the rooms, and `replay_events` asks the other pods for
 * the intent's history (serverSideEmit with an acknowledgement), as a real deployment reads
 * it from shared storage. Used by tolky-backend.ts only.
 */
import type { Namespace } from 'socket.io';

import type { TolkyWire } from '@/simulator/backends/tolky-frames';

const HISTORY_REQUEST = 'tolky:history';
/** How long a follower waits for the other pods' history answers. */
const PEER_TIMEOUT_MS = 2_000;

type HistoryQuery = Readonly<{ intentId: string; since: number }>;

/** Every pod answers the others' history requests with what it holds of the intent (often nothing). */
export function answerHistoryRequests(nsp: Namespace, historyOf: (intentId: string) => readonly TolkyWire[] | undefined): void {
  nsp.on(HISTORY_REQUEST, (query: HistoryQuery, ack: (events: TolkyWire[]) => void) => {
    ack((historyOf(query.intentId) ?? []).filter((wire) => wire.seq > query.since));
  });
}

/** A follower's replay: the longest answer of the other pods (the driver's), empty when none answered. */
export function historyFromPeers(nsp: Namespace, intentId: string, since: number): Promise<TolkyWire[]> {
  return new Promise((resolve) => {
    // The adapter waits for every other pod's acknowledgement (its own timeout, 5 s by default).
    const timer = setTimeout(() => resolve([]), PEER_TIMEOUT_MS);
    nsp.serverSideEmit(HISTORY_REQUEST, { intentId, since }, (error: unknown, answers: TolkyWire[][]) => {
      clearTimeout(timer);
      if (error || !Array.isArray(answers)) return resolve([]);
      resolve(answers.reduce<TolkyWire[]>((longest, events) => (events.length > longest.length ? events : longest), []));
    });
  });
}
