/**
 * AG-UI has no resume (the protocol defines none): a run stream cut by the fault proxy must be
 * reported as dropped, never shown as finished.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { DIALECTS } from '@/protocol/dialects';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { waitFor } from '../integration/wait-for';
import { startFaultProxy } from '../support/fault-proxy';
import { openRun } from '../support/fault-run';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.1 });
});
afterAll(async () => {
  await sim.close();
});

describe('agui under a cut', () => {
  test('a cut run stream is reported as dropped, not resumed', async () => {
    const proxy = await startFaultProxy({ target: sim.url, seed: 1, rates: { drop: 0, duplicate: 0, reorder: 0, reorderWindow: 5, delay: 0, delayMs: 0 } });
    const { live, stop } = openRun({ dialect: DIALECTS.agui, sim, baseUrl: proxy.url, runId: 'fanout~agui-cut', scenario: 'fanout' });
    try {
      await waitFor(() => live.session.run.getState().logLength > 3, 'the AG-UI run to stream');
      proxy.cut();
      const state = await waitFor(() => {
        const s = live.session.run.getState().connection.state;
        return s.status === 'error' ? s : undefined;
      }, 'the drop to be reported');
      expect(state.error).toMatch(/the run stream dropped/);
      expect(live.session.run.getState().status).not.toBe('succeeded');
    } finally {
      stop();
      await proxy.close();
    }
  });
});
