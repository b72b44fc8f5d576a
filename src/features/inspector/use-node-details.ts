/**
 * Derived details of one node. Recomputes only when the node gains a row or its
 * streamed tail changes (tokens coalesce into an existing row without adding one).
 * Cost by attempt is the attempt projection's, as Durations reads it.
 */
import { useMemo } from 'react';

import { useNodeAttempts, type NodeAttempt } from '@/stores';
import { useCostState, useEventLog, useNodeRowCount, useNodeTail } from '@/stores/panel-selectors';

import { deriveNodeDetails, type NodeDetailsData } from '@/features/inspector/derive-node-details';
import { costRowsOf } from '@/features/inspector/cost-rows';

/** `costReported`: some cost record of this node states a price (tokens-only records do not). */
export function useNodeDetails(nodeId: string): { details: NodeDetailsData; costByAttempt: NodeAttempt[]; currency: string; costReported: boolean } {
  const log = useEventLog();
  const rowCount = useNodeRowCount(nodeId);
  const tail = useNodeTail(nodeId);
  const cost = useCostState();
  // The log is one long-lived mutable object: rowCount and tail are its change signals.
  const details = useMemo(
    () => deriveNodeDetails(log, log.rowsOfNode(nodeId)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- change signals, see above
    [log, nodeId, rowCount, tail],
  );
  const attempts = useNodeAttempts(nodeId);
  const costByAttempt = useMemo(() => costRowsOf(attempts), [attempts]);
  const costReported = useMemo(() => cost.points.some((p) => p.nodeId === nodeId && !p.tokensOnly), [cost.points, nodeId]);
  return { details, costByAttempt, currency: cost.currency, costReported };
}
