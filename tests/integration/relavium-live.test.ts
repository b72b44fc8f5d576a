import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createLiveSession, paintAtOnce } from '@/session';
import { relaviumDialect } from '@/protocol/relavium/relavium-dialect';
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

function open(runId: string) {
  return createLiveSession({ dialect: relaviumDialect, params: { baseUrl: sim.url, runId, token: 'secret-token' }, schedule: paintAtOnce });
}

describe('relavium over the simulator’s real SSE server', () => {
  test('a fan-out run arrives whole: final statuses, total cost, no duplicates', async () => {
    const live = open('fanout~a');
    const run = live.session.run;
    await waitFor(() => run.getState().status === 'succeeded', 'run to succeed');
    const nodes = nodeRecord(live.session.nodeStatus.getState().byId);
    expect(Object.keys(nodes).sort()).toEqual(['plan', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'write']);
    expect(Object.values(nodes).every((n) => n.status === 'succeeded')).toBe(true);
    // The scenario books 0.0021 + six researchers (0.0034..0.0039) + 0.0065 USD.
    const expected = 2100 + [3400, 3500, 3600, 3700, 3800, 3900].reduce((a, b) => a + b, 0) + 6500;
    expect(run.getState().cost.totalMicros).toBe(expected);
    expect(run.getState().stats.duplicates).toBe(0);
    live.close();
  });

  test('a dropped connection resumes with Last-Event-ID and loses or repeats nothing', async () => {
    const live = open('retry~drop');
    const run = live.session.run;
    await waitFor(() => run.getState().logLength > 4, 'first events');
    sim.dropConnections();
    await waitFor(() => run.getState().connection.state.status === 'reconnecting' || undefined, 'reconnecting state', 5000).catch(() => undefined);
    await waitFor(() => run.getState().status === 'failed', 'run to reach its failure');
    // Every sequenceNumber the server sent arrived exactly once across both connections.
    const seqs = live.session
      .exportRecording()
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as { frame?: { data?: { sequenceNumber?: number } } })
      .flatMap((entry) => (entry.frame?.data?.sequenceNumber === undefined ? [] : [entry.frame.data.sequenceNumber]));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i));
    expect(run.getState().stats.duplicates).toBe(0);
    expect(run.getState().stats.gaps).toBe(0);
    const nodes = nodeRecord(live.session.nodeStatus.getState().byId);
    expect(nodes.fetch?.status).toBe('succeeded');
    expect(nodes.fetch?.attempt).toBe(2);
    expect(nodes.load?.status).toBe('failed');
    expect(nodes.notify?.status).toBe('not_run');
    live.close();
  });

  test('a gate answer reaches the server once, in its form, and the run continues', async () => {
    const live = open('gate~answer');
    const run = live.session.run;
    const gate = await waitFor(() => Object.values(run.getState().gates)[0], 'the gate');
    const result = await live.session.answerGate(
      { gateId: gate.gateId, kind: gate.kind, runId: 'gate~answer', ...(gate.nodeId ? { nodeId: gate.nodeId } : {}) },
      { option: gate.options[0]!, decidedBy: 'reviewer@example.com' },
      { message: 'reviewer@example.com approved' },
    );
    expect(result).toEqual({ ok: true });
    await waitFor(() => run.getState().status === 'succeeded', 'run to finish after approval');
    const received = sim.received.filter((c) => c.runId === 'gate~answer' && c.kind !== 'stream.open');
    expect(received).toEqual([
      expect.objectContaining({ kind: 'gate.decide', body: { gateId: 'gate-deploy', decision: 'approved', decidedBy: 'reviewer@example.com' } }),
    ]);
    expect(run.getState().gates['gate-deploy']?.status).toBe('resolved');
    live.close();
  });

  test('a dropped connection shows reconnecting, then live again', async () => {
    const live = open('cancel~health');
    const run = live.session.run;
    const seen = new Set<string>();
    const unsubscribe = run.subscribe((s) => seen.add(s.connection.state.status));
    await waitFor(() => run.getState().connection.state.status === 'live', 'live');
    sim.dropConnections();
    await waitFor(() => run.getState().status === 'cancelled', 'the run to end');
    unsubscribe();
    expect(seen.has('reconnecting')).toBe(true);
    expect(seen.has('live')).toBe(true);
    live.close();
  });
});
