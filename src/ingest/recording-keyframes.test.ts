/**
 * Keyframes read into snapshots, on a hand-made recording small enough to read: node-state
 * patches go into the node map, the map's counts by status follow them, a snapshot kept
 * whole is never changed by the patches after it, a patch that gives the node states whole
 * (none of our exports writes one, but the format allows it) applies, and one that removes a
 * node is refused as the schema says. Whole recordings,
 * every protocol's, are held to their plain twins in tests/integration/replay-keyframes.test.ts.
 */
import { describe, expect, test } from 'vitest';

import { KeyframeInvalid } from '@/protocol/keyframe-patch';

import { decodeKeyframes, readKeyframeIndex, type KeyframeIndex } from '@/ingest/recording-keyframes';
import { RecordingLines } from '@/ingest/recording-lines';
import { fullState } from '@/ingest/replay-snapshots';
import { emptyNodeMap, nodeRecord, type NodeMap } from '@/stores/node-map';
import { createRunStore } from '@/stores/run-store';

const log = { length: 0, revision: 0, open: [] };
const keyframe = (position: number, byId?: unknown) => JSON.stringify({ keyframe: { position, ...(byId === undefined ? {} : { byId }), log } });

/** Keyframes every 10 frames of 40: at 0, 10, …, 40, then the end (40). The first and the fifth are kept whole, the others rebuilt. */
const KEYFRAMES = [
  keyframe(0, { o: { a: { v: { status: 'running', attempt: 1 } }, b: { v: { status: 'running', attempt: 1 } } } }),
  keyframe(10, { o: { a: { o: { status: { v: 'succeeded' } } }, b: { o: { status: { v: 'failed' } } } } }),
  // a changes again before the next snapshot kept whole.
  keyframe(20, { o: { a: { o: { status: { v: 'retrying' }, attempt: { v: 2 } } } } }),
  // The node states whole: b is gone.
  keyframe(30, { v: { a: { status: 'succeeded', attempt: 2 }, c: { status: 'failed', attempt: 1 } } }),
  keyframe(40, { o: { c: { o: { status: { v: 'retrying' } } } } }),
  keyframe(40),
];

async function decode(keyframes = KEYFRAMES) {
  const text = [JSON.stringify({ runboard: 1, dialect: 'relavium', transport: 'sse', source: 'test', startedAt: '2026-01-01T00:00:00.000Z' }), ...keyframes, JSON.stringify({ keyframes: { version: 1, every: 10, count: 6, frames: 40, firstLine: 1 } })].join('\n');
  const lines = RecordingLines.fromText(`${text}\n`);
  const index = readKeyframeIndex(lines) as KeyframeIndex;
  expect(index).toBeDefined();
  const base = { run: fullState(createRunStore({ runId: 'r', dialect: 'relavium', source: 'test' })), byId: emptyNodeMap() };
  const slice = { due: () => false, yield: async () => undefined };
  return decodeKeyframes(lines, index, base, { total: 40, every: 10, logLength: 0, logRevision: 0 }, slice);
}

const statuses = (map: NodeMap) => Object.fromEntries(Object.entries(nodeRecord(map)).map(([id, state]) => [id, `${state.status} ${state.attempt}`]));
const counted = (map: NodeMap) => Object.fromEntries(Object.entries(map.counts).filter(([, n]) => n > 0));

describe('decodeKeyframes', () => {
  test('each snapshot holds the node states its patches make, counted by status', async () => {
    const { snapshots, end } = await decode();
    const at = (i: number) => snapshots.at(i)?.byId as NodeMap;
    expect(statuses(at(0))).toEqual({ a: 'running 1', b: 'running 1' });
    expect(counted(at(0))).toEqual({ running: 2 });
    // Rebuilt from the first.
    expect(statuses(at(1))).toEqual({ a: 'succeeded 1', b: 'failed 1' });
    expect(counted(at(1))).toEqual({ succeeded: 1, failed: 1 });
    expect(statuses(at(2))).toEqual({ a: 'retrying 2', b: 'failed 1' });
    expect(counted(at(2))).toEqual({ retrying: 1, failed: 1 });
    // Through the patch that gives them whole.
    expect(statuses(at(3))).toEqual({ a: 'succeeded 2', c: 'failed 1' });
    expect(counted(at(3))).toEqual({ succeeded: 1, failed: 1 });
    expect(statuses(at(4))).toEqual({ a: 'succeeded 2', c: 'retrying 1' });
    expect(counted(at(4))).toEqual({ succeeded: 1, retrying: 1 });
    expect(statuses(end.byId)).toEqual(statuses(at(4)));
    expect(end.byId).toBe(at(4));
  });

  test('a patch that removes a node is refused: the node states have no "none"', async () => {
    const removing = [...KEYFRAMES];
    removing[1] = keyframe(10, { o: { a: { o: { status: { v: 'succeeded' } } } }, d: ['b'] });
    await expect(decode(removing)).rejects.toThrow(KeyframeInvalid);
    await expect(decode(removing)).rejects.toThrow(/byId: cannot remove b/);
  });

  test('a snapshot kept whole is the same after the snapshots after it are rebuilt', async () => {
    const { snapshots } = await decode();
    const first = snapshots.at(0)?.byId as NodeMap;
    const before = structuredClone(nodeRecord(first));
    snapshots.at(3);
    snapshots.at(2);
    snapshots.at(1);
    expect(snapshots.at(0)?.byId).toBe(first);
    expect(nodeRecord(first)).toEqual(before);
    expect(counted(first)).toEqual({ running: 2 });
    expect(statuses(snapshots.at(1)?.byId as NodeMap)).toEqual({ a: 'succeeded 1', b: 'failed 1' });
  });
});
