/**
 * Hooks over the attempt projection. One projection per event log (a session's log lives as
 * long as the session), advanced by whichever view reads it first after new rows arrive, so
 * Durations and the inspector read the same attempts.
 */
import { useMemo } from 'react';

import { AttemptProjection } from '@/stores/attempt-projection';
import { readAttempts } from '@/stores/attempt-read';
import type { NodeAttempt, RunAttempts } from '@/stores/attempt-types';
import type { EventLog } from '@/stores/event-log';
import { useCostState, useEventLog, useGates, useNodeRowCount } from '@/stores/panel-selectors';
import { useRunStatus } from '@/stores/run-selectors';

const projections = new WeakMap<EventLog, AttemptProjection>();
const NONE: readonly NodeAttempt[] = [];

/** The log's projection, brought up to its last row. */
export function attemptsOfLog(log: EventLog): AttemptProjection {
  let projection = projections.get(log);
  if (!projection) projections.set(log, (projection = new AttemptProjection()));
  projection.advance(log);
  return projection;
}

/**
 * Every attempt of the run. `signal` is the caller's word that rows arrived (a view that
 * refreshes a few times a second passes a throttled log length).
 */
export function useRunAttempts(signal: string | number): RunAttempts {
  const log = useEventLog();
  const cost = useCostState();
  const gates = useGates();
  return useMemo(() => {
    void signal; // the log is one long-lived object: this says it grew
    return readAttempts(attemptsOfLog(log), cost.points, gates);
  }, [log, signal, cost.points, gates]);
}

/**
 * One node's attempts, oldest first; re-read when the node gains a row, the run's status
 * changes (its end closes open attempts), or cost or a gate changes.
 */
export function useNodeAttempts(nodeId: string): readonly NodeAttempt[] {
  const signal = `${useNodeRowCount(nodeId)} ${useRunStatus()}`;
  return useRunAttempts(signal).byNode.get(nodeId) ?? NONE;
}
