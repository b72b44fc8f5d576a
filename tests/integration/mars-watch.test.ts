/**
 * MARS lets only the tab that started a run hold its socket (a second socket closes the
 * first, "Reconnection", and waits for a start frame of its own). These tests open the app's
 * live sessions against the simulator's real MARS server and check that everyone else
 * watches over REST — a second viewer from the start, the starter once its socket dropped —
 * that nobody steals or restarts the run, that repeated polls apply nothing twice, and that
 * the watchers reach the same final state as the socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createReplaySession } from '@/session';
import { fanOut } from '@/simulator/scenarios/scenarios';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { events, finalState, isOver, openMars, received, socketTraffic, suffix, ASKS_AT_STEPS } from './mars-support';
import { waitFor } from './wait-for';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

/** What a watching tab says in its status region, and why it has no controls (the words a person reads). */
const WATCH_DESCRIBE = 'watching over REST, every 3 s';
const SOCKET_ONLY = expect.stringMatching(/only on the socket of the tab that started the run/);

const FANOUT_TOKENS = fanOut.steps.reduce((sum, step) => sum + (step.op === 'cost' ? step.inputTokens + step.outputTokens : 0), 0);
const FANOUT_MICROS = fanOut.steps.reduce((sum, step) => sum + (step.op === 'cost' ? Math.round(step.usd * 1e6) : 0), 0);

describe('mars: a second viewer watches over REST', () => {
  it('never opens the socket, says it watches, leaves the starter running, and ends in the same state', async () => {
    const runId = `fanout~${suffix()}`;
    const starter = openMars(sim, runId, '[scenario:fanout] Market research');
    await waitFor(() => starter.session.run.getState().graph.order.length > 0, 'the run to start');
    const viewer = openMars(sim, runId);
    try {
      await waitFor(() => viewer.session.run.getState().connection.note, 'the viewer to say how it watches');
      expect(viewer.session.run.getState().connection.note).toBe(WATCH_DESCRIBE);
      await waitFor(() => isOver(starter.session) && isOver(viewer.session), 'both tabs to see the end', 20_000);
      // One socket for the task, the starter's, whose first and only frame started the run.
      expect(socketTraffic(sim, runId)).toEqual(['connection', 'start']);
      expect(starter.session.run.getState().connection.note).toBeUndefined();
      const expected = finalState(starter.session);
      expect(expected).toMatchObject({ status: 'succeeded', micros: FANOUT_MICROS, tokens: FANOUT_TOKENS });
      expect(finalState(viewer.session)).toEqual(expected);
      expect(viewer.session.run.getState().stats.rejected).toBe(0);
      // The watch's recording (its REST answers as frames) replays to the same state, its header's run id or not.
      const text = viewer.session.exportRecording();
      for (const recording of [text, text.replace(/,"runId":"[^"]*"/, '')]) {
        const replay = await createReplaySession({ recording });
        expect(replay.problems).toEqual([]);
        replay.cursor.seek(replay.timeline.total);
        expect(finalState(replay.session)).toEqual(expected);
      }
    } finally {
      starter.close();
      viewer.close();
    }
  });

  it('applies nothing twice however often it polls: each tool call, console line and cost once', async () => {
    const runId = `fanout~${suffix()}`;
    const starter = openMars(sim, runId, '[scenario:fanout] Market research');
    const viewer = openMars(sim, runId);
    try {
      await waitFor(() => isOver(viewer.session), 'the viewer to see the end', 20_000);
      const record = [...sim.runs.keys()].includes(`mars:${runId}`);
      expect(record).toBe(true);
      const seen = events(viewer.session);
      const tools = seen.filter((e) => e.type === 'tool.called').length;
      expect(tools).toBe(fanOut.steps.filter((s) => s.op === 'tool').length);
      const consoleRows = seen.filter((e) => e.type === 'log' && e.source === 'console').length;
      expect(consoleRows).toBe(events(starter.session).filter((e) => e.type === 'log' && e.source === 'console').length + 2); // + the log's own start and end lines
      const statusMoves = seen.filter((e) => e.type === 'node.status').map((e) => (e.type === 'node.status' ? `${e.nodeId}:${e.status}` : ''));
      expect(new Set(statusMoves).size).toBe(statusMoves.length);
      expect(viewer.session.run.getState().cost.totalMicros).toBe(FANOUT_MICROS);
    } finally {
      starter.close();
      viewer.close();
    }
  });

  it('offers no controls and no answers, with the reason, instead of a button that fails', async () => {
    const runId = `gate~${suffix()}`;
    const starter = openMars(sim, runId, '[scenario:gate] Deploy release 2.4', ASKS_AT_STEPS);
    await waitFor(() => starter.session.run.getState().gateOrder.length > 0, 'the approval');
    const viewer = openMars(sim, runId);
    try {
      await waitFor(() => viewer.session.run.getState().connection.state.status === 'live', 'the viewer to watch');
      expect(viewer.session.run.getState().connection.commandsUnavailable).toEqual(SOCKET_ONLY);
      const before = sim.received.length;
      await expect(viewer.session.control('cancel', undefined, { message: 'cancel' })).resolves.toEqual({ ok: false, reason: SOCKET_ONLY });
      const gate = { gateId: 'gate-deploy', kind: 'approval' as const, runId };
      await expect(viewer.session.answerGate(gate, { option: { value: 'approve', label: 'Approve' }, decidedBy: 'me' }, { message: 'approve' })).resolves.toEqual({ ok: false, reason: SOCKET_ONLY });
      expect(sim.received.length).toBe(before);
      expect(starter.session.run.getState().connection.commandsUnavailable).toBeUndefined();
    } finally {
      starter.close();
      viewer.close();
    }
  });

  it('sees a cancel made in the starting tab as cancelled (the run status from the MARS session)', async () => {
    const runId = `cancel~${suffix()}`;
    const starter = openMars(sim, runId, '[scenario:cancel] Crawl');
    const viewer = openMars(sim, runId);
    try {
      await waitFor(() => events(starter.session).some((e) => e.type === 'node.started'), 'the crawl to start');
      await starter.session.control('cancel', 'enough', { message: 'cancel' });
      await waitFor(() => isOver(viewer.session), 'the viewer to see the end', 20_000);
      expect(viewer.session.run.getState().status).toBe('cancelled');
      expect(starter.session.run.getState().status).toBe('cancelled');
    } finally {
      starter.close();
      viewer.close();
    }
  });
});

describe('mars: the starter whose socket drops', () => {
  it('switches to watching over REST, never resends {task} nor reopens the socket, and reaches the end', async () => {
    const runId = `fanout~${suffix()}`;
    const clean = openMars(sim, `fanout~${suffix()}`, '[scenario:fanout] Market research');
    const starter = openMars(sim, runId, '[scenario:fanout] Market research');
    try {
      await waitFor(() => events(starter.session).some((e) => e.type === 'node.started' && e.nodeId === 'r1'), 'the fan-out to start');
      sim.dropConnections();
      await waitFor(() => starter.session.run.getState().connection.note, 'the starter to watch');
      expect(starter.session.run.getState().connection.note).toBe(WATCH_DESCRIBE);
      await waitFor(() => isOver(starter.session) && isOver(clean.session), 'the end', 20_000);
      expect(received(sim, runId, 'start')).toHaveLength(1);
      expect(received(sim, runId, 'connection')).toHaveLength(1);
      expect(received(sim, runId, 'first-frame-not-task')).toHaveLength(0);
      expect(finalState(starter.session)).toEqual(finalState(clean.session));
    } finally {
      clean.close();
      starter.close();
    }
  });

  it('turns an approval still open into one it cannot answer, saying why', async () => {
    const runId = `gate~${suffix()}`;
    const starter = openMars(sim, runId, '[scenario:gate] Deploy release 2.4', ASKS_AT_STEPS);
    try {
      await waitFor(() => starter.session.run.getState().gates['gate-deploy']?.answerable, 'the approval');
      sim.dropConnections();
      await waitFor(() => starter.session.run.getState().gates['gate-deploy']?.answerable === false, 'the approval to turn unanswerable');
      expect(starter.session.run.getState().gates['gate-deploy']).toMatchObject({ status: 'open', unanswerableReason: SOCKET_ONLY });
      expect(starter.session.run.getState().connection.commandsUnavailable).toEqual(SOCKET_ONLY);
    } finally {
      starter.close();
    }
  });
});

describe('mars: a run nobody here started', () => {
  it('is watched over REST to its end, as the console opens a run it lists (a seeded run of the simulator)', async () => {
    const seeded = await startSimulator({ port: 0, timeScale: 0.05, seedRuns: true });
    const viewer = openMars(seeded, 'fanout~demo-done');
    try {
      await waitFor(() => isOver(viewer.session), 'the seeded run to be seen ending', 20_000);
      expect(finalState(viewer.session)).toMatchObject({ status: 'succeeded', micros: FANOUT_MICROS, tokens: FANOUT_TOKENS });
      expect(viewer.session.run.getState().title).toBe('Market research report');
      expect(received(seeded, 'fanout~demo-done', 'connection')).toEqual([]);
    } finally {
      viewer.close();
      await seeded.close();
    }
  });
});
