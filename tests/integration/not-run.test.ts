/**
 * Steps that never ran, through the app's live session against the simulator's real
 * servers: a Shannon failure, a tolky cancel and a MARS failure whose DAG re-sets every node
 * to failed. Every node that never started reads "not run" — never pending, never failed —
 * and a replay of the same recording reaches the same statuses.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';

import { createLiveSession, createReplaySession, paintAtOnce } from '@/session';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { DIALECTS } from '@/protocol/dialects';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import type { RunSession } from '@/stores/run-session';

import { waitFor } from './wait-for';
import { nodeRecord } from '@/stores/node-map';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

function open(id: keyof typeof DIALECTS, runId: string, scenario: string) {
  const dialect = DIALECTS[id];
  return createLiveSession({
    dialect,
    params: { baseUrl: simulatorBackendUrl(dialect, sim.url), runId },
    ...(dialect.capabilities.startsRuns ? { start: `[scenario:${scenario}] ${scenario}` } : {}),
    schedule: paintAtOnce,
    WebSocketImpl: WebSocket as never,
  });
}

const statuses = (session: RunSession) => Object.fromEntries(Object.entries(nodeRecord(session.nodeStatus.getState().byId)).map(([id, n]) => [id, n.status]));

describe('steps that never ran read "not run" when the run ends', () => {
  test.each([
    ['shannon', 'shannon-failure~notrun', 'shannon-failure', 'failed', { fetch: 'succeeded', analyse: 'failed', summarise: 'not_run' }],
    ['tolky', 'cancel~notrun', 'cancel', 'cancelled', { 'step-1': 'cancelled', 'step-2': 'not_run' }],
    ['mars', 'retry~notrun', 'retry', 'failed', { fetch: 'succeeded', clean: 'succeeded', load: 'failed', notify: 'not_run', terminator: 'not_run' }],
  ] as const)('%s: %s', async (id, runId, scenario, end, expected) => {
    const live = open(id, runId, scenario);
    const { run } = live.session;
    await waitFor(() => run.getState().status === end, `${id} run to end ${end}`, 15_000);
    await waitFor(() => Object.values(nodeRecord(live.session.nodeStatus.getState().byId)).every((n) => n.status !== 'pending') || undefined, 'no pending node', 3_000).catch(() => undefined);
    expect(statuses(live.session)).toMatchObject(expected);
    expect(Object.values(statuses(live.session))).not.toContain('pending');
    const notRun = Object.values(nodeRecord(live.session.nodeStatus.getState().byId)).filter((n) => n.status === 'not_run');
    expect(notRun.every((n) => n.startedAtMs === undefined && n.error === undefined)).toBe(true);

    // The recording replayed reaches the same statuses.
    const replay = await createReplaySession({ recording: live.session.exportRecording() });
    replay.cursor.seek(replay.timeline.total);
    expect(statuses(replay.session)).toEqual(statuses(live.session));
    live.close();
  });
});
