/**
 * Derived details of one node. Recomputes only when the node gains a row or its
 * streamed tail changes (tokens coalesce into an existing row without adding one),
 * and the cost split only when the run's cost points or the node's rows change.
 */
import { useMemo } from 'react';

import { useCostState, useEventLog, useNodeRowCount, useNodeTail } from '@/stores/panel-selectors';

import { deriveNodeDetails, type NodeDetailsData } from '@/features/inspector/derive-node-details';
import { attemptBoundaries, partitionCostByAttempt, type AttemptCost } from '@/features/inspector/partition-cost-by-attempt';

/** `costReported`: some cost record of this node states a price (tokens-only records do not). */
export function useNodeDetails(nodeId: string): { details: NodeDetailsData; costByAttempt: AttemptCost[]; currency: string; costReported: boolean } {
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
  const costByAttempt = useMemo(
    () => partitionCostByAttempt(cost.points.filter((p) => p.nodeId === nodeId), attemptBoundaries(log, log.rowsOfNode(nodeId))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- change signal, see above
    [cost.points, log, nodeId, rowCount],
  );
  const costReported = useMemo(() => cost.points.some((p) => p.nodeId === nodeId && !p.tokensOnly), [cost.points, nodeId]);
  return { details, costByAttempt, currency: cost.currency, costReported };
}
