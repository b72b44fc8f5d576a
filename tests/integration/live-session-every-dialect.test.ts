/**
 * The app's own glue (createLiveSession: transport choice, onOpen commands, starting runs,
 * resync) over the simulator's real servers, for every dialect: a fan-out run ends with
 * every node succeeded and the scenario's exact total cost.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';

import { createLiveSession, paintAtOnce } from '@/session';
import { DIALECTS } from '@/protocol/dialects';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { waitFor } from './wait-for';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { FANOUT_TOTAL_MICROS } from '../support/fanout-cost';
import { nodeRecord } from '@/stores/node-map';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});


describe.each(Object.values(DIALECTS))('$id through createLiveSession', (dialect) => {
  test('a fan-out run arrives whole with its exact total cost', async () => {
    const starts = dialect.capabilities.startsRuns;
    const live = createLiveSession({
      dialect,
      params: { baseUrl: simulatorBackendUrl(dialect, sim.url), runId: `fanout~glue-${dialect.id}` },
      ...(starts ? { start: '[scenario:fanout] Research fan-out' } : {}),
      schedule: paintAtOnce,
      WebSocketImpl: WebSocket as never,
    });
    const run = live.session.run;
    await waitFor(() => run.getState().status === 'succeeded', `${dialect.id} run to succeed`, 15_000);
    const nodes = Object.values(nodeRecord(live.session.nodeStatus.getState().byId));
    expect(nodes.filter((n) => n.status === 'succeeded').length).toBeGreaterThanOrEqual(8);
    expect(nodes.filter((n) => n.status === 'failed' || n.status === 'running')).toEqual([]);
    expect(run.getState().cost.totalMicros).toBe(FANOUT_TOTAL_MICROS);
    expect(run.getState().stats.rejected).toBe(0);
    live.close();
  });
});
