/**
 * The rows of tolky's `session_intents`: the intents a session started or watches, plus the
 * runs seeded into it. The document publishes no row shape; this one is what Runboard's
 * reader accepts: `{intentId, status, instructions, createdAt, completedAt, hostId}`.
 */
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { isoOrNull, newestRuns, stateOf, type SimRunState } from '@/simulator/run-lists/run-state';
import type { SimContext } from '@/simulator/sim-backend';

const STATUS: Record<SimRunState, string> = {
  running: 'running',
  waiting: 'interrupted',
  paused: 'paused',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** `joined`: runs this session watches or started (the backend's own intent map). */
export function tolkyIntentRows(ctx: SimContext, joined: Iterable<ScriptedRun<unknown>>, sessionId: string) {
  const runs = new Map<string, ScriptedRun<unknown>>();
  for (const run of ctx.runsOf('tolky')) if (run.group === sessionId) runs.set(run.runId, run);
  for (const run of joined) runs.set(run.runId, run);
  return newestRuns([...runs.values()]).map((run) => ({
    intentId: run.runId,
    status: STATUS[stateOf(run)],
    instructions: run.title ?? run.scenario.title,
    createdAt: isoOrNull(run.startedAtMs),
    completedAt: isoOrNull(run.endedAtMs),
    hostId: run.scenario.id,
    pendingInterruptions: run.pendingGateIds.length,
  }));
}
