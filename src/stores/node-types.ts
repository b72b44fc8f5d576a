/** One node's live state, as the canvas and the details panel read it. */
import type { ErrorInfo, NodeStatus } from '@/protocol/run-event';

export type NodeState = Readonly<{
  status: NodeStatus;
  attempt: number;
  /** 0..1 when the protocol reports progress. */
  progress?: number;
  progressMessage?: string;
  startedAtMs?: number;
  endedAtMs?: number;
  error?: ErrorInfo;
  /** Why a `not_run` node never ran, when the backend said ("upstream_unreachable"). */
  reason?: string;
  /** `not_run` inferred because the run ended while the node was pending (no word from the backend). */
  leftAtRunEnd?: true;
}>;

/** How much of a node's streamed text the run store keeps for the canvas (RunState.tails). */
export const TAIL_CHARS = 160;
