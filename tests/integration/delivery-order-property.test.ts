/**
 * Issue 6, "the final state is the same whatever the delivery order": a relavium fanout
 * run is recorded live from the simulator once, then fast-check delivers its frames again
 * through a fresh ingest (real stores, replay clock) with random duplicates and reorders
 * bounded by the sequencer's window; every delivery must end in the recorded order's state,
 * with no event applied twice.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';

import { createLiveSession } from '@/app/create-live-session';
import { createIngest } from '@/ingest/create-ingest';
import { FrameLog } from '@/ingest/frame-log';
import { flushNow } from '@/ingest/frame-scheduler';
import { DIALECTS } from '@/protocol/dialects';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import { createNodeStatusStore } from '@/stores/node-status-store';
import { createRunStore } from '@/stores/run-store';

import { waitFor } from './wait-for';

const dialect = DIALECTS.relavium;
const RUN_ID = 'fanout~order-property';
/** The sequencer's reorder window: a frame delivered up to this many places late is put back. */
const WINDOW = 5;

let sim: SimulatorHandle;
let recorded: unknown[] = [];

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.1 });
  const live = createLiveSession({ dialect, params: { baseUrl: sim.url, runId: RUN_ID }, schedule: flushNow, WebSocketImpl: WebSocket as never });
  try {
    await waitFor(() => (live.session.run.getState().status === 'succeeded' ? true : undefined), 'the recorded run to finish');
    recorded = live.session
      .exportRecording()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { frame?: unknown })
      .flatMap((entry) => (entry.frame === undefined ? [] : [entry.frame]));
  } finally {
    live.close();
  }
});
afterAll(async () => {
  await sim.close();
});

/** Feeds frames to a fresh ingest and folds the final state into comparable text. */
function deliver(frames: readonly unknown[]) {
  const run = createRunStore({ runId: RUN_ID, dialect: dialect.id, source: 'property' });
  const nodeStatus = createNodeStatusStore();
  const log = new FrameLog({ runboard: 1, dialect: dialect.id, transport: 'sse', source: 'property', startedAt: new Date(0).toISOString() }, 0);
  const ingest = createIngest({ dialect, run, nodeStatus, frames: log, schedule: flushNow, runId: RUN_ID, manualExpiry: true });
  for (const frame of frames) ingest.acceptFrame(frame);
  ingest.flushNow();
  const state = run.getState();
  const keys: string[] = [];
  for (let i = 0; i < state.log.length; i++) {
    const event = state.log.at(i)?.event;
    if (event?.key !== undefined) keys.push(`${event.key}|${event.type}`);
  }
  const nodes = Object.entries(nodeStatus.getState().byId).map(([id, n]) => `${id}:${n.status}@${n.attempt}:${n.costMicros}`);
  return { status: state.status, cost: state.cost.totalMicros, nodes: nodes.sort(), keys: keys.sort(), gaps: state.stats.gaps };
}

/** Each frame moves later by less than WINDOW places; some frames come twice, shortly after. */
const delivery = (count: number) =>
  fc.record({
    delays: fc.array(fc.double({ min: 0, max: WINDOW - 1, noNaN: true }), { minLength: count, maxLength: count }),
    repeats: fc.array(fc.record({ index: fc.nat({ max: count - 1 }), after: fc.nat({ max: 3 }) }), { maxLength: 12 }),
  });

describe('relavium: delivery order does not change the final state', () => {
  test('a recorded run with random duplicates and bounded reorders ends in the recorded state', () => {
    expect(recorded.length).toBeGreaterThan(30);
    const expected = deliver(recorded);
    expect(expected.status).toBe('succeeded');
    expect(expected.gaps).toBe(0);
    expect(new Set(expected.keys).size).toBe(expected.keys.length);
    fc.assert(
      fc.property(delivery(recorded.length), ({ delays, repeats }) => {
        const placed = recorded.map((frame, i) => ({ frame, at: i + (delays[i] ?? 0) }));
        for (const { index, after } of repeats) placed.push({ frame: recorded[index], at: index + after + 0.5 });
        placed.sort((a, b) => a.at - b.at);
        expect(deliver(placed.map((p) => p.frame))).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
