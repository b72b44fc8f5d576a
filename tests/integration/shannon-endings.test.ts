/**
 * How a Shannon run ends, watched through the app's live session against the simulator's
 * real SSE server, which ends runs the way the real Shannon does: a failure is an error
 * and then `done` (or no `done` at all), a cancel sends `done` before workflow.cancelled,
 * a pause is workflow.pausing then workflow.paused (neither numbered on the wire).
 */
import { describe, expect, test } from 'vitest';

import { eventsOf as events, setUpShannonHarness } from './shannon-harness';
import { waitFor } from './wait-for';
import { nodeRecord } from '@/stores/node-map';

const { open: openLive, received } = setUpShannonHarness();
const open = (runId: string, statusCheckAfterMs?: number, nothingYetAfterMs?: number) =>
  openLive(runId, { ...(statusCheckAfterMs !== undefined ? { statusCheckAfterMs } : {}), ...(nothingYetAfterMs !== undefined ? { nothingYetAfterMs } : {}) });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Status checks made to learn how a run ended (not the one lookup a watch makes when it opens, to learn the task exists). */
const statusChecks = (runId: string) => received(runId, 'status').filter((c) => !String((c.body as { url?: unknown }).url).includes('probe=exists'));

describe('shannon: how runs end, live against the simulator', () => {
  test('a failure (error, then done) reads failed with the error and the failing step; after done nothing reconnects', async () => {
    const runId = 'shannon-failure~live';
    const session = open(runId);
    await waitFor(() => session.run.getState().status === 'failed', 'the run to read failed');
    expect(session.run.getState().error?.message).toBe('Hit an issue: the model provider rejected the request: monthly token quota exceeded');
    expect(nodeRecord(session.nodeStatus.getState().byId).analyse?.status).toBe('failed');
    expect(nodeRecord(session.nodeStatus.getState().byId).fetch?.status).toBe('succeeded');
    expect(session.run.getState().connection.state.status).toBe('closed');
    // The resumed stream of a finished run would stay open forever: the session must not ask for one.
    await pause(1_500);
    expect(received(runId, 'stream.open')).toHaveLength(1);
  });

  test('a failure without done: the stream falls silent after the error, the status check finds the run failed', async () => {
    const runId = 'shannon-failure~nodone';
    const session = open(runId, 400);
    await waitFor(() => session.run.getState().status === 'failed', 'the status check to end the run', 15_000);
    expect(statusChecks(runId).length).toBeGreaterThanOrEqual(1);
    expect(session.run.getState().error?.message).toMatch(/the model provider rejected the request/);
    expect(events(session).filter((e) => e.type === 'run.failed')).toHaveLength(1);
  });

  test('a cancel: done comes before workflow.cancelled; the run reads cancelled, once, and the stream is not reopened', async () => {
    const runId = 'long~cancel';
    const session = open(runId);
    await waitFor(() => session.run.getState().logLength > 4, 'first events');
    expect(await session.control('cancel', 'operator stop', { message: 'cancel' })).toEqual({ ok: true });
    await waitFor(() => session.run.getState().status === 'cancelled', 'the run to read cancelled');
    expect(events(session).filter((e) => e.type === 'run.cancelled')).toEqual([expect.objectContaining({ reason: 'operator stop' })]);
    await pause(1_000);
    expect(received(runId, 'stream.open')).toHaveLength(1);
    expect(statusChecks(runId)).toEqual([]);
  });

  test('workflow.pausing is a row and the run pauses at workflow.paused; the numbers those frames take are filled from the history, once', async () => {
    const runId = 'long~pause';
    const session = open(runId);
    await waitFor(() => session.run.getState().logLength > 4, 'first events');
    expect(await session.control('pause', undefined, { message: 'pause' })).toEqual({ ok: true });
    await waitFor(() => session.run.getState().status === 'paused', 'the run to pause');
    expect(events(session)).toContainEqual(expect.objectContaining({ type: 'log', source: 'workflow.pausing', message: 'Pausing: pause requested' }));
    expect(await session.control('resume', undefined, { message: 'resume' })).toEqual({ ok: true });
    await waitFor(() => events(session).some((e) => e.type === 'log' && /filled by history/.test(e.message)), 'the hole to be filled from the history');
    expect(await session.control('cancel', undefined, { message: 'cancel' })).toEqual({ ok: true });
    await waitFor(() => session.run.getState().status === 'cancelled', 'the run to end');
    const all = events(session);
    expect(all.filter((e) => e.type === 'run.paused')).toHaveLength(1);
    expect(all.filter((e) => e.type === 'run.resumed')).toHaveLength(1);
    expect(all.filter((e) => e.type === 'raw')).toEqual([]);
    expect(all.filter((e) => e.type === 'log' && /no longer available/.test(e.message))).toEqual([]);
  });

  test('a workflow Shannon does not know: its "Workflow not found" is said once however often the stream is reopened, and the run reads "nothing yet"', async () => {
    const runId = 'no-such-scenario~live';
    const session = open(runId, undefined, 300);
    await waitFor(() => received(runId, 'stream.open').length >= 3, 'the gateway to close the stream twice', 15_000);
    await waitFor(() => session.run.getState().connection.nothingYet === true, 'the nothing-yet state');
    const said = events(session).filter((e) => e.type === 'log' && e.message === 'Workflow not found');
    expect(said).toHaveLength(1);
  });
});
