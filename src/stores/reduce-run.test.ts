import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { reduceRunBatch } from '@/stores/reduce-run';
import { initialRunState } from '@/stores/run-store';
import type { RunState } from '@/stores/run-types';

const NO_STATS = { frames: 0, duplicates: 0, rejected: 0, unknown: 0, gaps: 0, holes: 0 };

function apply(state: RunState, events: readonly RunEvent[], firstRow: number): RunState {
  const rows = events.map((_, i) => firstRow + i);
  return reduceRunBatch(state, { events, rows, log: { length: firstRow + events.length, firstRow: 0, revision: firstRow + events.length }, issues: [], stats: NO_STATS, atMs: 0 });
}

/** Applies `events` cut into batches at `cuts`; returns every state handed out, the last one last. */
function applyInBatches(events: readonly RunEvent[], cuts: readonly number[]): RunState[] {
  const bounds = [...new Set([0, ...cuts.filter((c) => c > 0 && c < events.length), events.length])].sort((a, b) => a - b);
  const states = [initialRunState({ runId: 'r', dialect: 'test', source: 'test' })];
  for (let i = 1; i < bounds.length; i++) {
    const from = bounds[i - 1] ?? 0;
    states.push(apply(states[states.length - 1] as RunState, events.slice(from, bounds[i]), from));
  }
  return states;
}

const gateEvent = fc.oneof(
  fc.record({ gate: fc.integer({ min: 0, max: 5 }), node: fc.integer({ min: 0, max: 2 }) }).map(
    ({ gate, node }): RunEvent => ({ type: 'gate.opened', gateId: `g${gate}`, nodeId: `n${node}`, kind: 'approval', message: `gate ${gate}?`, options: [], atMs: 1 }),
  ),
  fc.record({ gate: fc.integer({ min: 0, max: 5 }), cause: fc.constantFrom('decision', 'timeout', 'cancelled') }).map(
    ({ gate, cause }): RunEvent => ({ type: 'gate.resolved', gateId: `g${gate}`, decision: 'approved', cause: cause as 'decision' }),
  ),
  fc.constant<RunEvent>({ type: 'node.started', nodeId: 'n0', atMs: 1 }),
  fc.constant<RunEvent>({ type: 'run.cancelled' }),
);

describe('reduceRunBatch: gates', () => {
  test('a batch of many gate events ends where one event per batch ends, counts its open gates, and never changes a state handed out before', () => {
    fc.assert(
      fc.property(fc.array(gateEvent, { maxLength: 40 }), fc.array(fc.nat({ max: 40 }), { maxLength: 8 }), (events, cuts) => {
        const oneByOne = applyInBatches(events, events.map((_, i) => i));
        const batched = applyInBatches(events, cuts);
        const handedOut = batched.map((state) => structuredClone(state));
        const last = (states: RunState[]) => states[states.length - 1] as RunState;
        const { gates, gateOrder, status } = last(batched);
        expect({ gates, gateOrder, status }).toEqual({ gates: last(oneByOne).gates, gateOrder: last(oneByOne).gateOrder, status: last(oneByOne).status });
        for (const state of batched) expect(state.openGates).toBe(Object.values(state.gates).filter((g) => g.status === 'open').length);
        // Later batches copy what they change: every state handed out still reads as it did.
        apply(last(batched), events, events.length);
        expect(batched.map((state) => structuredClone(state))).toEqual(handedOut);
      }),
      { numRuns: 300 },
    );
  });

  test('a gate opened twice is listed once, and the run waits while any gate is open', () => {
    const open = (gateId: string): RunEvent => ({ type: 'gate.opened', gateId, kind: 'approval', message: 'ok?', options: [], atMs: 1 });
    const resolve = (gateId: string): RunEvent => ({ type: 'gate.resolved', gateId, decision: 'approved' });
    const started = apply(initialRunState({ runId: 'r', dialect: 'test', source: 'test' }), [{ type: 'run.started', atMs: 0 }], 0);
    const waiting = apply(started, [open('a'), open('b'), open('a')], 1);
    expect(waiting.gateOrder).toEqual(['a', 'b']);
    expect(waiting.status).toBe('waiting');
    expect(apply(waiting, [resolve('a')], 4).status).toBe('waiting');
    expect(apply(waiting, [resolve('a'), resolve('b')], 4).status).toBe('running');
  });
});

describe('reduceRunBatch: a run the backend does not know', () => {
  const lookup: RunEvent = { type: 'run.unknown', reason: 'GET /api/v1/tasks/{id} answered HTTP 404 (Task not found)' };
  const stream: RunEvent = { type: 'run.unknown', reason: 'Shannon’s stream says “Workflow not found”' };

  test('every source that said so stays in the reason, each once, whichever came first', () => {
    // The task lookup answers at once; the stream says so 30 s later, and again on each reconnect.
    for (const order of [[lookup, stream, stream], [stream, lookup, stream]]) {
      const [state] = applyInBatches(order, [1, 2]).slice(-1);
      expect(state?.unknown).toContain('HTTP 404 (Task not found)');
      expect(state?.unknown).toContain('“Workflow not found”');
      expect(state?.unknown?.split('Workflow not found').length).toBe(2);
    }
  });

  test('a run that already did something is not unknown', () => {
    const [state] = applyInBatches([{ type: 'node.started', nodeId: 'a', atMs: 1 }, lookup], []).slice(-1);
    expect(state?.unknown).toBeUndefined();
  });
});
