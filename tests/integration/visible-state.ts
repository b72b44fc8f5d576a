import { nodeRecord } from '@/stores/node-map';
import type { RunSession } from '@/stores/run-session';

/** What a person sees of a replay, as plain data: the run (log rows included) and every node's status. */
export function visibleState(session: RunSession) {
  const { actions: _actions, ...run } = session.run.getState();
  const rows = Array.from({ length: run.logLength }, (_, i) => session.log.at(i));
  return structuredClone({ run, rows, byId: nodeRecord(session.nodeStatus.getState().byId) });
}
