/**
 * Pure summaries of many nodes' statuses, for group boxes and the mini-map: a primitive
 * string or one status, so a selector over hundreds of members re-renders its group only
 * when the summary text actually changes. Guarded by summarize-statuses.test.ts.
 */
import type { NodeStatus } from '@/protocol/run-event';
import { nodeOf, type NodeMap } from '@/stores/node-map';

import { STATUS_TEXT, SUMMARY_RANK } from '@/features/canvas/status-style';

/** "4 running · 2 succeeded", most urgent first; members the store has not seen count as pending. */
export function summarizeStatuses(byId: NodeMap, memberIds: readonly string[]): string {
  const counts = countStatuses(byId, memberIds);
  return (Object.keys(counts) as NodeStatus[])
    .sort((a, b) => SUMMARY_RANK[a] - SUMMARY_RANK[b])
    .map((status) => `${counts[status] ?? 0} ${STATUS_TEXT[status]}`)
    .join(' · ');
}

/** The status that best stands for the group: the most urgent one present. */
export function dominantStatus(byId: NodeMap, memberIds: readonly string[]): NodeStatus {
  let best: NodeStatus = 'pending';
  let seen = false;
  for (const id of memberIds) {
    const status = nodeOf(byId, id)?.status ?? 'pending';
    if (!seen || SUMMARY_RANK[status] < SUMMARY_RANK[best]) best = status;
    seen = true;
  }
  return best;
}

/** True when any of `ids` is running: animates an edge into a node or a group. */
export function anyRunning(byId: NodeMap, ids: readonly string[]): boolean {
  for (const id of ids) if (nodeOf(byId, id)?.status === 'running') return true;
  return false;
}

function countStatuses(byId: NodeMap, memberIds: readonly string[]): Partial<Record<NodeStatus, number>> {
  const counts: Partial<Record<NodeStatus, number>> = {};
  for (const id of memberIds) {
    const status = nodeOf(byId, id)?.status ?? 'pending';
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}
