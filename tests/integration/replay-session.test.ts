/**
 * Replay end to end: a live simulator run recorded by the app's own session, exported,
 * parsed and replayed reaches the same final state; and any position reached by seeking
 * (forwards or backwards, across snapshots) equals the state reached by playing to it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createReplaySession, type ReplaySession } from '@/session';
import { DIALECTS } from '@/protocol/dialects';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import type { RunSession } from '@/stores/run-session';

import { recordRun } from '../../scripts/record-run';
import { nodeRecord } from '@/stores/node-map';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

async function replayOf(text: string): Promise<ReplaySession> {
  const replay = await createReplaySession({ recording: text });
  expect(replay.problems).toEqual([]);
  return replay;
}

/** What a person sees, as plain data: the run (log rows included) and every node's status. */
function visibleState(session: RunSession) {
  const { actions: _actions, connection: _connection, ...run } = session.run.getState();
  const rows = Array.from({ length: run.logLength }, (_, i) => session.log.at(i));
  return { run, rows, byId: nodeRecord(session.nodeStatus.getState().byId) };
}

function summary(session: RunSession) {
  const state = session.run.getState();
  return {
    status: state.status,
    nodes: Object.fromEntries(Object.entries(nodeRecord(session.nodeStatus.getState().byId)).map(([id, n]) => [id, n.status])),
    cost: state.cost.totalMicros,
    gates: state.gateOrder.map((id) => state.gates[id]?.status),
    chapters: state.chapters.map((c) => `${c.title}:${c.status}`),
    logLength: state.logLength,
  };
}

describe.each(Object.values(DIALECTS))('$id: record live, export, replay', (dialect) => {
  test.each(['fanout', 'gate'])('%s: the replay ends in the live final state', async (scenario) => {
    const { live, text } = await recordRun(sim, dialect, scenario, `replay-${dialect.id}`);
    const liveSummary = summary(live.session);
    live.close();
    expect(text).not.toContain('secret-token-must-not-leak');
    const replay = await replayOf(text);
    expect(replay.session.mode).toBe('replay');
    replay.cursor.seek(replay.timeline.total);
    expect(summary(replay.session)).toEqual(liveSummary);
    expect(liveSummary.status).toBe('succeeded');
    await expect(replay.session.control('cancel', undefined, { message: 'cancel' })).resolves.toEqual({ ok: false, reason: 'replay: nothing is sent' });
  });
});

const SAMPLES = readdirSync(resolve('public/recordings')).filter((f) => f.endsWith('.jsonl'));

describe.each(SAMPLES)('sample %s', (file) => {
  const text = readFileSync(resolve('public/recordings', file), 'utf8');

  test('seeking to a position gives the state that playing to it gives', async () => {
    const played = await replayOf(text);
    const seeker = await replayOf(text);
    const total = played.timeline.total;
    const every = played.timeline.snapshots.every;
    const wanted = new Set([0, 1, 5, every - 1, every, every + 1, 2 * every + 3, Math.floor(total / 2), total - 1, total].filter((p) => p >= 0 && p <= total));
    const atPosition = new Map<number, ReturnType<typeof visibleState>>();
    for (let p = 0; p <= total; p++) {
      played.cursor.seek(p);
      if (wanted.has(p)) atPosition.set(p, structuredClone(visibleState(played.session)));
    }
    // Jumps in both directions: end, start, middle, back, forward across snapshots.
    const order = [total, 0, ...[...wanted].reverse(), ...wanted, Math.floor(total / 2), 1, total];
    for (const p of order) {
      seeker.cursor.seek(p);
      expect(seeker.cursor.position).toBe(p);
      expect(visibleState(seeker.session), `position ${p} of ${total}`).toEqual(atPosition.get(p));
    }
  });

  test('a header with only the documented fields (no runId) replays the same run: the reader infers it from the frames', async () => {
    const [header, ...rest] = text.split('\n');
    const { runId, ...documented } = JSON.parse(header ?? '{}') as { runId?: string };
    expect(runId).toBeDefined();
    const withRunId = await replayOf(text);
    const without = await replayOf([JSON.stringify(documented), ...rest].join('\n'));
    withRunId.cursor.seek(withRunId.timeline.total);
    without.cursor.seek(without.timeline.total);
    // myagent's run is the session the server creates: the header held the client's id from before it existed.
    expect(without.session.runId).toEqual(file.startsWith('myagent') ? expect.stringMatching(/^sess-/) : runId);
    expect(summary(without.session)).toEqual(summary(withRunId.session));
  });

  test('the end of a replay equals the load pass through the live ingest', async () => {
    const replay = await replayOf(text);
    replay.cursor.seek(replay.timeline.total);
    const loaded = replay.timeline.loaded;
    const { actions: _a, ...loadedRun } = loaded.run.getState();
    const { actions: _b, ...replayRun } = replay.session.run.getState();
    expect(replayRun).toEqual(loadedRun);
    expect(nodeRecord(replay.session.nodeStatus.getState().byId)).toEqual(nodeRecord(loaded.byId()));
    expect(replay.session.run.getState().status).toBe('succeeded');
  });
});
