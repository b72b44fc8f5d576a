/**
 * Narrow selector hooks for the run header, connection status, gates and controls.
 * Each returns a primitive or a reference kept stable by the reducer (see reduce-run.ts).
 */
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';

import type { RunStatus } from '@/protocol/run-event';

import type { AnswerState } from '@/stores/gate-answer-store';
import { decidedGateOfNode, gateVerdictText, turnedDownByGate, turnedDownNodes, turningGate } from '@/stores/gate-verdict';
import { nodeCountsText } from '@/stores/node-counts-text';
import { shownDecider, useReviewerName } from '@/stores/reviewer-store';
import { useRunSession } from '@/stores/run-session';
import { lastEventAtMs } from '@/stores/session-clock';
import type { ConnectionHealth, DecodeIssue, GateState, StreamStats } from '@/stores/run-types';

export function useRunStatus(): RunStatus {
  return useStore(useRunSession().run, (s) => s.status);
}

export function useRunTitle(): string | undefined {
  return useStore(useRunSession().run, (s) => s.title);
}

/** `received`: the times are when Runboard received the events (the producer sent none). */
export function useRunTimes(): { startedAtMs?: number; endedAtMs?: number; received: boolean } {
  return useStore(
    useRunSession().run,
    useShallow((s) => ({ startedAtMs: s.startedAtMs, endedAtMs: s.endedAtMs, received: s.timesReceived === true })),
  );
}

export function useRunError(): string | undefined {
  return useStore(useRunSession().run, (s) => (s.error ? `${s.error.code ? `${s.error.code}: ` : ''}${s.error.message}` : undefined));
}

export type TotalCost = Readonly<{
  micros: number;
  currency: string;
  inputTokens: number;
  outputTokens: number;
  unsplitTokens: number;
  /** False until the backend states a cost (views say "no cost reported", never "$0.00"). */
  costReported: boolean;
  tokensReported: boolean;
}>;

export function useTotalCost(): TotalCost {
  return useStore(
    useRunSession().run,
    useShallow((s) => ({
      micros: s.cost.totalMicros,
      currency: s.cost.currency,
      inputTokens: s.cost.inputTokens,
      outputTokens: s.cost.outputTokens,
      unsplitTokens: s.cost.unsplitTokens,
      costReported: s.cost.costReported,
      tokensReported: s.cost.tokensReported,
    })),
  );
}

/** Why this session cannot send commands now (it watches without the protocol's socket), or undefined. */
export function useCommandsUnavailable(): string | undefined {
  return useStore(useRunSession().run, (s) => s.connection.commandsUnavailable);
}

export function useConnectionHealth(): ConnectionHealth {
  return useStore(useRunSession().run, (s) => s.connection);
}

export function useStreamStats(): StreamStats {
  return useStore(useRunSession().run, (s) => s.stats);
}

export function useDecodeIssues(): readonly DecodeIssue[] {
  return useStore(useRunSession().run, (s) => s.issues);
}

const NO_GATES: readonly GateState[] = [];

/** Open gates, oldest first. */
export function useOpenGates(): readonly GateState[] {
  const gates = useStore(
    useRunSession().run,
    useShallow((s) => s.gateOrder.map((id) => s.gates[id]).filter((g): g is GateState => g?.status === 'open')),
  );
  return gates.length === 0 ? NO_GATES : gates;
}

export function useGate(gateId: string | undefined): GateState | undefined {
  return useStore(useRunSession().run, (s) => (gateId ? s.gates[gateId] : undefined));
}

export function useAnswerState(gateId: string): AnswerState | undefined {
  return useStore(useRunSession().answers, (s) => s.byGate[gateId]);
}

/** "1 failed · 3 running · 2 succeeded" (node-counts-text.ts): O(1) per change of the node map. */
export function useNodeCounts(): string {
  const { run, nodeStatus } = useRunSession();
  const turnedDown = useStore(run, turnedDownNodes);
  return useStore(nodeStatus, (s) => nodeCountsText(s.byId, turnedDown));
}

/**
 * Time of the newest event that says when it happened (a replay's "now"). Only subscribed
 * where it is shown (`enabled`): live, it would change every batch and repaint the header
 * every frame for nothing.
 */
export function useLastEventAtMs(enabled: boolean): number | undefined {
  const { run, log } = useRunSession();
  return useStore(run, (s) => (enabled ? lastEventAtMs(log, s.logLength) : undefined));
}

/**
 * How the run's gates turned it, when one turned work down: "rejected" or "timed out" (the
 * newest such gate; see gate-verdict.ts), else undefined. A run the backend calls
 * "succeeded" after a rejected gate did not do the work it asked about.
 */
export function useRunTurnedDown(): 'rejected' | 'timed out' | undefined {
  return useStore(useRunSession().run, (s) => {
    const gate = turningGate(s);
    return gate === undefined ? undefined : gate.status === 'timed_out' ? 'timed out' : 'rejected';
  });
}

/** The newest decided gate's verdict in words ("rejected by alice"), or undefined. */
export function useLatestGateVerdict(): string | undefined {
  const session = useRunSession();
  const answers = useStore(session.answers, (s) => s.byGate);
  const name = useReviewerName();
  return useStore(session.run, (s) => {
    for (let i = s.gateOrder.length - 1; i >= 0; i--) {
      const gate = s.gates[s.gateOrder[i] ?? ''];
      if (gate && gate.status !== 'open') return gateVerdictText(gate, shownDecider(gate, answers[gate.gateId], name));
    }
    return undefined;
  });
}

/** A node's newest decided gate in words ("timed out — the backend rejected it") and whether it turned the work down. */
export function useNodeGate(nodeId: string): Readonly<{ verdict: string; turnedDown: boolean }> | undefined {
  const session = useRunSession();
  const answers = useStore(session.answers, (s) => s.byGate);
  const name = useReviewerName();
  return useStore(
    session.run,
    useShallow((s) => {
      const gate = decidedGateOfNode(s, nodeId);
      return gate === undefined ? undefined : { verdict: gateVerdictText(gate, shownDecider(gate, answers[gate.gateId], name)), turnedDown: turnedDownByGate(gate) };
    }),
  );
}
