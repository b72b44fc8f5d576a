/**
 * A finished run opened live shows its whole history, for the protocols that keep it:
 * relavium (the run's SSE endpoint replays from the start on a fresh connection), tolky
 * (`replay_events` from the start on open) and shannon (the events stream of a finished
 * task, with `GET /api/v1/tasks/{id}/events` pages as the resync). The second session
 * is opened only after the first saw the run end.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';

import { createLiveSession, paintAtOnce } from '@/session';
import { DIALECTS } from '@/protocol/dialects';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { recordRun } from '../../scripts/record-run';
import { waitFor } from './wait-for';
import { nodeRecord } from '@/stores/node-map';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

describe.each([DIALECTS.relavium, DIALECTS.tolky, DIALECTS.shannon])('$id', (dialect) => {
  test('a finished run opened later arrives whole from the backend history', async () => {
    const first = await recordRun(sim, dialect, 'fanout', `history-${dialect.id}`);
    const expected = first.live.session.run.getState();
    first.live.close();
    const later = createLiveSession({
      dialect,
      params: { baseUrl: sim.url, runId: first.live.session.runId },
      schedule: paintAtOnce,
      WebSocketImpl: WebSocket as never,
    });
    const run = later.session.run;
    await waitFor(() => run.getState().status === 'succeeded', 'the finished run from history', 10_000);
    await waitFor(() => run.getState().cost.totalMicros === expected.cost.totalMicros, 'the closing cost', 5_000);
    expect(Object.values(nodeRecord(later.session.nodeStatus.getState().byId)).map((n) => n.status)).toEqual(
      Object.values(nodeRecord(first.live.session.nodeStatus.getState().byId)).map((n) => n.status),
    );
    expect(run.getState().chapters.map((c) => c.title)).toEqual(expected.chapters.map((c) => c.title));
    later.close();
  });
});
