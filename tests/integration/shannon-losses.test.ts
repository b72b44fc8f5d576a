/**
 * Frames lost just before Shannon's `done`, aimed at deterministically through the fault
 * proxy (no other fault). `done` carries no seq, so a loss right before it shows no hole by
 * itself: the run must still end exactly as it did, from its own events.
 */
import { describe, expect, test } from 'vitest';

import type { RunSession } from '@/stores/run-session';
import { tailOf } from '@/stores/tails';

import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { eventsOf as events, setUpShannonHarness } from './shannon-harness';
import { waitFor } from './wait-for';

const NO_FAULTS = { drop: 0, duplicate: 0, reorder: 0, reorderWindow: 5, delay: 0, delayMs: 0 };

const { open, cleanup, received, sim } = setUpShannonHarness();

async function openThrough(runId: string, dropOnce: (unit: string) => boolean): Promise<{ session: RunSession; proxy: FaultProxy }> {
  const proxy = await startFaultProxy({ target: sim().url, seed: 1, rates: NO_FAULTS, dropOnce });
  cleanup(() => proxy.close());
  return { session: open(runId, { baseUrl: proxy.url, statusCheckAfterMs: 500 }), proxy };
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
    expect(received(runId, 'history').length).toBeGreaterThanOrEqual(1);
  });

  test('a lost last word streamed before the end comes back from the resumed stream, and then the stream closes', async () => {
    const runId = 'fanout~lost-delta';
    const { session, proxy } = await openThrough(runId, (unit) => unit.includes('"delta":"summary."'));
    await waitFor(() => session.run.getState().status === 'succeeded', 'the run to complete', 15_000);
    await waitFor(() => tailOf(session.run.getState().tails, 'write')?.endsWith('summary.'), 'the lost word to come back', 5_000);
    expect(proxy.stats.dropped).toBe(1);
    expect(events(session).filter((e) => e.type === 'log' && /no longer available/.test(e.message))).toEqual([]);
    expect(received(runId, 'stream.open').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => session.run.getState().connection.state.status === 'closed', 'the stream to close after the refill', 5_000);
  });
});
