import { describe, expect, test } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { reduceRunBatch } from '@/stores/reduce-run';
import { initialRunState } from '@/stores/run-store';
import type { RunState } from '@/stores/run-types';

import { ReplaySnapshots, type ReplaySnapshot } from '@/ingest/replay-snapshots';
import { emptyNodeMap } from '@/stores/node-map';

const NO_STATS = { frames: 0, duplicates: 0, rejected: 0, unknown: 0, gaps: 0, holes: 0 };
const CHECKPOINT = { length: 0, revision: 0, open: [] };

/**
 * Step k of a run whose every growing array grows: a node and an edge (graph order and
 * edges), a cost point, a gate, and a chapter, which closes the one before it: an
 * element of `chapters` is replaced, not only appended.
 */
function eventsOf(k: number): RunEvent[] {
  const events: RunEvent[] = [
    { type: 'graph.defined', nodes: [{ id: `n${k}`, label: `Node ${k}` }], edges: k > 0 ? [{ source: `n${k - 1}`, target: `n${k}` }] : [], atMs: k },
    { type: 'cost.recorded', nodeId: `n${k}`, micros: 10 + k, currency: 'USD', inputTokens: k, atMs: k },
    { type: 'gate.opened', gateId: `g${k}`, nodeId: `n${k}`, kind: 'approval', message: `step ${k}?`, options: [], atMs: k },
    { type: 'chapter.started', chapterId: `c${k}`, title: `Chapter ${k}`, atMs: k },
  ];
  return events;
}

/** The state after each of `steps` steps (one batch per step, as the loader applies them). */
function statesOf(steps: number): RunState[] {
  const states: RunState[] = [];
  let state = reduceRunBatch(initialRunState({ runId: 'r', dialect: 'test', source: 'test' }), batchOf([{ type: 'run.started', atMs: 0 }], 0));
  let rows = 1;
  for (let k = 0; k < steps; k++) {
    const events = eventsOf(k);
    state = reduceRunBatch(state, batchOf(events, rows));
    rows += events.length;
    states.push(state);
  }
  return states;
}

function batchOf(events: readonly RunEvent[], firstRow: number) {
  const rows = events.map((_, i) => firstRow + i);
  return { events, rows, log: { length: firstRow + events.length, firstRow: 0, revision: firstRow + events.length }, issues: [], stats: NO_STATS, atMs: 0 };
}

const snapshotOf = (run: RunState, index: number): ReplaySnapshot => ({ position: index * 10, run, checkpoint: CHECKPOINT, byId: emptyNodeMap() });

describe('ReplaySnapshots', () => {
  // 60 snapshots: three keyframes of 16, the rest pending until finish; arrays grow past SHARE_FROM (32) from snapshot 31.
  const states = statesOf(60);
  const captured = states.map((state) => structuredClone(state));

  test('every restored snapshot deep-equals the state captured, before and after the last ones are shared', () => {
    const snapshots = new ReplaySnapshots(10);
    states.forEach((state, i) => snapshots.add(snapshotOf(state, i)));
    expect(snapshots.length).toBe(states.length);
    for (let i = 0; i < states.length; i++) expect(snapshots.at(i)?.run).toEqual(captured[i]);
    snapshots.finish(states[states.length - 1] as RunState);
    for (let i = 0; i < states.length; i++) expect(snapshots.at(i)).toEqual(snapshotOf(captured[i] as RunState, i));
    expect(snapshots.at(states.length)).toBeUndefined();
  });

  test('snapshots between keyframes are kept as a prefix of the keyframe: their growing arrays are the keyframe’s elements', () => {
    const snapshots = new ReplaySnapshots(10);
    states.forEach((state, i) => snapshots.add(snapshotOf(state, i)));
    snapshots.finish(states[states.length - 1] as RunState);
    // Snapshot 40 is stored against the keyframe at 47 (the 48th snapshot): its cost points are that keyframe's, restored.
    const restored = snapshots.at(40)?.run;
    const keyframe = states[47] as RunState;
    expect(restored?.cost.points.length).toBe(41);
    restored?.cost.points.forEach((point, i) => expect(point).toBe(keyframe.cost.points[i]));
    expect(restored?.graph).toEqual(captured[40]?.graph);
    // the chapter the keyframe has closed since is not taken from it: the restored one is still open
    expect(restored?.chapters.at(-1)?.status).toBe('open');
    expect(keyframe.chapters[40]?.status).toBe('completed');
    expect(restored?.chapters).toEqual(captured[40]?.chapters);
  });

  test('the last snapshot replaced (the stream settled at the end) restores as the replacement', () => {
    for (const count of [16, 17, 32, 40, 60]) {
      const snapshots = new ReplaySnapshots(10);
      states.slice(0, count).forEach((state, i) => snapshots.add(snapshotOf(state, i)));
      const settled = reduceRunBatch(states[count - 1] as RunState, batchOf([{ type: 'run.completed', atMs: 99 }], 10_000));
      snapshots.replaceLast(snapshotOf(settled, count - 1));
      snapshots.finish(settled);
      expect(snapshots.length).toBe(count);
      expect(snapshots.at(count - 1)?.run).toEqual(structuredClone(settled));
      for (let i = 0; i < count - 1; i++) expect(snapshots.at(i)?.run).toEqual(captured[i]);
    }
  });
});
