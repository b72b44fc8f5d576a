/**
 * AG-UI end to end against the real simulator: its streams pass the reference client's
 * own `verifyEvents` and the 1.0 zod schemas (so the simulator cannot drift from the
 * standard), and Runboard's dialect drives real POST+SSE runs, including an interrupt
 * answered by a resume run.
 */
import type { BaseEvent } from '@ag-ui/client';
import { verifyEvents } from '@ag-ui/client';
import { EventSchema } from '@ag-ui/core/schemas';
import { from, lastValueFrom, toArray } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { decimalToMicros } from '@/lib/to-micros';
import { createFrameReader } from '@/protocol/read-frame';
import { aguiDialect, buildRunInput } from '@/protocol/agui/agui-dialect';
import { RESOLVE_OPTION } from '@/protocol/agui/agui-lifecycle';
import { isUnavailable, type OutboundCommand } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import { createLiveSession, paintAtOnce, sendCommand } from '@/session';
import { fanOut } from '@/simulator/scenarios/scenarios';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import { createSseTransport } from '@/transport/sse-transport';
import type { ConnectionState, Transport } from '@/transport/transport';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

import { waitFor } from './wait-for';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

/** One HTTP run: POST the input, read the whole SSE answer, parse its `data:` frames. */
async function postRun(body: unknown): Promise<BaseEvent[]> {
  const response = await fetch(simulatorBackendUrl(aguiDialect, sim.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim().length > 0)
    .map((block) => {
      expect(block.startsWith('data: ')).toBe(true); // data-only frames: no id:, no event:
      return JSON.parse(block.slice('data: '.length)) as BaseEvent;
    });
}

type Resume = { interruptId: string; status: 'resolved' | 'cancelled'; payload?: unknown };
const input = (threadId: string, resume?: Resume[]) =>
  buildRunInput({ threadId, runId: `${threadId}-${Math.random().toString(36).slice(2)}`, messages: resume ? [] : [{ id: 'u1', role: 'user', content: 'go' }], ...(resume ? { resume } : {}) });

describe('simulator streams satisfy the AG-UI 1.0 reference client', () => {
  const cases: [string, ('resolved' | 'cancelled')[]][] = [
    ['fanout', []],
    ['retry', []],
    ['cancel', []],
    ['gate', ['resolved']],
    ['gate', ['cancelled']],
  ];

  it.each(cases)('%s (resume %j) passes verifyEvents and the 1.0 event schema', async (scenario, answers) => {
    const threadId = `${scenario}~verify-${answers.join('-') || 'plain'}`;
    const events = await postRun(input(threadId));
    for (const status of answers) {
      const last = events.at(-1) as { outcome?: { interrupts?: { id: string }[] } };
      const interruptId = last.outcome?.interrupts?.[0]?.id;
      expect(interruptId).toBe('gate-deploy');
      events.push(...(await postRun(input(threadId, [{ interruptId: interruptId!, status, ...(status === 'resolved' ? { payload: { approved: true } } : {}) }]))));
    }
    for (const event of events) {
      const check = EventSchema.safeParse(event);
      expect(check.success, `${event.type}: ${check.success ? '' : check.error.message}`).toBe(true);
    }
    const verified = await lastValueFrom(from(events).pipe(verifyEvents(false), toArray()));
    expect(verified).toHaveLength(events.length);
    expect(['RUN_FINISHED', 'RUN_ERROR']).toContain(events.at(-1)?.type);
  });

  it('uses a verifier that really rejects a broken stream (the check above is live)', async () => {
    const events = await postRun(input('fanout~broken'));
    const withoutEnds = events.filter((e) => e.type !== 'TEXT_MESSAGE_END');
    await expect(lastValueFrom(from(withoutEnds).pipe(verifyEvents(false), toArray()))).rejects.toThrow(/text message/i);
  });
});

type Session = { events: RunEvent[]; states: ConnectionState[]; transport: Transport; abort: AbortController };

function openSession(commands: OutboundCommand[]): Session {
  const first = commands[0];
  if (first?.via !== 'run') throw new Error('startRun must give a run command');
  const plan = aguiDialect.connect({ baseUrl: simulatorBackendUrl(aguiDialect, sim.url), runId: 'unused', token: 'secret' });
  if (plan.kind !== 'post-sse') throw new Error('agui connects with post-sse');
  const transport = createSseTransport({ url: plan.url, headers: plan.headers, post: { body: first.body } });
  const decode = createFrameReader(aguiDialect, 'unused');
  const session: Session = { events: [], states: [], transport, abort: new AbortController() };
  transport.connect(
    {
      onFrame: (frame) => {
        const result = decode(frame);
        if (result.kind === 'rejected') throw new Error(`rejected frame: ${result.reason}`);
        session.events.push(...result.events);
      },
      onState: (state) => session.states.push(state),
    },
    session.abort.signal,
  );
  return session;
}


function finalStatuses(events: RunEvent[]): Map<string, string> {
  const status = new Map<string, string>();
  for (const e of events) {
    if (e.type === 'node.started') status.set(e.nodeId, 'running');
    if (e.type === 'node.completed') status.set(e.nodeId, 'succeeded');
    if (e.type === 'node.failed') status.set(e.nodeId, 'failed');
    if (e.type === 'node.status') status.set(e.nodeId, e.status);
  }
  return status;
}

describe('Runboard agui dialect over real POST + SSE', () => {
  it('decodes a whole fanout run: every node succeeds, text lands on its node, costs add up', async () => {
    const session = openSession(aguiDialect.startRun!('Market research', 'fanout~live'));
    await waitFor(() => session.events.some((e) => e.type === 'run.completed'), 'run.completed');
    await waitFor(() => session.states.some((s) => s.status === 'closed'), 'the server to end the stream');
    session.abort.abort();

    const statuses = finalStatuses(session.events);
    expect(Object.fromEntries(statuses)).toEqual(Object.fromEntries(['plan', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'write'].map((id) => [id, 'succeeded'])));
    const graph = session.events.find((e) => e.type === 'graph.defined');
    expect(graph?.type === 'graph.defined' && graph.edges).toHaveLength(12);
    const r3Text = session.events.filter((e) => e.type === 'node.output' && e.nodeId === 'r3').map((e) => (e.type === 'node.output' ? e.delta : '')).join('');
    expect(r3Text).toBe('Findings for topic 3: demand is growing and prices are falling.');

    const expectedMicros = fanOut.steps.reduce((sum, s) => sum + (s.op === 'cost' ? decimalToMicros(s.usd) : 0), 0);
    const costs = session.events.filter((e) => e.type === 'cost.recorded');
    expect(costs).toHaveLength(8);
    expect(costs.reduce((sum, e) => sum + (e.type === 'cost.recorded' ? e.micros : 0), 0)).toBe(expectedMicros);
    expect(session.events.filter((e) => e.type === 'tool.called').map((e) => (e.type === 'tool.called' ? e.args : undefined))[0]).toEqual({ query: 'topic 1' });
  });

  it('opens a gate from the interrupt, sends exactly one resume and completes the continuation', async () => {
    const session = openSession(aguiDialect.startRun!('Deploy please', 'gate~live'));
    await waitFor(() => session.events.some((e) => e.type === 'run.paused'), 'run.paused');
    const opened = session.events.find((e) => e.type === 'gate.opened');
    expect(opened).toMatchObject({ type: 'gate.opened', gateId: 'gate-deploy', nodeId: 'review', kind: 'interrupt', message: 'Deploy release 2.4 to production?' });
    expect(finalStatuses(session.events).get('review')).toBe('waiting');

    const commands = aguiDialect.answerGate({ gateId: 'gate-deploy', kind: 'interrupt', runId: 'gate~live' }, { option: RESOLVE_OPTION, edits: { approved: true }, decidedBy: 'tester' }, {});
    if (isUnavailable(commands)) throw new Error('answerGate must be available');
    for (const command of commands) {
      expect(await sendCommand(command, { baseUrl: sim.url, transport: session.transport })).toEqual({ ok: true });
    }
    await waitFor(() => session.events.some((e) => e.type === 'run.completed'), 'the continuation to complete');
    session.abort.abort();

    const resumes = sim.received.filter((c) => c.dialect === 'agui' && c.runId === 'gate~live' && c.kind === 'resume');
    expect(resumes.map((c) => c.body)).toEqual([{ interruptId: 'gate-deploy', status: 'resolved', payload: { approved: true } }]);
    expect(session.events.find((e) => e.type === 'gate.resolved')).toMatchObject({ gateId: 'gate-deploy', decision: 'resolved', payload: { approved: true } });
    expect(session.events.filter((e) => e.type === 'run.resumed')).toHaveLength(1);
    const statuses = finalStatuses(session.events);
    expect([statuses.get('draft'), statuses.get('review'), statuses.get('deploy')]).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it("a gate answered through the app's live session resumes with the conversation so far (our message, the agent's text)", async () => {
    const live = createLiveSession({ dialect: aguiDialect, params: { baseUrl: simulatorBackendUrl(aguiDialect, sim.url), runId: 'gate~conversation' }, start: 'Deploy release 2.4', schedule: paintAtOnce });
    try {
      const gate = await waitFor(() => Object.values(live.session.run.getState().gates).find((g) => g.status === 'open'), 'the interrupt');
      const approve = gate.options.find((o) => o.tone === 'approve')!;
      expect(await live.session.answerGate({ gateId: gate.gateId, kind: gate.kind, runId: 'gate~conversation' }, { option: approve, edits: { approved: true }, decidedBy: 'reviewer' }, { message: 'approved' })).toEqual({ ok: true });
      await waitFor(() => live.session.run.getState().status === 'succeeded', 'the continuation to finish');
      const inputs = sim.received.filter((c) => c.dialect === 'agui' && c.runId === 'gate~conversation' && c.kind === 'resume.input');
      expect(inputs).toHaveLength(1);
      const messages = (inputs[0]?.body as { messages: { role: string; content?: string }[] }).messages;
      expect(messages[0]).toMatchObject({ role: 'user', content: 'Deploy release 2.4' });
      expect(messages.some((m) => m.role === 'assistant' && typeof m.content === 'string' && m.content.length > 0)).toBe(true);
    } finally {
      live.close();
    }
  });
});

describe('the simulator plays interrupts as frameworks do', () => {
  const firstSegment = async (threadId: string) => {
    const events = await postRun(input(threadId));
    return { events, last: events.at(-1) as { outcome?: { interrupts?: Record<string, unknown>[] } } };
  };

  it('ends the segment with a CUSTOM description, an interrupt with responseSchema + metadata, and no TOOL_CALL_START for the suspended call', async () => {
    const { events, last } = await firstSegment('gate~framework-shape');
    const interrupt = last.outcome?.interrupts?.[0];
    expect(interrupt).toMatchObject({ id: 'gate-deploy', reason: 'runboard-sim:tool_suspend', responseSchema: { type: 'object', required: ['approved'] } });
    expect(interrupt?.message).toBeUndefined();
    expect(interrupt?.metadata).toMatchObject({ simulator: { suspendPayload: { question: 'Deploy release 2.4 to production?' } } });
    expect(events.at(-2)).toMatchObject({ type: 'CUSTOM', name: 'on_interrupt' });
    expect(events.some((e) => e.type === 'TOOL_CALL_START' && (e as { toolCallId?: string }).toolCallId === interrupt?.toolCallId)).toBe(false);
  });

  it.each([
    ['no payload', undefined],
    ['a string payload', 'yes'],
    ['a payload that fails the schema', { approved: 'yes' }],
  ])('a resume with %s is not honoured: the tool suspends again', async (_what, payload) => {
    const threadId = `gate~again-${String(_what).replace(/\W+/g, '-')}`;
    await firstSegment(threadId);
    const again = await postRun(input(threadId, [{ interruptId: 'gate-deploy', status: 'resolved', ...(payload !== undefined ? { payload } : {}) }]));
    expect(again.map((e) => e.type)).toEqual(['RUN_STARTED', 'CUSTOM', 'RUN_FINISHED']);
    expect((again.at(-1) as { outcome?: { type: string } }).outcome?.type).toBe('interrupt');
    const approved = await postRun(input(threadId, [{ interruptId: 'gate-deploy', status: 'resolved', payload: { approved: true } }]));
    expect((approved.at(-1) as { result?: unknown }).result).toEqual({ deployed: '2.4' });
  });

  it('carries out a denial ({approved: false}) and a cancel, with the suspended call’s result in the resumed segment', async () => {
    for (const [threadId, answer] of [
      ['gate~deny', { status: 'resolved', payload: { approved: false } }],
      ['gate~cancel-interrupt', { status: 'cancelled' }],
    ] as const) {
      const { last } = await firstSegment(threadId);
      const callId = last.outcome?.interrupts?.[0]?.toolCallId;
      const resumed = await postRun(input(threadId, [{ interruptId: 'gate-deploy', ...answer }]));
      expect(resumed[1]).toMatchObject({ type: 'TOOL_CALL_RESULT', toolCallId: callId });
      expect((resumed.at(-1) as { result?: unknown }).result).toEqual({ deployed: null });
    }
  });
});
