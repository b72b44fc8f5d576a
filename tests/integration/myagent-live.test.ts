/**
 * myagent end to end: the simulator's real WebSocket server, the real WebSocket transport
 * (the `ws` package in Node), the myagent dialect's commands and decoder, and the
 * sequencer, wired the way a live session wires them (onOpen commands, memo, epochs).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';

import { sendCommand } from '@/ingest/command-channel';
import { createIngest } from '@/ingest/create-ingest';
import type { OutboundCommand } from '@/protocol/dialect';
import { myagentDialect } from '@/protocol/myagent/myagent-dialect';
import type { RunEvent } from '@/protocol/run-event';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import { createWebSocketTransport } from '@/transport/websocket-transport';

import { waitFor } from './wait-for';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

const TERMINAL = new Set(['run.completed', 'run.failed', 'run.cancelled']);
let clients = 0;

/**
 * A minimal live session: transport → the ingest pipeline → events, without stores. The
 * session's memo and run start follow the dialect, as app/create-live-session.ts does.
 */
function openSession(start: string) {
  const runId = `live-${++clients}`;
  const plan = myagentDialect.connect({ baseUrl: `${sim.url.replace('http', 'ws')}/`, runId });
  if (plan.kind !== 'websocket') throw new Error('myagent must plan a WebSocket');
  const transport = createWebSocketTransport({ url: plan.url, WebSocketImpl: WebSocket as never, backoff: { baseMs: 20, capMs: 100 } });
  const controller = new AbortController();
  const memo: Record<string, unknown> = {};
  const state = { events: [] as RunEvent[], frames: [] as unknown[], rejected: [] as string[], duplicates: 0, gaps: 0, opens: 0 };
  const target = { baseUrl: sim.url, transport };

  const send = async (commands: OutboundCommand[]) => {
    for (const command of commands) {
      const outcome = await sendCommand(command, target);
      if (!outcome.ok) throw new Error(outcome.reason);
    }
  };
  const onMemo = (update: Readonly<Record<string, unknown>>) => {
    const previous = { ...memo };
    Object.assign(memo, update);
    const reaction = myagentDialect.onMemo?.({ memo, previous, runId, start });
    if (reaction && reaction.commands.length > 0) void send(reaction.commands);
  };
  const ingest = createIngest({ dialect: myagentDialect, runId, now: Date.now, onAction: (action) => action.kind === 'memo' && onMemo(action.memo) });

  transport.connect(
    {
      onFrame: (frame) => {
        ingest.accept(frame, state.frames.push(frame) - 1);
        const batch = ingest.take();
        if (!batch) return;
        state.events.push(...batch.events);
        state.rejected.push(...batch.issues.map((issue) => issue.reason));
        state.duplicates += batch.stats.duplicates;
        state.gaps += batch.stats.gaps;
      },
      onState: () => undefined,
      onOpen: ({ reconnect }) => {
        state.opens += 1;
        if (reconnect) ingest.newConnection();
        void send(myagentDialect.onOpen({ runId, cursor: ingest.cursor, reconnect, memo, start }));
      },
      shouldReconnect: () => !state.events.some((e) => TERMINAL.has(e.type)),
    },
    controller.signal,
  );
  return { state, memo, send, close: () => controller.abort(), terminal: () => state.events.find((e) => TERMINAL.has(e.type)) };
}

/** Final node statuses, output text per node and booked cost, as a store would fold them. */
function summary(events: readonly RunEvent[]) {
  const status: Record<string, string> = {};
  const output: Record<string, string> = {};
  let micros = 0;
  for (const event of events) {
    if (event.type === 'node.started') status[event.nodeId] = 'running';
    if (event.type === 'node.completed') status[event.nodeId] = 'succeeded';
    if (event.type === 'node.failed') status[event.nodeId] = 'failed';
    if (event.type === 'node.skipped') status[event.nodeId] = 'skipped';
    if (event.type === 'node.cancelled') status[event.nodeId] = 'cancelled';
    if (event.type === 'node.output') output[event.nodeId] = (output[event.nodeId] ?? '') + event.delta;
    if (event.type === 'cost.recorded') micros += event.micros;
  }
  return { status, output, micros, terminal: events.find((e) => TERMINAL.has(e.type))?.type };
}

const seqsOf = (frames: readonly unknown[]) => frames.map((f) => (f as { seq?: number }).seq);

// 0.0021 (plan) + six researchers 0.0034..0.0039 + 0.0065 (write), in micros.
const FANOUT_MICROS = 2100 + [3400, 3500, 3600, 3700, 3800, 3900].reduce((a, b) => a + b, 0) + 6500;
let cleanFanout: ReturnType<typeof summary> | undefined;

describe('myagent over the simulator’s real WebSocket server', () => {
  test('a session is created, the run started by user.message arrives whole', async () => {
    const live = openSession('fanout: research the market');
    const done = await waitFor(() => live.terminal(), 'the run to end');
    expect(done.type).toBe('run.completed');
    const result = summary(live.state.events);
    expect(Object.keys(result.status).sort()).toEqual(['aggregate', 'plan', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'write']);
    expect(Object.values(result.status).every((s) => s === 'succeeded')).toBe(true);
    expect(result.micros).toBe(FANOUT_MICROS);
    // Cumulative partial answers became exact deltas: the text is not repeated.
    expect(result.output.r1).toBe('Findings for topic 1: demand is growing and prices are falling.');
    const graph = live.state.events.find((e) => e.type === 'graph.defined');
    expect(graph?.type === 'graph.defined' && graph.edges).toContainEqual({ source: 'r3', target: 'write' });
    const chapters = live.state.events.flatMap((e) => (e.type === 'chapter.started' ? [e.chapterId] : []));
    expect(chapters).toEqual(['plan', 'solve', 'aggregate']);
    // One connection: seq 1..n without holes, heartbeats included.
    const seqs = seqsOf(live.state.frames);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(live.state.rejected).toEqual([]);
    expect([live.state.duplicates, live.state.gaps]).toEqual([0, 0]);
    const runId = `fanout~${String(live.memo.session_id)}`;
    // The session also asks for a resumable state once the server named the session.
    expect(sim.received.filter((c) => c.runId === runId || c.runId === live.memo.session_id).map((c) => c.kind)).toEqual([
      'user.create_session',
      'user.message',
      'user.request_state',
    ]);
    cleanFanout = result;
    live.close();
  });

  test('a plan confirmation answered with answerGate reaches the server once, as confirmed: true', async () => {
    const live = openSession('gate [scenario:gate] deploy 2.4');
    const gate = await waitFor(() => live.state.events.find((e) => e.type === 'gate.opened'), 'the confirmation');
    if (gate.type !== 'gate.opened') throw new Error('unreachable');
    expect(gate.gateId).toBe('gate-deploy');
    const approve = gate.options.find((o) => o.tone === 'approve');
    expect(approve).toBeDefined();
    const commands = myagentDialect.answerGate({ gateId: gate.gateId, kind: gate.kind, runId: 'ignored' }, { option: approve!, decidedBy: 'reviewer' }, live.memo);
    if (!Array.isArray(commands)) throw new Error(commands.unavailable);
    await live.send(commands);
    const done = await waitFor(() => live.terminal(), 'the run to end');
    expect(done.type).toBe('run.completed');
    const responses = sim.received.filter((c) => c.kind === 'user.response' && c.runId === `gate~${String(live.memo.session_id)}`);
    expect(responses).toHaveLength(1);
    expect(responses[0]?.body).toMatchObject({ event: 'user.response', session_id: live.memo.session_id, step_id: 'gate-deploy', content: { confirmed: true, approved: true } });
    const result = summary(live.state.events);
    expect(result.status.deploy).toBe('succeeded');
    expect(live.state.events).toContainEqual(expect.objectContaining({ type: 'gate.resolved', gateId: 'gate-deploy', decision: 'approved' }));
    live.close();
  });

  test('a dropped connection resumes with reconnect_with_state: renumbered replay, same final state', async () => {
    expect(cleanFanout).toBeDefined();
    const live = openSession('fanout again');
    const sessionId = await waitFor(() => (typeof live.memo.session_id === 'string' ? live.memo.session_id : undefined), 'the session');
    await waitFor(() => live.memo.signed_state, 'the exported state (asked for once the session was named)');
    await waitFor(() => live.state.events.some((e) => e.type === 'node.output' && e.nodeId.startsWith('r')), 'researchers streaming');
    const signedAtDrop = live.memo.signed_state;
    sim.dropConnections();
    const done = await waitFor(() => live.terminal(), 'the run to end after the resume');
    expect(done.type).toBe('run.completed');
    expect(live.state.opens).toBe(2);

    const reconnects = sim.received.filter((c) => c.kind === 'user.reconnect_with_state');
    expect(reconnects).toHaveLength(1);
    const body = reconnects[0]?.body as { session_id?: unknown; signed_state?: unknown; content?: { last_seq?: unknown } };
    expect(body.session_id).toBe(sessionId);
    expect(body.signed_state).toBe(signedAtDrop);
    expect(typeof body.content?.last_seq).toBe('number');

    // The new connection numbers from 1 again: connected, restored, replay..., notice, live.
    const frames = live.state.frames as { event: string; seq: number }[];
    const reopened = frames.findLastIndex((f) => f.event === 'system.connected');
    expect(reopened).toBeGreaterThan(0);
    const after = frames.slice(reopened);
    expect(after[0]).toMatchObject({ event: 'system.connected', seq: 1 });
    expect(after[1]).toMatchObject({ event: 'agent.state_restored', seq: 2 });
    expect(after.map((f) => f.seq)).toEqual(Array.from({ length: after.length }, (_, i) => i + 1));
    const notice = after.findIndex((f) => f.event === 'system.notice' && JSON.stringify(f).includes('Replay completed'));
    // What the old connection missed came back between the restore and the notice.
    expect(notice).toBeGreaterThan(2);
    expect(after.slice(2, notice).every((f) => !f.event.startsWith('system.'))).toBe(true);
    expect(live.memo.session_id).not.toBe(sessionId);

    const result = summary(live.state.events);
    expect(result.status).toEqual(cleanFanout?.status);
    expect(result.output).toEqual(cleanFanout?.output);
    expect(result.micros).toBe(FANOUT_MICROS);
    expect([live.state.duplicates, live.state.gaps, live.state.rejected.length]).toEqual([0, 0, 0]);
    live.close();
  });
});
