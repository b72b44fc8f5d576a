/**
 * myagent end to end, as the real server behaves (tests/fixtures/myagent/SOURCE.txt): the
 * simulator's real WebSocket server (coalesced partial answers that leave seq holes,
 * a run cancelled when its socket closes, the real state export and replay), the real
 * WebSocket transport (`ws`) and the app's own live session (createLiveSession).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';

import { createLiveSession, type LiveSession, paintAtOnce } from '@/session';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { myagentDialect } from '@/protocol/myagent/myagent-dialect';
import type { RunEvent } from '@/protocol/run-event';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { waitFor } from './wait-for';
import { nodeRecord } from '@/stores/node-map';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);
let clients = 0;

/** A live session that starts a run with `start`, as the start page's "Start run" does. */
function startRun(start: string): LiveSession {
  return createLiveSession({ dialect: myagentDialect, params: { baseUrl: simulatorBackendUrl(myagentDialect, sim.url), runId: `new-${++clients}` }, start, schedule: paintAtOnce, WebSocketImpl: WebSocket as never });
}

const finished = (live: LiveSession) => waitFor(() => (TERMINAL.has(live.session.run.getState().status) ? live.session.run.getState() : undefined), 'the run to end');

function events(live: LiveSession): RunEvent[] {
  const { log } = live.session;
  return Array.from({ length: log.length }, (_, i) => log.at(i)?.event).filter((e): e is RunEvent => e !== undefined);
}

const received = (sessionId: unknown) => sim.received.filter((c) => c.dialect === 'myagent' && (c.runId.endsWith(String(sessionId)) || c.runId === sessionId));

// 0.0021 (plan) + six researchers 0.0034..0.0039 + 0.0065 (write), in micros.
const FANOUT_MICROS = 2100 + [3400, 3500, 3600, 3700, 3800, 3900].reduce((a, b) => a + b, 0) + 6500;

describe('myagent over a server that behaves like the real one', () => {
  test('a run whose partial answers are coalesced (seq holes) completes on ONE connection: holes are noted, nothing reconnects', async () => {
    const live = startRun('fanout: research the market');
    const state = await finished(live);
    expect(state.status).toBe('succeeded');
    const nodes = nodeRecord(live.session.nodeStatus.getState().byId);
    expect(['plan', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'write'].map((id) => nodes[id]?.status)).toEqual(Array(8).fill('succeeded'));
    expect(state.cost.totalMicros).toBe(FANOUT_MICROS);
    expect(state.graph.edges).toContainEqual({ source: 'r3', target: 'write' });
    expect(state.chapters.map((c) => c.id)).toEqual(['plan', 'solve', 'aggregate']);
    // The server coalesced partial answers: seq holes, counted for diagnostics, never a reason to reconnect.
    expect(state.stats.holes).toBeGreaterThan(0);
    expect(state.stats.gaps).toBe(0);
    expect(state.issues).toEqual([]);
    expect(live.session.exportRecording()).not.toContain('"connection":');
    const sessionId = live.session.runId;
    expect(received(sessionId).map((c) => c.kind)).toEqual(['user.create_session', 'user.message', 'user.request_state']);
    live.close();
  });

  test("a plain agent's run ends with its final answer", async () => {
    const live = startRun('[scenario:chat] What is the capital of France?');
    const state = await finished(live);
    expect(state.status).toBe('succeeded');
    expect(events(live)).toContainEqual(expect.objectContaining({ type: 'run.completed', output: expect.stringContaining('Paris') }));
    live.close();
  });

  test("a run started with a scenario's title (the start page's one click) tells that story", async () => {
    const live = startRun('Human approval');
    const gate = await waitFor(() => Object.values(live.session.run.getState().gates)[0], 'the plan confirmation');
    expect(gate.status).toBe('open');
    live.close();
  });

  test('a declined plan ends the run cancelled, with the gate shown rejected', async () => {
    const live = startRun('gate [scenario:gate] deploy 2.4');
    const gate = await waitFor(() => Object.values(live.session.run.getState().gates)[0], 'the plan confirmation');
    const reject = gate.options.find((o) => o.tone === 'reject')!;
    expect(await live.session.answerGate({ gateId: gate.gateId, kind: gate.kind, runId: live.session.runId }, { option: reject, decidedBy: 'reviewer' }, { message: 'reviewer declined' })).toEqual({ ok: true });
    const state = await finished(live);
    expect(state.status).toBe('cancelled');
    expect(state.gates[gate.gateId]).toMatchObject({ status: 'resolved', resolution: { decision: 'rejected' } });
    expect(events(live)).toContainEqual(expect.objectContaining({ type: 'run.cancelled', reason: 'Plan was declined by user.' }));
    const responses = received(live.session.runId).filter((c) => c.kind === 'user.response');
    expect(responses.map((c) => c.body)).toEqual([expect.objectContaining({ step_id: gate.gateId, content: expect.objectContaining({ confirmed: false }) })]);
    live.close();
  });

  test('an answer that could not be sent (the socket is gone) leaves the gate open: our own answer counts only once it went out', async () => {
    const live = startRun('gate [scenario:gate] deploy 2.5');
    const gate = await waitFor(() => Object.values(live.session.run.getState().gates)[0], 'the plan confirmation');
    sim.dropConnections();
    await waitFor(() => live.session.run.getState().connection.state.status !== 'live' || undefined, 'the socket to drop');
    const approve = gate.options.find((o) => o.tone === 'approve')!;
    const result = await live.session.answerGate({ gateId: gate.gateId, kind: gate.kind, runId: live.session.runId }, { option: approve, decidedBy: 'reviewer' }, { message: 'reviewer approved' });
    expect(result.ok).toBe(false);
    expect(live.session.run.getState().gates[gate.gateId]?.status).toBe('open');
    expect(live.session.exportRecording()).not.toContain('"user.response"');
    live.close();
  });

  test('a fatal error ("Execution error: …" after the retries) ends the run failed', async () => {
    const live = startRun('retry [scenario:retry] nightly sync');
    const state = await finished(live);
    expect(state.status).toBe('failed');
    expect(state.error?.message).toMatch(/^Execution error: /);
    live.close();
  });

  test('a run started as user.solve_tasks ends once every task it named has finished (the server sends no end event)', async () => {
    const live = startRun(JSON.stringify([{ id: 'a', title: 'Slide A' }, { id: 'b', title: 'Slide B' }, { id: 'c', title: 'Slide C' }]));
    const state = await finished(live);
    expect(state.status).toBe('succeeded');
    expect(Object.keys(state.graph.nodes).sort()).toEqual(['a', 'b', 'c']);
    expect(received(live.session.runId).map((c) => c.kind)).toContain('user.solve_tasks');
    live.close();
  });

  test('a dropped connection: the server cancels the run; reconnect_with_state replays what was missed, and the run shows cancelled, saying why', async () => {
    const live = startRun('fanout again');
    const signed = await waitFor(() => (live.session.run.getState().status === 'running' ? exportedState(live) : undefined), 'the exported state');
    await waitFor(() => nodeRecord(live.session.nodeStatus.getState().byId).r1?.status === 'running', 'researchers running');
    const sessionBefore = live.session.runId;
    sim.dropConnections();
    const state = await finished(live);
    expect(state.status).toBe('cancelled');
    expect(events(live)).toContainEqual(expect.objectContaining({ type: 'run.cancelled', reason: expect.stringContaining("myagent cancels a session's run when its socket closes") }));
    const reconnects = sim.received.filter((c) => c.kind === 'user.reconnect_with_state' && (c.body as { session_id?: unknown }).session_id === sessionBefore);
    expect(reconnects).toHaveLength(1);
    const body = reconnects[0]?.body as { signed_state?: { signature?: unknown }; content?: { last_seq?: unknown } };
    // The real token went to the server; the recording holds it redacted only.
    expect(signed).toBe('[redacted]');
    expect(typeof body.signed_state?.signature).toBe('string');
    expect(live.session.exportRecording()).not.toContain(String(body.signed_state?.signature));
    expect(typeof body.content?.last_seq).toBe('number');
    // The simulator's run was cancelled by the disconnect, as the real server's is.
    expect(sim.runs.get(`myagent:fanout~${sessionBefore}`)?.phase).toBe('finished');
    live.close();
  });
});

/** The signed state the server exported to this session, as the recording keeps it (redacted). */
function exportedState(live: LiveSession): unknown {
  let signed: unknown;
  for (let i = 0; live.session.frameAt(i) !== undefined; i++) {
    const frame = live.session.frameAt(i) as { event?: string; metadata?: { signed_state?: unknown } };
    if (frame.event === 'agent.state_exported') signed = frame.metadata?.signed_state;
  }
  return signed;
}
