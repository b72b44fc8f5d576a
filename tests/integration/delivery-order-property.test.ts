/**
 * "The final state is the same whatever the delivery" (issues 6 and 12), for all six
 * dialects: a fan-out run is recorded live from the simulator once per dialect, then
 * fast-check delivers its frames again through a fresh pipeline (real stores, no clock
 * running) and every delivery must end in the recorded order's state, nothing applied twice.
 *
 * What may vary is what each protocol's transport can really do:
 * - every dialect: where the flushes fall (one batch per frame, or many frames per batch);
 * - seq-ordered dialects (relavium, tolky, myagent, Shannon): frames repeated, and frames
 *   moved later by fewer places than the sequencer's reorder window;
 * - MARS (arrival order on one socket): exact repeats, which its real server sends;
 * - AG-UI (one HTTP response per run): nothing but the batching — it has no ids, so a
 *   repeated token could not be told from a real one, and one response cannot reorder.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';

import { createLiveSession, paintAtOnce } from '@/session';
import { createSyncPipeline } from '@/ingest/sync-pipeline';
import type { Dialect } from '@/protocol/dialect';
import { DIALECTS } from '@/protocol/dialects';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { normalise } from '../support/fault-run';
import { waitFor } from './wait-for';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

/** The sequencer's reorder window: a frame delivered up to this many places late is put back. */
const WINDOW = 5;
const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

let sim: SimulatorHandle;
const recorded = new Map<string, unknown[]>();

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
  await Promise.all(Object.values(DIALECTS).map(async (dialect) => recorded.set(dialect.id, await recordFanout(dialect))));
});
afterAll(async () => {
  await sim.close();
});

async function recordFanout(dialect: Dialect): Promise<unknown[]> {
  const runId = `fanout~order-${dialect.id}`;
  const live = createLiveSession({
    dialect,
    params: { baseUrl: simulatorBackendUrl(dialect, sim.url), runId },
    ...(dialect.capabilities.startsRuns ? { start: '[scenario:fanout] research the market' } : {}),
    schedule: paintAtOnce,
    WebSocketImpl: WebSocket as never,
  });
  try {
    await waitFor(() => TERMINAL.has(live.session.run.getState().status), `the ${dialect.id} run to finish`);
    return live.session
      .exportRecording()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { frame?: unknown })
      .flatMap((entry) => (entry.frame === undefined ? [] : [entry.frame]));
  } finally {
    live.close();
  }
}

/** Feeds frames to a fresh pipeline, flushing where `flushAfter` says, lets held frames settle, and folds the end state. */
function deliver(dialect: Dialect, frames: readonly unknown[], flushAfter: ReadonlySet<number> = new Set()) {
  const clock = { now: 0 };
  const p = createSyncPipeline(dialect, `fanout~order-${dialect.id}`, { now: () => clock.now });
  frames.forEach((frame, i) => {
    p.receive(frame);
    if (flushAfter.has(i)) p.flush();
  });
  for (let due = p.ingest.nextDeadlineMs(); due !== undefined; due = p.ingest.nextDeadlineMs()) {
    clock.now = due;
    p.ingest.tick();
  }
  p.flush();
  const { stats, status } = p.run.getState();
  return { state: normalise(p, dialect.recovery.ordering.by === 'seq'), status, gaps: stats.gaps, rejected: stats.rejected };
}

type Fault = { delays: number[]; repeats: { index: number; after: number }[]; flushes: number[] };

/** The faults this dialect's transport can produce (see the header). */
function faults(dialect: Dialect, count: number): fc.Arbitrary<Fault> {
  const ordered = dialect.recovery.ordering.by === 'seq';
  const repeats: fc.Arbitrary<Fault['repeats']> = dialect.id === 'agui' ? fc.constant([]) : fc.array(fc.record({ index: fc.nat({ max: count - 1 }), after: fc.nat({ max: 3 }) }), { maxLength: 12 });
  const delays = ordered ? fc.array(fc.double({ min: 0, max: WINDOW - 1, noNaN: true }), { minLength: count, maxLength: count }) : fc.constant(new Array<number>(count).fill(0));
  return fc.record({ delays, repeats, flushes: fc.array(fc.nat({ max: count }), { maxLength: 20 }) });
}

function reorder(frames: readonly unknown[], { delays, repeats }: Fault): unknown[] {
  const placed = frames.map((frame, i) => ({ frame, at: i + (delays[i] ?? 0) }));
  for (const { index, after } of repeats) placed.push({ frame: frames[index], at: index + after + 0.5 });
  return placed.sort((a, b) => a.at - b.at).map((p) => p.frame);
}

describe.each(Object.values(DIALECTS))('$id: delivery does not change the final state', (dialect) => {
  test('a recorded run delivered again, with the faults its transport allows, ends in the recorded state', () => {
    const frames = recorded.get(dialect.id) ?? [];
    expect(frames.length).toBeGreaterThan(20);
    const expected = deliver(dialect, frames);
    expect(expected.status).toBe('succeeded');
    expect([expected.gaps, expected.rejected]).toEqual([0, 0]);
    fc.assert(
      fc.property(faults(dialect, frames.length), (fault) => {
        expect(deliver(dialect, reorder(frames, fault), new Set(fault.flushes)).state).toEqual(expected.state);
      }),
      { numRuns: 60 },
    );
  });
});
