/**
 * tolky end to end over real sockets: the simulator's Socket.IO namespace, the real
 * socket.io-client through createSocketIoTransport, the tolky dialect and the real
 * sequencer. Keyed (replayed) events are deduped by key here, as ingest does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLiveSession, paintAtOnce, sendCommand } from '@/session';
import { describeHealth } from '@/features/health/describe-health';
import { createIngest } from '@/ingest/create-ingest';
import { isUnavailable } from '@/protocol/dialect';
import { RunEventSchema, type RunEvent, type RunEventOf } from '@/protocol/run-event';
import { tolkyDialect } from '@/protocol/tolky/tolky-dialect';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import { createSocketIoTransport } from '@/transport/socketio-transport';
import type { Transport } from '@/transport/transport';

import { waitFor } from './wait-for';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

type Watch = {
  transport: Transport;
  frames: { event: string; data: unknown }[];
  applied: RunEvent[];
  duplicates: () => number;
  until: (predicate: (events: RunEvent[]) => boolean, timeoutMs?: number) => Promise<void>;
  close: () => void;
};

function watch(runId: string, start?: string): Watch {
  const plan = tolkyDialect.connect({ baseUrl: sim.url, runId, token: 'test-token' });
  if (plan.kind !== 'socket.io') throw new Error('tolky must plan a Socket.IO connection');
  const transport = createSocketIoTransport({ url: plan.url, namespace: plan.namespace, auth: plan.auth, events: plan.events, backoff: { baseMs: 50, capMs: 200 } });
  const ingest = createIngest({ dialect: tolkyDialect, runId, now: Date.now });
  const frames: Watch['frames'] = [];
  const applied: RunEvent[] = [];
  let duplicates = 0;

  /** What the pipeline read so far (each event schema-checked), as a store would get it. */
  const take = () => {
    const batch = ingest.take();
    if (!batch) return;
    duplicates += batch.stats.duplicates;
    if (batch.issues.length > 0) throw new Error(`rejected frame: ${batch.issues[0]?.reason}`);
    for (const event of batch.events) applied.push(RunEventSchema.parse(event));
  };
  const controller = new AbortController();
  transport.connect(
    {
      onFrame(frame) {
        ingest.feed(frame, frames.push(frame as Watch['frames'][number]) - 1);
        take();
      },
      onState() {},
      onOpen({ reconnect }) {
        if (reconnect) ingest.newConnection();
        for (const command of tolkyDialect.onOpen({ runId, cursor: ingest.cursor, reconnect, memo: {}, ...(start !== undefined ? { start } : {}) })) void sendCommand(command, { baseUrl: sim.url, transport });
      },
    },
    controller.signal,
  );
  return {
    transport,
    frames,
    applied,
    duplicates: () => duplicates,
    async until(predicate, timeoutMs = 15_000) {
      const started = Date.now();
      while (!predicate(applied)) {
        if (Date.now() - started > timeoutMs) throw new Error(`timed out; applied: ${applied.map((e) => e.type).join(', ')}`);
        ingest.tick();
        take();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => controller.abort(),
  };
}

const ofType = <T extends RunEvent['type']>(events: RunEvent[], type: T) => events.filter((e): e is RunEventOf<T> => e.type === type);
const isTerminal = (events: RunEvent[]) => events.some((e) => e.type === 'run.completed' || e.type === 'run.failed' || e.type === 'run.cancelled');

function finalStatuses(events: RunEvent[]): Record<string, string> {
  const status: Record<string, string> = {};
  for (const e of events) {
    if (e.type === 'node.started') status[e.nodeId] = 'running';
    if (e.type === 'node.completed') status[e.nodeId] = 'succeeded';
    if (e.type === 'node.failed') status[e.nodeId] = 'failed';
    if (e.type === 'node.retrying') status[e.nodeId] = 'retrying';
    if (e.type === 'node.skipped') status[e.nodeId] = 'not_run';
  }
  return status;
}

const pipelineSeqs = (w: Watch) =>
  w.frames.filter((f) => f.event === 'sequential_thinking_event').map((f) => (f.data as { seq: number }).seq);

describe('tolky over a real Socket.IO connection', () => {
  it('delivers a whole fan-out run in canonical form', async () => {
    const w = watch('fanout~live');
    await w.until(isTerminal);
    w.close();

    const [graph] = ofType(w.applied, 'graph.defined');
    expect(graph?.nodes.map((n) => n.id)).toEqual(['step-1', 'step-2', 'step-3', 'step-4', 'step-5', 'step-6', 'step-7', 'step-8']);
    expect(graph?.edges).toHaveLength(12);
    expect(graph?.nodes.filter((n) => n.group === 'research')).toHaveLength(6);
    expect(Object.values(finalStatuses(w.applied))).toEqual(Array(8).fill('succeeded'));
    expect(Object.keys(finalStatuses(w.applied)).sort()).toEqual(graph?.nodes.map((n) => n.id).sort());

    const micros = ofType(w.applied, 'cost.recorded').reduce((sum, e) => sum + e.micros, 0);
    expect(micros).toBeGreaterThan(0);
    expect(micros).toBe(2100 + 6500 + [0, 1, 2, 3, 4, 5].reduce((s, i) => s + Math.round((0.0034 + i * 0.0001) * 1e6), 0));

    expect(ofType(w.applied, 'chapter.started').map((c) => c.title)).toEqual(['Planning', 'Execution', 'Compile']);
    expect(ofType(w.applied, 'chapter.completed').map((c) => c.chapterId)).toEqual(['planning_1', 'execution_1', 'compile_1']);
    expect(ofType(w.applied, 'run.completed')).toHaveLength(1);
    expect(ofType(w.applied, 'run.started')).toHaveLength(1);
  });

  it('really receives each pipeline frame three times, and applies it once', async () => {
    const w = watch('fanout~triple');
    await w.until(isTerminal);
    await new Promise((resolve) => setTimeout(resolve, 100)); // let the last copies arrive
    w.close();

    const seqs = pipelineSeqs(w);
    const distinct = new Set(seqs);
    const copies = new Map<number, number>();
    for (const seq of seqs) copies.set(seq, (copies.get(seq) ?? 0) + 1);
    expect([...copies.values()].every((n) => n === 3)).toBe(true);
    expect(seqs.length).toBe(distinct.size * 3);
    expect(w.duplicates()).toBe(distinct.size * 2);
    expect(ofType(w.applied, 'node.started')).toHaveLength(8);
    expect(ofType(w.applied, 'run.completed')).toHaveLength(1);
  });

  it('answers a gate with one start_request carrying continuationInput, and the run completes', async () => {
    const runId = 'gate~x';
    const w = watch(runId);
    await w.until((events) => events.some((e) => e.type === 'gate.opened'));
    const [gate] = ofType(w.applied, 'gate.opened');
    if (!gate) throw new Error('no gate');
    expect(gate).toMatchObject({ kind: 'clarification', message: 'Deploy release 2.4 to production?', nodeId: 'step-2', acceptsText: true });
    const approve = gate.options.find((o) => o.label === 'Approve');
    expect(approve).toBeDefined();

    const commands = tolkyDialect.answerGate({ gateId: gate.gateId, runId, kind: gate.kind }, { option: approve!, decidedBy: 'tester' }, {});
    if (isUnavailable(commands)) throw new Error(commands.unavailable);
    for (const command of commands) expect(await sendCommand(command, { baseUrl: sim.url, transport: w.transport })).toEqual({ ok: true });

    await w.until(isTerminal);
    w.close();
    const starts = sim.received.filter((c) => c.dialect === 'tolky' && c.runId === runId && c.kind === 'start_request');
    expect(starts).toHaveLength(1);
    expect(starts[0]?.body).toEqual({ instructions: 'Approve', intentId: runId, continuationInput: 'Approve' });
    expect(ofType(w.applied, 'gate.resolved')).toEqual([expect.objectContaining({ gateId: gate.gateId, decision: 'Approve' })]);
    expect(finalStatuses(w.applied)['step-3']).toBe('succeeded');
    expect(ofType(w.applied, 'run.completed')).toHaveLength(1);
  });

  it('cancels with cancel_intent and ends cancelled', async () => {
    const runId = 'long~op';
    const w = watch(runId);
    await w.until((events) => events.some((e) => e.type === 'node.started'));
    const commands = tolkyDialect.control('cancel', runId, 'operator stop');
    if (isUnavailable(commands)) throw new Error(commands.unavailable);
    for (const command of commands) await sendCommand(command, { baseUrl: sim.url, transport: w.transport });
    await w.until(isTerminal);
    w.close();
    expect(sim.received.filter((c) => c.runId === runId && c.kind === 'cancel_intent').map((c) => c.body)).toEqual([{ intentId: runId, reason: 'operator stop' }]);
    expect(ofType(w.applied, 'run.cancelled')).toEqual([expect.objectContaining({ reason: 'operator stop', requested: true })]);
  });

  it('catches up with replay_events after a dropped connection, applying nothing twice', async () => {
    const runId = 'fanout~drop';
    const w = watch(runId);
    await w.until((events) => ofType(events, 'node.completed').length >= 2);
    sim.dropConnections();
    await w.until(isTerminal);
    w.close();
    const replays = sim.received.filter((c) => c.runId === runId && c.kind === 'replay_events');
    expect(replays.length).toBeGreaterThanOrEqual(2);
    expect(replays.at(-1)?.body).toMatchObject({ intentId: runId, sinceSeq: expect.any(Number) });
    expect(Object.values(finalStatuses(w.applied))).toEqual(Array(8).fill('succeeded'));
    expect(ofType(w.applied, 'node.completed')).toHaveLength(8);
    expect(ofType(w.applied, 'run.completed')).toHaveLength(1);
  });

  it('starts a run with start_request on open, exactly once, and follows it to its failure', async () => {
    const runId = 'retry~started';
    const w = watch(runId, 'Nightly data sync');
    await w.until(isTerminal);
    w.close();
    const starts = sim.received.filter((c) => c.runId === runId && c.kind === 'start_request');
    expect(starts.map((c) => c.body)).toEqual([{ instructions: 'Nightly data sync', intentId: runId }]);
    expect(ofType(w.applied, 'node.retrying')).toEqual([expect.objectContaining({ nodeId: 'step-1', attempt: 1 })]);
    expect(finalStatuses(w.applied)).toEqual({ 'step-1': 'succeeded', 'step-2': 'succeeded', 'step-3': 'failed', 'step-4': 'not_run' });
    expect(ofType(w.applied, 'run.failed')).toEqual([expect.objectContaining({ nodeId: 'step-3' })]);
  });

  it('a run id that does not exist reads "nothing yet — check the run id", not "Live" forever', async () => {
    const live = createLiveSession({ dialect: tolkyDialect, params: { baseUrl: sim.url, runId: 'no-such-intent' }, schedule: paintAtOnce, nothingYetAfterMs: 300 });
    try {
      const health = await waitFor(() => (live.session.run.getState().connection.nothingYet ? live.session.run.getState().connection : undefined), 'the nothing-yet state', 5_000);
      expect(describeHealth(health, 'live', Date.now())).toMatchObject({ label: 'Nothing yet', detail: expect.stringContaining('check the run id'), tone: 'warn' });
      expect(live.session.run.getState().status).toBe('pending');
    } finally {
      live.close();
    }
  });
});
