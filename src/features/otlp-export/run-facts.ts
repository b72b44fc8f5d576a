/**
 * What the export needs of a run, read once from its session when the person exports:
 * attempts (the stores' one attempt projection), calls (the calls projection), gates with who
 * decided them (the one rule every view follows) and the run's own facts.
 */
import { projectAttempts } from '@/stores';
import { gateVerdictText } from '@/stores/gate-verdict';
import { CallProjection } from '@/stores/llm-calls';
import type { RunSession } from '@/stores/run-session';
import type { GateState, RunState } from '@/stores/run-types';

import type { GateFact, RunFacts } from '@/features/otlp-export/trace-plan';

/** Who decided a gate, as every view says it (the caller passes the shared rule in, so this chunk does not carry it). */
export type DeciderOf = (gate: GateState) => string | undefined;

export function runFactsOf(session: RunSession, nowMs: number, deciderOf: DeciderOf): RunFacts {
  const state = session.run.getState();
  const tracker = projectAttempts(session.log, state.cost.points, state.gates);
  const calls = new CallProjection().advance(session.log);
  const times = [state.startedAtMs, tracker.runStartedAtMs, ...tracker.attempts.map((a) => a.startedAtMs)].filter((t): t is number => t !== undefined);
  const startMs = times.length > 0 ? Math.min(...times) : nowMs;
  const endMs = state.endedAtMs ?? tracker.runEndedAtMs ?? nowMs;
  return {
    runId: state.runId,
    dialect: state.dialect,
    ...(state.title !== undefined ? { title: state.title } : {}),
    status: state.status,
    ...(state.error !== undefined ? { error: state.error.message } : {}),
    startMs,
    endMs: Math.max(startMs, endMs),
    attempts: tracker.attempts,
    labelOf: (id) => state.graph.nodes[id]?.label ?? id,
    calls,
    gates: gateFacts(state, deciderOf),
  };
}

function gateFacts(state: RunState, deciderOf: DeciderOf): GateFact[] {
  return state.gateOrder.flatMap((id) => {
    const gate = state.gates[id];
    if (gate === undefined) return [];
    const decider = deciderOf(gate);
    return [{
      gateId: gate.gateId,
      ...(gate.nodeId !== undefined ? { nodeId: gate.nodeId } : {}),
      kind: gate.kind,
      message: gate.message,
      openedAtMs: gate.openedAtMs,
      ...(gate.resolution?.atMs !== undefined ? { resolvedAtMs: gate.resolution.atMs } : {}),
      ...(gate.resolution !== undefined ? { decision: gate.resolution.decision } : {}),
      ...(decider !== undefined ? { decidedBy: decider } : {}),
      verdict: gateVerdictText(gate, decider),
    }];
  });
}
