/**
 * What the shipped myagent server does that its document does not say, played by the
 * simulator's real WebSocket server and read by the app's live session: a plain tool agent
 * is one node named for the agent; a tool confirmation nobody answers is denied after the
 * server's own wait without any event (time-scaled here); tokens come as per-call statistics.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';

import { createLiveSession, type LiveSession, paintAtOnce } from '@/session';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { myagentDialect } from '@/protocol/myagent/myagent-dialect';
import type { RunEvent } from '@/protocol/run-event';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { waitFor } from './wait-for';

let sim: SimulatorHandle;
beforeAll(async () => {
  // 300 s of the server's tool wait is 1.5 s here.
  sim = await startSimulator({ timeScale: 0.005 });
});
afterAll(async () => {
  await sim.close();
});

let tabs = 0;
function startRun(start: string): LiveSession {
  return createLiveSession({ dialect: myagentDialect, params: { baseUrl: simulatorBackendUrl(myagentDialect, sim.url), runId: `t-${++tabs}` }, start, schedule: paintAtOnce, WebSocketImpl: WebSocket as never });
}
const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);
const finished = (live: LiveSession) => waitFor(() => (TERMINAL.has(live.session.run.getState().status) ? live.session.run.getState() : undefined), 'the run to end');
function events(live: LiveSession): RunEvent[] {
  const { log } = live.session;
  return Array.from({ length: log.length }, (_, i) => log.at(i)?.event).filter((e): e is RunEvent => e !== undefined);
}

describe('myagent as shipped, over the simulator', () => {
  test('a plain tool agent is one node named for the agent, holding both tool calls; an unanswered tool confirmation is denied silently and reads timed out', async () => {
    const live = startRun('tools: mail the Q3 revenue');
    const gate = await waitFor(() => Object.values(live.session.run.getState().gates)[0], 'the tool confirmation');
    expect(gate).toMatchObject({ nodeId: 'assistant', deadlineEstimated: true, context: { tool: 'send_email', arguments: { to: 'cfo@example.com' } } });
    expect(gate.gateId).toMatch(/^confirm_[0-9a-f]{8}_send_email$/);
    const state = await finished(live);
    expect(state.status).toBe('succeeded');
    expect(state.gates[gate.gateId]?.status).toBe('timed_out');
    expect(Object.values(state.graph.nodes)).toEqual([expect.objectContaining({ id: 'assistant', label: 'assistant', kind: 'agent' })]);
    const tools = events(live).filter((e) => e.type === 'tool.called' || e.type === 'tool.result');
    expect(tools.map((e) => [e.type, e.nodeId, e.tool])).toEqual([
      ['tool.called', 'assistant', 'web_search'],
      ['tool.result', 'assistant', 'web_search'],
      ['tool.called', 'assistant', 'send_email'],
      ['tool.result', 'assistant', 'send_email'],
    ]);
    // Nobody answered: the server denied it on its own (the tool result said so), with no event for the gate itself.
    expect(sim.received.filter((c) => c.kind === 'user.response')).toHaveLength(0);
    live.close();
  });

  test('an allowed tool runs: the gate reads approved and the tool succeeds', async () => {
    const live = startRun('tools: mail it again');
    const gate = await waitFor(() => Object.values(live.session.run.getState().gates)[0], 'the tool confirmation');
    const allow = gate.options.find((o) => o.tone === 'approve')!;
    await live.session.answerGate({ gateId: gate.gateId, kind: gate.kind, runId: live.session.runId }, { option: allow, decidedBy: 'reviewer' }, { message: 'allowed' });
    const state = await finished(live);
    expect(state.gates[gate.gateId]).toMatchObject({ status: 'resolved', resolution: expect.objectContaining({ decision: 'approved' }) });
    expect(events(live).filter((e) => e.type === 'tool.result' && e.tool === 'send_email')).toEqual([expect.objectContaining({ ok: true })]);
    live.close();
  });

  test('a pipeline books its tokens from per-call statistics, each once', async () => {
    const live = startRun('fanout: research the market');
    const state = await finished(live);
    const frames = Array.from({ length: 2000 }, (_, i) => live.session.frameAt(i)).filter(Boolean) as { event?: string; metadata?: { statistics?: { input_tokens: number; output_tokens: number }[] } }[];
    const closing = frames.find((f) => f.event === 'pipeline.completed')?.metadata?.statistics ?? [];
    expect(closing.length).toBeGreaterThan(0);
    expect(state.cost.inputTokens).toBe(closing.reduce((sum, call) => sum + call.input_tokens, 0));
    expect(state.cost.outputTokens).toBe(closing.reduce((sum, call) => sum + call.output_tokens, 0));
    live.close();
  });
});
