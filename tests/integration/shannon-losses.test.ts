/**
 * Frames lost just before Shannon's `done`, aimed at deterministically through the fault
 * proxy (no other fault). `done` carries no seq, so a loss right before it shows no hole by
 * itself: the run must still end exactly as it did, from its own events.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { createLiveSession } from '@/app/create-live-session';
import { flushNow } from '@/ingest/frame-scheduler';
import { shannonDialect } from '@/protocol/shannon/shannon-dialect';
import type { RunEvent } from '@/protocol/run-event';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import type { RunSession } from '@/stores/run-session';

import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { waitFor } from './wait-for';

const NO_FAULTS = { drop: 0, duplicate: 0, reorder: 0, reorderWindow: 5, delay: 0, delayMs: 0 };

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function openThrough(runId: string, dropOnce: (unit: string) => boolean): Promise<{ session: RunSession; proxy: FaultProxy }> {
  const proxy = await startFaultProxy({ target: sim.url, seed: 1, rates: NO_FAULTS, dropOnce });
  const live = createLiveSession({ dialect: shannonDialect, params: { baseUrl: proxy.url, runId }, schedule: flushNow, statusCheckAfterMs: 500 });
  cleanups.push(() => live.close(), () => proxy.close());
  return { session: live.session, proxy };
}

function events(session: RunSession): RunEvent[] {
  return Array.from({ length: session.log.length }, (_, i) => session.log.at(i)?.event).filter((e): e is RunEvent => e !== undefined);
}

describe('shannon: a loss just before done', () => {
  test('a lost WORKFLOW_COMPLETED is read from the history at the end: the run completes from its own event, totals and all', async () => {
    const runId = 'fanout~lost-completed';
    const { session, proxy } = await openThrough(runId, (unit) => unit.includes('event: WORKFLOW_COMPLETED'));
    await waitFor(() => session.run.getState().status === 'succeeded', 'the run to complete', 15_000);
    await waitFor(() => events(session).some((e) => e.type === 'run.completed' && e.key !== undefined), 'the run’s own completion', 5_000);
    expect(proxy.stats.dropped).toBe(1);
    const completed = events(session).filter((e) => e.type === 'run.completed');
    expect(completed).toEqual([expect.objectContaining({ key: expect.stringMatching(/^wf:/), totalTokens: expect.any(Number) })]);
    expect(sim.received.filter((c) => c.runId === runId && c.kind === 'history').length).toBeGreaterThanOrEqual(1);
  });

  test('a lost last word streamed before the end comes back from the resumed stream, and then the stream closes', async () => {
    const runId = 'fanout~lost-delta';
    const { session, proxy } = await openThrough(runId, (unit) => unit.includes('"delta":"summary."'));
    await waitFor(() => session.run.getState().status === 'succeeded', 'the run to complete', 15_000);
    await waitFor(() => session.run.getState().tails.write?.endsWith('summary.'), 'the lost word to come back', 5_000);
    expect(proxy.stats.dropped).toBe(1);
    expect(events(session).filter((e) => e.type === 'log' && /no longer available/.test(e.message))).toEqual([]);
    expect(sim.received.filter((c) => c.runId === runId && c.kind === 'stream.open').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => session.run.getState().connection.state.status === 'closed', 'the stream to close after the refill', 5_000);
  });
});
