/**
 * Runboard against real AG-UI framework adapters from npm, in-process: Mastra through
 * `@ag-ui/mastra` and VoltAgent through `@voltagent/ag-ui`, each on the `ai` package's mock
 * model (tests/support/agui-adapters), served over real HTTP SSE on 127.0.0.1 and read by
 * the app's own live session. The framework must carry out what the reviewer decided.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { createLiveSession, paintAtOnce } from '@/session';
import { answerGate } from '@/features/gates/actions/answer-gate';
import { aguiDialect } from '@/protocol/agui/agui-dialect';
import { gateVerdictText } from '@/stores/gate-verdict';
import type { GateState } from '@/stores/run-types';

import { createMastraHarness, type MastraHarness } from '../support/agui-adapters/mastra-agent';
import { serveAgui, type AguiServer } from '../support/agui-adapters/serve-agui';
import { createVoltAgentAdapter } from '../support/agui-adapters/voltagent-agent';
import { waitFor } from './wait-for';

type Live = ReturnType<typeof createLiveSession>;
const opened: Live[] = [];

function open(server: AguiServer, runId: string, start: string): Live {
  const live = createLiveSession({ dialect: aguiDialect, params: { baseUrl: server.url, runId }, start, schedule: paintAtOnce });
  opened.push(live);
  return live;
}
afterEach(() => {
  for (const live of opened.splice(0)) live.close();
});

const state = (live: Live) => live.session.run.getState();
const events = (live: Live) => Array.from({ length: state(live).logLength }, (_, i) => live.session.log.at(i)?.event);
const openGate = (live: Live) => Object.values(state(live).gates).find((g): g is GateState => g?.status === 'open');
const finished = (live: Live) => (['succeeded', 'failed', 'cancelled'].includes(state(live).status) ? state(live).status : undefined);

describe('Mastra through @ag-ui/mastra', () => {
  let harness: MastraHarness;
  let server: AguiServer;
  beforeAll(async () => {
    harness = createMastraHarness();
    server = await serveAgui(harness.agent);
  });
  afterAll(async () => server.close());

  it('a plain run: the answer streams in and the run succeeds with its tokens', async () => {
    const live = open(server, 'mastra-plain', 'What is the capital of France?');
    expect(await waitFor(() => finished(live), 'the run to end')).toBe('succeeded');
    const text = events(live).flatMap((e) => (e?.type === 'node.output' ? [e.delta] : [])).join('');
    expect(text).toBe('Paris is the capital of France.');
    expect(events(live).find((e) => e?.type === 'run.completed')).toMatchObject({ totalTokens: 18 });
  });

  it('a tool call: name, arguments and result belong to the one call', async () => {
    const live = open(server, 'mastra-tool', 'What is the weather in Paris?');
    await waitFor(() => finished(live), 'the run to end');
    const called = events(live).find((e) => e?.type === 'tool.called');
    const result = events(live).find((e) => e?.type === 'tool.result');
    expect(called).toMatchObject({ tool: 'lookup', args: { city: 'Paris' } });
    expect(result).toMatchObject({ tool: 'lookup', callId: called?.type === 'tool.called' ? called.callId : '', ok: true });
  });

  it('state: the agent state it sends is read', async () => {
    const live = open(server, 'mastra-state', 'Please remember Paris');
    await waitFor(() => finished(live), 'the run to end');
    expect(events(live).some((e) => e?.type === 'state.snapshot' || e?.type === 'state.delta')).toBe(true);
    expect(JSON.stringify(state(live).agentState.value)).toContain('Paris');
  });

  it('an interrupt approved with the schema’s payload: the question is shown and the tool really runs', async () => {
    const live = open(server, 'mastra-approve', 'Deploy release 2.4');
    const gate = await waitFor(() => openGate(live), 'the interrupt');
    expect(gate.message).toBe('Deploy release 2.4 to production?');
    expect(gate.context).toMatchObject({ tool: 'deploy', arguments: { release: '2.4', target: 'production' }, reason: 'mastra:tool_suspend' });
    expect(gate.schema).toMatchObject({ properties: { approved: { type: 'boolean' } }, required: ['approved'] });
    const resolve = gate.options.find((o) => o.value === 'resolved')!;
    expect((await answerGate(live.session, gate, { option: resolve, edits: { approved: true }, decidedBy: 'reviewer' })).kind).toBe('sent');
    expect(await waitFor(() => finished(live), 'the resumed run to end')).toBe('succeeded');
    expect(harness.deployed).toEqual(['2.4']);
    expect(server.received.at(-1)?.resume).toEqual([{ interruptId: gate.gateId, status: 'resolved', payload: { approved: true } }]);
    expect(gateVerdictText(state(live).gates[gate.gateId]!)).toBe('approved with {"approved":true}');
    const result = events(live).find((e) => e?.type === 'tool.result');
    expect(result).toMatchObject({ tool: 'deploy', result: '{"deployed":"2.4"}' });
  });

  it('an interrupt denied with {approved: false}: the tool does not deploy and the gate reads rejected', async () => {
    const before = harness.deployed.length;
    const live = open(server, 'mastra-deny', 'Deploy release 2.4');
    const gate = await waitFor(() => openGate(live), 'the interrupt');
    await answerGate(live.session, gate, { option: gate.options.find((o) => o.value === 'resolved')!, edits: { approved: false }, decidedBy: 'reviewer' });
    await waitFor(() => finished(live), 'the resumed run to end');
    expect(harness.deployed).toHaveLength(before);
    expect(events(live).find((e) => e?.type === 'tool.result')).toMatchObject({ tool: 'deploy', result: expect.stringContaining('the reviewer said no') });
    expect(gateVerdictText(state(live).gates[gate.gateId]!)).toBe('rejected with {"approved":false}');
  });

  it('a cancelled interrupt: nothing runs and the gate reads cancelled', async () => {
    const before = { deployed: harness.deployed.length, asked: harness.asked };
    const live = open(server, 'mastra-cancel', 'Deploy release 2.4');
    const gate = await waitFor(() => openGate(live), 'the interrupt');
    await answerGate(live.session, gate, { option: gate.options.find((o) => o.value === 'cancelled')!, decidedBy: 'reviewer' });
    await waitFor(() => finished(live), 'the cancelled run to end');
    expect(server.received.at(-1)?.resume).toEqual([{ interruptId: gate.gateId, status: 'cancelled' }]);
    expect(harness.deployed).toHaveLength(before.deployed);
    expect(harness.asked).toBe(before.asked + 1);
    expect(gateVerdictText(state(live).gates[gate.gateId]!)).toBe('cancelled');
  });

  it('why the payload matters: resolved with no payload, Mastra starts a fresh turn and the tool asks again', async () => {
    const live = open(server, 'mastra-no-payload', 'Deploy release 2.4');
    const gate = await waitFor(() => openGate(live), 'the interrupt');
    const asked = harness.asked;
    await answerGate(live.session, gate, { option: gate.options.find((o) => o.value === 'resolved')!, decidedBy: 'reviewer' });
    const again = await waitFor(() => (openGate(live)?.gateId !== gate.gateId ? openGate(live) : undefined), 'a second interrupt');
    expect(again.message).toBe('Deploy release 2.4 to production?');
    expect(harness.asked).toBe(asked + 1);
  });
});

describe('VoltAgent through @voltagent/ag-ui', () => {
  let server: AguiServer;
  const log = console.log;
  beforeAll(async () => {
    // The adapter logs every event it emits ("[VoltAgentAGUI] …"): kept out of the test output.
    console.log = (...args: unknown[]) => (String(args[0]).startsWith('[VoltAgentAGUI]') ? undefined : log(...args));
    server = await serveAgui(createVoltAgentAdapter());
  });
  afterAll(async () => {
    console.log = log;
    await server.close();
  });

  it('a plain run succeeds with its text', async () => {
    const live = open(server, 'volt-plain', 'What is the capital of France?');
    expect(await waitFor(() => finished(live), 'the run to end')).toBe('succeeded');
    expect(events(live).flatMap((e) => (e?.type === 'node.output' ? [e.delta] : [])).join('')).toBe('Paris is the capital of France.');
  });

  it('a tool call with its result, then the answer', async () => {
    const live = open(server, 'volt-tool', 'What is the weather in Paris?');
    expect(await waitFor(() => finished(live), 'the run to end')).toBe('succeeded');
    expect(events(live).find((e) => e?.type === 'tool.called')).toMatchObject({ tool: 'lookup', args: { city: 'Paris' } });
    expect(events(live).find((e) => e?.type === 'tool.result')).toMatchObject({ tool: 'lookup', ok: true });
  });
});
