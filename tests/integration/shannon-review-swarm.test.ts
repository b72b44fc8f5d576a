/**
 * The research-plan review gate and a swarm, live over the simulator's real Shannon gateway
 * (SSE stream, review endpoint), read by a real live session: the plan is approved over the
 * real POST and the run goes on; feedback brings a revised plan to approve; a review nobody
 * answered reads timed out, not succeeded; a swarm's graph shows each task once, with its
 * agent named and its agent's output.
 */
import { describe, expect, test } from 'vitest';

import type { RunSession } from '@/stores/run-session';

import { eventsOf, setUpShannonHarness } from './shannon-harness';
import { waitFor } from './wait-for';
import { nodeRecord } from '@/stores/node-map';

const h = setUpShannonHarness();

const openGate = (session: RunSession) => () => Object.values(session.run.getState().gates).find((g) => g.status === 'open');

async function answer(session: RunSession, runId: string, label: string, text?: string) {
  const gate = await waitFor(openGate(session), 'an open review gate');
  const option = gate.options.find((o) => o.label === label);
  return session.answerGate({ gateId: gate.gateId, kind: gate.kind, runId }, { ...(option ? { option } : {}), ...(text ? { text } : {}), decidedBy: 'reviewer' }, { message: `reviewer: ${label}` });
}

describe('shannon research plan review, live', () => {
  test('the plan is a gate; approving it goes over POST /api/v1/tasks/{id}/review and the research runs to success', async () => {
    const runId = 'shannon-research~approve';
    const session = h.open(runId);
    const gate = await waitFor(openGate(session), 'the plan gate');
    expect(gate.kind).toBe('review');
    expect(gate.message).toMatch(/^Review the research plan\n\n## Research plan/);
    expect(session.run.getState().status).toBe('waiting');
    expect(await answer(session, runId, 'Approve plan')).toEqual({ ok: true });
    expect(h.received(runId, 'review').map((c) => c.body)).toEqual([{ action: 'approve' }]);
    await waitFor(() => session.run.getState().gates[gate.gateId]?.status === 'resolved', 'the gate resolved');
    expect(session.run.getState().gates[gate.gateId]?.resolution?.decision).toBe('approved');
    await waitFor(() => session.run.getState().status === 'succeeded', 'the research to complete');
    const nodes = session.run.getState().graph.nodes;
    expect(Object.keys(nodes)).toEqual(expect.arrayContaining(['Gora', 'Maji', 'Ebisu']));
    // The synthesis (a system agent) streamed the answer: it ends with the run, never left running.
    const statuses = nodeRecord(session.nodeStatus.getState().byId);
    expect(Object.entries(statuses).filter(([, n]) => n.status === 'pending' || n.status === 'running')).toEqual([]);
  });

  test('feedback brings a revised plan as a new gate (the first closes as “Request changes”), which is then approved', async () => {
    const runId = 'shannon-research~feedback';
    const session = h.open(runId);
    const first = await waitFor(openGate(session), 'the plan gate');
    expect(await answer(session, runId, 'Request changes')).toMatchObject({ ok: false });
    expect(h.received(runId, 'review')).toEqual([]);
    expect(await answer(session, runId, 'Request changes', 'Add the UK please')).toEqual({ ok: true });
    expect(h.received(runId, 'review').map((c) => c.body)).toEqual([{ action: 'feedback', message: 'Add the UK please' }]);
    const second = await waitFor(() => Object.values(session.run.getState().gates).find((g) => g.status === 'open' && g.gateId !== first.gateId), 'the revised plan');
    expect(second.message).toMatch(/\(round 2\)[\s\S]*4\. \*\*Your request\*\* — Add the UK please/);
    expect(session.run.getState().gates[first.gateId]).toMatchObject({ status: 'resolved', resolution: expect.objectContaining({ decision: 'Request changes' }) });
    expect(await answer(session, runId, 'Approve plan')).toEqual({ ok: true });
    await waitFor(() => session.run.getState().status === 'succeeded', 'the research to complete');
  });

  test('a review nobody answered: the gate timed out and the run failed with the timeout, never “succeeded”', async () => {
    const runId = 'shannon-review-timeout~quiet';
    const session = h.open(runId);
    const gate = await waitFor(openGate(session), 'the plan gate');
    await waitFor(() => session.run.getState().status === 'failed', 'the run to end', 15_000);
    const state = session.run.getState();
    expect(state.gates[gate.gateId]?.status).toBe('timed_out');
    expect(state.error).toMatchObject({ code: 'timeout', message: expect.stringMatching(/^Review timed out/) });
    expect(eventsOf(session).some((e) => e.type === 'run.completed')).toBe(false);
    expect(h.received(runId, 'review')).toEqual([]);
    // No done follows: the gateway closes the stream after 30 s of silence; the run is over, so nothing reconnects.
    await waitFor(() => session.run.getState().connection.state.status === 'closed', 'the stream to close', 15_000);
    expect(h.received(runId, 'stream.open')).toHaveLength(1);
    expect(session.run.getState().status).toBe('failed');
  });
});

describe('shannon swarm, live', () => {
  test('each task once, with the agent that owns it named; the agent’s output, tools and cost are the task’s', async () => {
    const runId = 'shannon-swarm~graph';
    const session = h.open(runId);
    await waitFor(() => session.run.getState().status === 'succeeded', 'the swarm to complete', 15_000);
    const { graph, cost } = session.run.getState();
    expect(Object.keys(graph.nodes).sort()).toEqual(['T1', 'T2', 'T3']);
    expect(Object.fromEntries(Object.values(graph.nodes).map((n) => [n.id, n.kind]))).toEqual({ T1: 'task · agent Ebisu', T2: 'task · agent Gora', T3: 'task · agent Ebisu' });
    const text = (node: string) => eventsOf(session).filter((e) => e.type === 'node.output' && e.nodeId === node).map((e) => (e as { delta: string }).delta).join('');
    expect(text('T1')).toBe('EU plants recycle about 140 kt a year; Germany holds half of the capacity.');
    expect(text('T3')).toMatch(/^Briefing: capacity/);
    expect(eventsOf(session).filter((e) => e.type === 'tool.called').map((e) => (e as { nodeId?: string }).nodeId)).toEqual(['T1', 'T2']);
    expect(cost.points.map((p) => p.nodeId).sort()).toEqual(['T1', 'T2', 'T3']);
    expect(Object.values(nodeRecord(session.nodeStatus.getState().byId)).map((n) => n.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });
});
