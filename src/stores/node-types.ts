/** One node's live state, as the canvas and the details panel read it. */
import type { ErrorInfo, NodeStatus } from '@/protocol/run-event';

export type NodeState = Readonly<{
  status: NodeStatus;
  attempt: number;
  /** 0..1 when the protocol reports progress. */
  progress?: number;
  progressMessage?: string;
  /** The last characters of streamed text (bounded), shown on the node while it runs. */
  tail: string;
  costMicros: number;
  startedAtMs?: number;
  endedAtMs?: number;
  error?: ErrorInfo;
}>;

export const TAIL_CHARS = 160;
