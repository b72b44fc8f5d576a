import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { createLiveSession, paintAtOnce, sendCommand } from '@/session';
import type { HttpReplyFrame } from '@/protocol/dialect';
import { createFrameReader } from '@/protocol/read-frame';
import { shannonDialect } from '@/protocol/shannon/shannon-dialect';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import type { Transport } from '@/transport/transport';

import { waitFor } from './wait-for';
import { nodeRecord } from '@/stores/node-map';

const TOKEN = 'shannon-secret-token';
let sim: SimulatorHandle;
const requestedUrls: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
  // Every URL the client asks for (stream, commands, history) is kept to prove the token stays out of it.
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    requestedUrls.push(typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url);
    return realFetch(input, init);
  }) as typeof fetch;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await sim.close();
});

const sessions: { close: () => void }[] = [];
afterEach(() => {
  for (const live of sessions.splice(0)) live.close();
});

function open(runId: string) {
  const live = createLiveSession({ dialect: shannonDialect, params: { baseUrl: sim.url, runId, token: TOKEN }, schedule: paintAtOnce });
  sessions.push(live);
  return live;
}

/** The seq of every Shannon frame the session recorded, in arrival order (SSE frames only). */
function recordedSeqs(recording: string): number[] {
  return recording
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as { frame?: { event?: string; data?: { seq?: unknown } } })
    .flatMap((entry) => (typeof entry.frame?.data?.seq === 'number' ? [entry.frame.data.seq] : []));
}

describe('shannon over the simulator’s real SSE gateway', () => {
  test('a fan-out run arrives whole: task statuses, cost booked once per model call, total equals the scenario sum', async () => {
    const live = open('fanout~whole');
    const run = live.session.run;
    await waitFor(() => run.getState().status === 'succeeded', 'run to succeed');
    const nodes = nodeRecord(live.session.nodeStatus.getState().byId);
    expect(Object.keys(nodes).sort()).toEqual(['plan', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'write']);
    expect(Object.values(nodes).every((n) => n.status === 'succeeded')).toBe(true);
    // Edges come only from the task list's depends_on: plan → r1..r6 → write.
    expect(run.getState().graph.edges).toHaveLength(12);
    const expected = 2100 + [3400, 3500, 3600, 3700, 3800, 3900].reduce((a, b) => a + b, 0) + 6500;
    // The points sum proves AGENT_COMPLETED's cost_usd was not booked on top of the LLM costs.
    expect(run.getState().cost.points.reduce((sum, p) => sum + p.micros, 0)).toBe(expected);
    expect(run.getState().cost.totalMicros).toBe(expected);
    expect(run.getState().stats.duplicates).toBe(0);
    expect(run.getState().stats.rejected).toBe(0);
  });

  test('a gate answered through the session reaches the server once, in its form, and the run completes', async () => {
    const runId = 'gate~answer';
    const live = open(runId);
    const run = live.session.run;
    const gate = await waitFor(() => Object.values(run.getState().gates)[0], 'the gate');
    expect(gate.gateId).toBe('gate-deploy');
    const outcome = await live.session.answerGate({ gateId: gate.gateId, kind: gate.kind, runId }, { option: gate.options[0]!, decidedBy: 'reviewer' }, { message: 'reviewer approved' });
    expect(outcome).toEqual({ ok: true });
    await waitFor(() => run.getState().status === 'succeeded', 'run to finish after approval');
    const decisions = sim.received.filter((c) => c.runId === runId && c.kind === 'approval.decision');
    expect(decisions.map((c) => c.body)).toEqual([{ workflow_id: runId, approval_id: 'gate-deploy', approved: true }]);
    expect(run.getState().gates['gate-deploy']?.status).toBe('resolved');
    expect(nodeRecord(live.session.nodeStatus.getState().byId).deploy?.status).toBe('succeeded');
  });

  test('a gate without approval_id is shown unanswerable and nothing can be sent for it', async () => {
    const runId = 'gate~noid';
    const live = open(runId);
    const gate = await waitFor(() => Object.values(live.session.run.getState().gates)[0], 'the gate');
    expect(gate.gateId).toMatch(new RegExp(`^${runId}:\\d+$`));
    const outcome = await live.session.answerGate({ gateId: gate.gateId, kind: gate.kind, runId }, { option: gate.options[0]!, decidedBy: 'r' }, { message: 'r approved' });
    expect(outcome).toMatchObject({ ok: false, reason: expect.stringMatching(/no approval_id/) });
    expect(sim.received.filter((c) => c.runId === runId && c.kind === 'approval.decision')).toEqual([]);
  });

  test('the token travels in the Authorization header and never in a URL', async () => {
    const runs = new Set(sim.received.filter((c) => c.dialect === 'shannon' && c.kind === 'stream.open').map((c) => c.runId));
    expect(runs.size).toBeGreaterThan(0);
    for (const opened of sim.received.filter((c) => c.kind === 'stream.open')) {
      const body = opened.body as { url: string; bearer: boolean };
      expect(body.bearer).toBe(true);
      expect(body.url).not.toContain(TOKEN);
      expect(body.url).not.toContain('token=');
    }
    expect(requestedUrls.length).toBeGreaterThan(0);
    expect(requestedUrls.filter((url) => url.includes(TOKEN) || url.includes('token='))).toEqual([]);
  });

  test('a mid-run drop resumes with Last-Event-ID: every seq exactly once, none missing', async () => {
    const runId = 'fanout~drop';
    const live = open(runId);
    const run = live.session.run;
    await waitFor(() => run.getState().logLength > 15, 'first events');
    sim.dropConnections();
    await waitFor(() => run.getState().status === 'succeeded', 'run to succeed after the drop');
    const opens = sim.received.filter((c) => c.runId === runId && c.kind === 'stream.open');
    expect(opens.length).toBeGreaterThanOrEqual(2);
    expect((opens[1]!.body as { lastEventId?: string }).lastEventId).toMatch(/^\d+-\d+$/);
    const seqs = recordedSeqs(live.session.exportRecording());
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(run.getState().stats.duplicates).toBe(0);
    expect(run.getState().stats.gaps).toBe(0);
  });

  test('the refill reads the history in pages: no token deltas, every envelope placed at its live seq', async () => {
    const runId = 'fanout~whole';
    const [command] = shannonDialect.refill!(runId, undefined);
    expect(command).toMatchObject({ via: 'http', method: 'GET', paging: { offsetParam: 'offset', pageSize: 200 } });
    const transport: Transport = { kind: 'sse', connect: () => undefined, send: () => Promise.resolve() };
    const replies: HttpReplyFrame[] = [];
    const outcome = await sendCommand(command!, { baseUrl: sim.url, transport, token: TOKEN }, (reply) => replies.push(reply));
    expect(outcome.ok).toBe(true);
    expect(replies.length).toBeGreaterThanOrEqual(1);
    const body = replies[0]!.body as { events: { type: string; seq: number }[] };
    expect(body.events.some((e) => e.type === 'WORKFLOW_COMPLETED')).toBe(true);
    expect(body.events.every((e) => typeof e.type === 'string' && e.type !== 'thread.message.delta')).toBe(true);
    const read = createFrameReader(shannonDialect, runId)(replies[0]);
    expect(read.kind).toBe('events');
    if (read.kind === 'events') {
      expect(read.placements.length).toBe(body.events.length);
      expect(read.placements.every((f) => f.order?.scope === `wf:${runId}`)).toBe(true);
      expect(read.events.some((e) => e.type === 'run.completed')).toBe(true);
    }
  });

  test('pause, resume and cancel go to the task endpoints and drive the run', async () => {
    const runId = 'long~ctl';
    const live = open(runId);
    const run = live.session.run;
    await waitFor(() => run.getState().logLength > 3, 'first events');
    for (const action of ['pause', 'resume'] as const) {
      expect(await live.session.control(action, undefined, { message: action })).toEqual({ ok: true });
    }
    expect(await live.session.control('cancel', 'operator stop', { message: 'cancel' })).toEqual({ ok: true });
    await waitFor(() => run.getState().status === 'cancelled', 'run to be cancelled');
    const commands = new Set(['pause', 'resume', 'cancel']);
    const kinds = sim.received.filter((c) => c.runId === runId && commands.has(c.kind)).map((c) => [c.kind, c.body]);
    expect(kinds).toEqual([
      ['pause', {}],
      ['resume', {}],
      ['cancel', { reason: 'operator stop' }],
    ]);
  });
});
