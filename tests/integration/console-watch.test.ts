/**
 * "Watch running runs" over the simulator's real servers: switching it on opens a live
 * session for every running run of that backend (the gate of a run nobody opened is
 * there to answer), at most MAX_WATCHED_STREAMS of them (the rest counted and reported),
 * and switching it off closes them — except a run the person opened meanwhile.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { MAX_WATCHED_STREAMS, startConsoleWatch } from '@/app/console/console-watch';
import { useSessionRegistry } from '@/app/session/session-registry';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import { createBackendsStore } from '@/stores/backends-store';
import { createRunListStore } from '@/stores/run-list-store';

import { waitFor } from './wait-for';

let sim: SimulatorHandle;
const stop = new AbortController();
const backends = createBackendsStore(undefined);
const lists = createRunListStore();

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05, seedRuns: true });
  startConsoleWatch({ signal: stop.signal, backends, lists, intervalMs: 100 });
});
afterAll(async () => {
  stop.abort();
  await sim.close();
});

const watched = () => Object.values(useSessionRegistry.getState().runs).filter((r) => r.watched);

describe('watch running runs', () => {
  test('follows every running run, so a gate of a run nobody opened can be answered', async () => {
    const added = backends.getState().actions.add({ dialect: 'relavium', url: sim.url, label: 'Sim' });
    if (!added.ok) throw new Error(added.reason);
    backends.getState().actions.setWatch(added.id, true);
    const hold = await waitFor(() => watched().find((r) => r.session.runId === 'hold~demo-waiting'), 'the waiting run to be watched', 15_000);
    const gate = await waitFor(() => Object.values(hold.session.run.getState().gates).find((g) => g.status === 'open'), 'its gate to arrive');
    expect(gate.message).toBe('Deploy release 2.4 to production?');
    expect(watched().map((r) => r.session.runId)).toContain('long~demo-running');
    expect(lists.getState().watch[added.id]).toMatchObject({ capped: false, following: watched().length });
  });

  test(`follows at most ${MAX_WATCHED_STREAMS} streams and says how many it left out`, async () => {
    // Thirty more running runs (a snapshot request creates a run on the simulator).
    await Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`${sim.url}/runs/long~bulk-${i}`).then((r) => r.text())));
    const id = backends.getState().backends[0]?.id ?? '';
    await waitFor(() => lists.getState().watch[id]?.capped, 'the bound to be reached', 15_000);
    expect(watched()).toHaveLength(MAX_WATCHED_STREAMS);
    const state = lists.getState().watch[id];
    expect(state?.following).toBe(MAX_WATCHED_STREAMS);
    expect(state?.active).toBeGreaterThan(MAX_WATCHED_STREAMS);
    // The run waiting for a person is kept before newer runs that only run.
    expect(watched().map((r) => r.session.runId)).toContain('hold~demo-waiting');
  });

  test('switching it off closes the watched sessions but not a run the person opened', async () => {
    const id = backends.getState().backends[0]?.id ?? '';
    const opened = watched().find((r) => r.session.runId === 'hold~demo-waiting');
    if (!opened) throw new Error('no watched run to adopt');
    useSessionRegistry.getState().adopt(opened.key);
    backends.getState().actions.setWatch(id, false);
    await waitFor(() => watched().length === 0, 'watched sessions to close');
    expect(useSessionRegistry.getState().runs[opened.key]?.watched).toBe(false);
    expect(lists.getState().watch[id]).toBeUndefined();
  });
});
