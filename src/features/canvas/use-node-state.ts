/**
 * Canvas selector hooks over the session's stores. Each returns a primitive or a
 * reference the reducer keeps stable, so a batch re-renders only the nodes it touched:
 * `reduceNodeStatus` replaces one node's entry only when that node changed, and keeps
 * `byId` itself when nothing did (tests/integration/canvas-render-budget.test.tsx).
 * Fallbacks are module constants, never fresh objects: a fresh one differs on every call
 * and would re-render the node.
 */
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';

import type { NodeStatus } from '@/protocol/run-event';
import { decidedGateOfNode, finishedGateWord, turnedDownByGate } from '@/stores/gate-verdict';
import { nodeOf } from '@/stores/node-map';
import type { NodeState } from '@/stores/node-types';
import { useRunSession } from '@/stores/run-session';
import type { RunState } from '@/stores/run-types';
import { notRunText } from '@/lib/node-status-text';

import { assignWaves, waveKey } from '@/features/canvas/layout/wave-positions';
import { anyRunning, dominantStatus, summarizeStatuses } from '@/features/canvas/summarize-statuses';
import { STATUS_TEXT } from '@/features/canvas/status-style';

/** A node's entry without its times: what the node body renders through React. */
export type NodeView = Omit<NodeState, 'startedAtMs' | 'endedAtMs'>;

const PENDING_NODE: NodeState = { status: 'pending', attempt: 1 };

/**
 * One node's entry minus its times, compared field by field. Tokens never reach this
 * store (streamed text is the run store's, written to the DOM by node-tail.tsx), so they
 * never re-render the node body (canvas-render-budget.test.tsx).
 */
export function useCanvasNodeView(nodeId: string): NodeView {
  const session = useRunSession();
  const view = useStore(
    session.nodeStatus,
    useShallow((s) => {
      const { status, attempt, progress, progressMessage, error } = nodeOf(s.byId, nodeId) ?? PENDING_NODE;
      return { status, attempt, progress, progressMessage, error };
    }),
  );
  // A gate node the backend marks done after its gate turned the work down is drawn as stopped, not green.
  const turnedDown = useStore(session.run, (s) => turnedDownByGate(decidedGateOfNode(s, nodeId)));
  return turnedDown && view.status === 'succeeded' ? { ...view, status: 'cancelled' } : view;
}

/** One node's status only: ignores its tokens, progress and cost. */
export function useNodeStatus(nodeId: string): NodeStatus {
  return useStore(useRunSession().nodeStatus, (s) => nodeOf(s.byId, nodeId)?.status ?? 'pending');
}

/** "4 running · 2 succeeded" over a group's members; a string, so equal text skips the render. */
export function useGroupSummary(memberIds: readonly string[]): string {
  return useStore(useRunSession().nodeStatus, (s) => summarizeStatuses(s.byId, memberIds));
}

export function useGroupStatus(memberIds: readonly string[]): NodeStatus {
  return useStore(useRunSession().nodeStatus, (s) => dominantStatus(s.byId, memberIds));
}

export function useAnyRunning(ids: readonly string[]): boolean {
  return useStore(useRunSession().nodeStatus, (s) => anyRunning(s.byId, ids));
}

/**
 * Which of `looseIds` (steps with no known edge) ran together, as wave-positions.ts'
 * string key: it changes only when one of them starts, so layout re-runs only then.
 */
export function useWaveKey(looseIds: readonly string[]): string {
  return useStore(useRunSession().nodeStatus, (s) => (looseIds.length === 0 ? '' : waveKey(assignWaves(looseIds, (id) => nodeOf(s.byId, id)))));
}

export function useRunCurrency(): string {
  return useStore(useRunSession().run, (s) => s.cost.currency);
}

/**
 * The status text of a node, with the waiting wording refined by the open gate's kind
 * ("waiting for approval", "waiting for input"). Only waiting nodes scan gates, newest
 * first, and the result is a string, so other nodes pay one comparison per batch.
 */
export function useStatusText(nodeId: string, status: NodeStatus): string {
  const session = useRunSession();
  const reason = useStore(session.nodeStatus, (s) => (status === 'not_run' ? nodeOf(s.byId, nodeId)?.reason : undefined));
  const text = useStore(session.run, (s) => (status === 'waiting' ? waitingText(s, nodeId) : (doneGateText(s, nodeId, status) ?? STATUS_TEXT[status])));
  return status === 'not_run' ? notRunText(reason) : text;
}

/** A finished gate node says what became of its gate ("approved", "rejected", "timed out (rejected)"), never "succeeded". */
function doneGateText(s: RunState, nodeId: string, status: NodeStatus): string | undefined {
  if (status !== 'succeeded' && status !== 'cancelled') return undefined;
  return finishedGateWord(decidedGateOfNode(s, nodeId), status);
}

function waitingText(s: RunState, nodeId: string): string {
  for (let i = s.gateOrder.length - 1; i >= 0; i--) {
    const gate = s.gates[s.gateOrder[i] ?? ''];
    if (gate?.nodeId !== nodeId || gate.status !== 'open') continue;
    if (gate.kind === 'input' || gate.kind === 'clarification') return 'waiting for input';
    return 'waiting for approval';
  }
  return STATUS_TEXT.waiting;
}
