/**
 * Reads frames the way ingest does when nothing is lost or reordered: `locate`, then one
 * interpreter for the whole session, in arrival order. For tests, fixtures and tools that
 * look at frames one by one; live sessions and replay go through ingest (sequencer and all).
 */
import type { Dialect, Interpretation, Placement } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';

export type ReadResult =
  | Readonly<{ kind: 'events'; events: RunEvent[]; placements: readonly Placement[]; rejected: readonly string[] }>
  | Readonly<{ kind: 'rejected'; reason: string; frameType?: string }>;

export type FrameReader = ((frame: unknown) => ReadResult) & {
  newConnection: () => void;
  /** A command the session sent, read in order with the frames by dialects that read their own commands. */
  outbound: (command: unknown) => RunEvent[];
};

export function createFrameReader(dialect: Dialect, runId: string): FrameReader {
  const interpret = dialect.createInterpreter({ runId });
  let connection = 0;
  const read = (frame: unknown): ReadResult => {
    const location = dialect.locate(frame, { runId, connection });
    if (location.kind === 'rejected') return location;
    const events: RunEvent[] = [];
    const rejected: Interpretation[] = [];
    for (const placed of location.placements) {
      if (placed.heartbeat) continue;
      const result = interpret(placed);
      if (result.kind === 'events') events.push(...result.events);
      else rejected.push(result);
    }
    const only = rejected[0];
    if (location.placements.length === 1 && only?.kind === 'rejected') return only;
    return { kind: 'events', events, placements: location.placements, rejected: rejected.map((r) => (r.kind === 'rejected' ? r.reason : '')) };
  };
  const outbound = (command: unknown): RunEvent[] => {
    if (!dialect.readsOwnCommands) return [];
    const result = interpret({ body: command, outbound: true });
    return result.kind === 'events' ? result.events : [];
  };
  return Object.assign(read, { newConnection: () => void (connection += 1), outbound });
}
