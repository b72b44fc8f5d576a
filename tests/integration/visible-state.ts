import { expect } from 'vitest';

import type { ReplaySession } from '@/session';
import { nodeRecord } from '@/stores/node-map';
import type { RunSession } from '@/stores/run-session';

/** What a person sees of a replay, as plain data: the run (log rows included), every node's status, and the header's count of nodes by status. */
export function visibleState(session: RunSession) {
  const { actions: _actions, ...run } = session.run.getState();
  const rows = Array.from({ length: run.logLength }, (_, i) => session.log.at(i));
  const nodes = session.nodeStatus.getState().byId;
  return structuredClone({ run, rows, byId: nodeRecord(nodes), counts: nodes.counts });
}

/** Positions worth comparing: both ends, around snapshots, the middle. */
function positionsOf(replay: ReplaySession): number[] {
  const { total, snapshots } = replay.timeline;
  const every = snapshots.every;
  const wanted = [total, 0, 1, every - 1, every, every + 1, 3 * every + 7, Math.floor(total / 2), total - 1, 5, total];
  return wanted.filter((p) => p >= 0 && p <= total);
}

/** Seeks both replays through the same positions and compares what they show at each. */
export function expectSameAtEveryPosition(expected: ReplaySession, actual: ReplaySession): void {
  expect(actual.timeline.total).toBe(expected.timeline.total);
  for (const p of positionsOf(expected)) {
    expected.cursor.seek(p);
    actual.cursor.seek(p);
    expect(visibleState(actual.session), `position ${p}`).toEqual(visibleState(expected.session));
  }
}
