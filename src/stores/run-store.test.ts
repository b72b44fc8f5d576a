import { describe, expect, test } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { reduceRunBatch, type RunBatch } from '@/stores/reduce-run';
import { createRunStore, initialRunState } from '@/stores/run-store';

const NO_STATS = { frames: 0, duplicates: 0, rejected: 0, unknown: 0, gaps: 0, holes: 0 };

function batchOf(events: readonly RunEvent[], first: number): RunBatch {
  return { events, rows: events.map((_, i) => first + i), log: { length: first + events.length, firstRow: 0, revision: first + events.length }, issues: [], stats: { ...NO_STATS, frames: events.length }, atMs: 0 };
}

const BATCHES: RunEvent[][] = [
  [{ type: 'run.started', atMs: 1 }, { type: 'node.started', nodeId: 'a', atMs: 2 }],
  [{ type: 'node.output', nodeId: 'a', delta: 'hello ' }, { type: 'node.output', nodeId: 'a', delta: 'world' }],
  [{ type: 'cost.recorded', nodeId: 'a', micros: 5, currency: 'USD' }, { type: 'node.completed', nodeId: 'a', atMs: 3 }],
];

describe('run store applyBatch', () => {
  test('the store holds what the reducer gives, with its actions, batch after batch', () => {
    const store = createRunStore({ runId: 'r', dialect: 'test', source: 'test' });
    const actions = store.getState().actions;
    let expected = initialRunState({ runId: 'r', dialect: 'test', source: 'test' });
    let first = 0;
    for (const events of BATCHES) {
      const before = store.getState();
      store.getState().actions.applyBatch(batchOf(events, first));
      expected = reduceRunBatch(expected, batchOf(events, first));
      first += events.length;
      const { actions: now, ...state } = store.getState();
      expect(now).toBe(actions);
      expect(state).toEqual(expected);
      expect(store.getState()).not.toBe(before);
    }
    store.getState().actions.setConnection({ status: 'live' });
    expect(store.getState().connection.state).toEqual({ status: 'live' });
    expect(store.getState().actions).toBe(actions);
  });

  test('a batch that changes nothing leaves the state object as it was (no one is woken)', () => {
    const store = createRunStore({ runId: 'r', dialect: 'test', source: 'test' });
    const before = store.getState();
    let woken = 0;
    store.subscribe(() => (woken += 1));
    store.getState().actions.applyBatch({ ...batchOf([], 0), log: { length: 0, firstRow: 0, revision: 0 } });
    expect(store.getState()).toBe(before);
    expect(woken).toBe(0);
  });
});
