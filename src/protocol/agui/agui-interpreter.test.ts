import { EventType } from '@ag-ui/core';
import { describe, expect, it } from 'vitest';

import { aguiDialect } from '@/protocol/agui/agui-dialect';
import { AGUI_EVENT_SCHEMAS } from '@/protocol/agui/agui-schemas';
import { createFrameReader, type ReadResult } from '@/protocol/read-frame';
import { RunEventSchema, type RunEvent } from '@/protocol/run-event';

type Frame = Record<string, unknown>;
const sse = (data: Frame) => ({ data });

const createReader = () => createFrameReader(aguiDialect, 't1');

/** Reads frames in order; every event must satisfy the canonical schema. */
function decodeAll(frames: Frame[], decode = createReader()): RunEvent[] {
  const events: RunEvent[] = [];
  for (const frame of frames) {
    const result = decode(sse(frame));
    if (result.kind !== 'events') throw new Error(`rejected ${String(frame.type)}: ${result.reason}`);
    for (const event of result.events) {
      const check = RunEventSchema.safeParse(event);
      if (!check.success) throw new Error(`invalid canonical event from ${String(frame.type)}: ${check.error.message}`);
    }
    events.push(...result.events);
  }
  return events;
}

const ofType = <T extends RunEvent['type']>(events: RunEvent[], type: T) =>
  events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type);

const RUN = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };
const STEP = { type: 'STEP_STARTED', stepName: 'plan' };

/** One valid frame per 1.0 EventType member, with the canonical types it must yield (after RUN + STEP). */
const EVERY_TYPE: [Frame, RunEvent['type'][]][] = [
  [{ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, []],
  [{ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi' }, ['node.output']],
  [{ type: 'TEXT_MESSAGE_END', messageId: 'm1' }, ['llm.text']],
  [{ type: 'TEXT_MESSAGE_CHUNK', messageId: 'm2', delta: 'x' }, ['node.output']],
  [{ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' }, []],
  [{ type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":1}' }, []],
  [{ type: 'TOOL_CALL_END', toolCallId: 'c1' }, ['tool.called']],
  [{ type: 'TOOL_CALL_RESULT', messageId: 'tm1', toolCallId: 'c1', content: 'ok', role: 'tool' }, ['tool.result']],
  [{ type: 'TOOL_CALL_CHUNK', toolCallId: 'c2', toolCallName: 'fetch', delta: '{}' }, []],
  [{ type: 'STATE_SNAPSHOT', snapshot: { a: 1 } }, ['tool.called', 'state.snapshot']],
  [{ type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/a', value: 2 }] }, ['state.delta']],
  [{ type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'u1', role: 'user', content: 'hi' }] }, ['log']],
  [{ type: 'ACTIVITY_SNAPSHOT', messageId: 'a1', activityType: 'plan', content: { steps: 2 } }, ['log']],
  [{ type: 'ACTIVITY_DELTA', messageId: 'a1', activityType: 'plan', patch: [] }, ['log']],
  [{ type: 'RAW', event: { provider: 'x' }, source: 'openai' }, ['raw']],
  [{ type: 'CUSTOM', name: 'something', value: { a: 1 } }, ['raw']],
  [{ type: 'REASONING_START', messageId: 'rs1' }, []],
  [{ type: 'REASONING_MESSAGE_START', messageId: 'rm1', role: 'reasoning' }, []],
  [{ type: 'REASONING_MESSAGE_CONTENT', messageId: 'rm1', delta: 'think' }, []],
  [{ type: 'REASONING_MESSAGE_END', messageId: 'rm1' }, ['llm.text']],
  [{ type: 'REASONING_MESSAGE_CHUNK', messageId: 'rm2', delta: 'more' }, []],
  [{ type: 'REASONING_END', messageId: 'rs1' }, ['llm.text']],
  [{ type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'rm1', encryptedValue: 'xx' }, ['raw']],
  [{ type: 'SUBAGENT_STARTED', subagentRunId: 's1', name: 'researcher' }, ['graph.defined', 'node.started']],
  [{ type: 'SUBAGENT_FINISHED', subagentRunId: 's1' }, ['node.completed']],
  [{ type: 'SUBAGENT_ERROR', subagentRunId: 's9', message: 'boom' }, ['node.failed']],
  [{ type: 'STEP_FINISHED', stepName: 'plan' }, ['node.completed']],
  [{ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' }, ['run.completed']],
];

describe('agui interpreter: every 1.0 event type', () => {
  it('decodes RUN_STARTED and STEP_STARTED into run, graph and node events', () => {
    const events = decodeAll([RUN, STEP]);
    expect(events.map((e) => e.type)).toEqual(['run.started', 'log', 'graph.defined', 'node.started']);
    expect(ofType(events, 'node.started')[0]).toMatchObject({ nodeId: 'plan', attempt: 1 });
    expect(ofType(events, 'graph.defined')[0]).toMatchObject({ nodes: [{ id: 'plan', label: 'plan' }], edges: [] });
  });

  it("titles the run with the first user message of the RunAgentInput echo (AG-UI has no title of its own)", () => {
    const input = { threadId: 't1', runId: 'r1', messages: [{ id: 'm1', role: 'user', content: 'Deploy release 2.4 to production' }, { id: 'm2', role: 'assistant', content: 'ok' }] };
    const [started] = ofType(decodeAll([{ ...RUN, input }]), 'run.started');
    expect(started).toMatchObject({ title: 'Deploy release 2.4 to production' });
    const long = { ...input, messages: [{ id: 'm1', role: 'user', content: `${'word '.repeat(40)}end` }] };
    expect(ofType(decodeAll([{ ...RUN, input: long }]), 'run.started')[0]?.title).toMatch(/^word word .{0,80}…$/);
    expect(ofType(decodeAll([RUN]), 'run.started')[0]?.title).toBeUndefined();
  });

  it('decodes each remaining type in a run into schema-valid canonical events', () => {
    const decode = createReader();
    decodeAll([RUN, STEP], decode);
    for (const [frame, expected] of EVERY_TYPE) {
      const types = decodeAll([frame], decode).map((e) => e.type);
      expect({ frame: frame.type, types }).toEqual({ frame: frame.type, types: expected });
    }
  });

  it('has a schema and a test frame for every member of @ag-ui/core 1.0 EventType', () => {
    const real = Object.values(EventType).sort();
    expect(real).toHaveLength(31);
    expect([...AGUI_EVENT_SCHEMAS.keys()].sort()).toEqual(real);
    const covered = new Set([RUN.type, STEP.type, 'RUN_ERROR', ...EVERY_TYPE.map(([f]) => f.type)]);
    expect([...covered].sort()).toEqual(real);
  });

  it('places frames with no ordering key and no identity (deltas may repeat)', () => {
    const decode = createReader();
    decodeAll([RUN, STEP, { type: 'TEXT_MESSAGE_START', messageId: 'm' }], decode);
    const a = decode(sse({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'la ' }));
    const b = decode(sse({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'la ' }));
    expect(a).toEqual(b);
    expect(a).toEqual({
      kind: 'events',
      events: [{ type: 'node.output', nodeId: 'plan', delta: 'la ' }],
      placements: [{ body: { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'la ' } }],
      rejected: [],
    });
  });

  it('stamps atMs from the event timestamp', () => {
    const events = decodeAll([{ ...RUN, timestamp: 1_700_000_000_000 }]);
    expect(events[0]?.atMs).toBe(1_700_000_000_000);
  });
});

describe('agui interpreter: text attribution', () => {
  it('sends text outside any step to an assistant node, completed with the run', () => {
    const events = decodeAll([RUN, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'hello' }, { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' }]);
    expect(events.map((e) => e.type)).toEqual(['run.started', 'log', 'graph.defined', 'node.started', 'node.output', 'node.completed', 'run.completed']);
    expect(ofType(events, 'node.output')[0]?.nodeId).toBe('assistant');
  });

  it('keeps each message on the step named in metadata.stepName while parallel steps are open', () => {
    const events = decodeAll([
      RUN,
      { type: 'STEP_STARTED', stepName: 'r1' },
      { type: 'STEP_STARTED', stepName: 'r2' },
      { type: 'TEXT_MESSAGE_START', messageId: 'a', metadata: { stepName: 'r1' } },
      { type: 'TEXT_MESSAGE_START', messageId: 'b' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'one' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'b', delta: 'two' },
    ]);
    expect(ofType(events, 'node.output').map((e) => [e.nodeId, e.delta])).toEqual([
      ['r1', 'one'],
      ['r2', 'two'],
    ]);
  });
});

describe('agui interpreter: tool calls', () => {
  it('assembles START/ARGS/END into one tool.called with parsed JSON args, then a result with the tool name', () => {
    const events = decodeAll([
      RUN,
      STEP,
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'web_search' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"query":' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"ag-ui",' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"limit":3}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'r', toolCallId: 'c1', content: '{"hits":2}' },
    ]);
    expect(ofType(events, 'tool.called')).toEqual([{ type: 'tool.called', nodeId: 'plan', callId: 'c1', tool: 'web_search', args: { query: 'ag-ui', limit: 3 } }]);
    expect(ofType(events, 'tool.result')).toEqual([{ type: 'tool.result', nodeId: 'plan', callId: 'c1', tool: 'web_search', ok: true, result: '{"hits":2}' }]);
  });

  it('keeps non-JSON arguments as text', () => {
    const events = decodeAll([RUN, { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'sh' }, { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: 'ls -la' }, { type: 'TOOL_CALL_END', toolCallId: 'c' }]);
    expect(ofType(events, 'tool.called')[0]?.args).toBe('ls -la');
  });

  it('closes a TOOL_CALL_CHUNK call when the next non-chunk event arrives', () => {
    const events = decodeAll([
      RUN,
      STEP,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'k', toolCallName: 'fetch', delta: '{"url":' },
      { type: 'TOOL_CALL_CHUNK', delta: '"x"}' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'done' },
    ]);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['tool.called', 'node.output']);
    expect(ofType(events, 'tool.called')[0]).toMatchObject({ callId: 'k', tool: 'fetch', args: { url: 'x' } });
  });
});

describe('agui interpreter: interrupts', () => {
  const interrupted = [
    RUN,
    { type: 'STEP_STARTED', stepName: 'review' },
    { type: 'STEP_FINISHED', stepName: 'review', metadata: { outcome: 'suspended' } },
    {
      type: 'RUN_FINISHED',
      threadId: 't1',
      runId: 'r1',
      outcome: {
        type: 'interrupt',
        interrupts: [
          { id: 'i1', reason: 'approval', message: 'Deploy?', expiresAt: '2030-01-01T00:00:00Z', metadata: { stepName: 'review' } },
          { id: 'i2', reason: 'needs_input' },
        ],
      },
    },
  ];

  it('opens one interrupt gate per interrupt and pauses the run', () => {
    const events = decodeAll(interrupted);
    const gates = ofType(events, 'gate.opened');
    expect(gates).toHaveLength(2);
    expect(gates[0]).toMatchObject({
      gateId: 'i1',
      nodeId: 'review',
      kind: 'interrupt',
      message: 'Deploy?',
      acceptsText: true,
      deadlineAtMs: Date.parse('2030-01-01T00:00:00Z'),
      options: [
        { value: 'resolved', label: 'Resolve and continue', tone: 'approve' },
        { value: 'cancelled', label: 'Skip this step', tone: 'reject' },
      ],
    });
    expect(gates[1]).toMatchObject({ gateId: 'i2', message: 'The agent is waiting for your answer (needs_input)' });
    expect(ofType(events, 'node.status')[0]).toMatchObject({ nodeId: 'review', status: 'waiting' });
    expect(events.at(-1)?.type).toBe('run.paused');
    expect(ofType(events, 'run.completed')).toHaveLength(0);
  });

  it('resolves the gates from the resume echo of the next RUN_STARTED and resumes the suspended step', () => {
    const events = decodeAll([
      ...interrupted,
      { type: 'RUN_STARTED', threadId: 't1', runId: 'r2', input: { threadId: 't1', runId: 'r2', messages: [], resume: [{ interruptId: 'i1', status: 'cancelled' }] } },
      { type: 'STEP_STARTED', stepName: 'review' },
    ]);
    const resolved = ofType(events, 'gate.resolved');
    expect(resolved.map((g) => [g.gateId, g.decision])).toEqual([
      ['i1', 'cancelled'],
      ['i2', 'answered'],
    ]);
    expect(ofType(events, 'run.resumed')).toHaveLength(1);
    expect(ofType(events, 'run.started')).toHaveLength(1);
    expect(events.at(-1)).toEqual({ type: 'node.status', nodeId: 'review', status: 'running' });
  });
});

describe('agui interpreter: run endings, steps and conventions', () => {
  it('maps RUN_ERROR to run.failed and the cancelled spellings to run.cancelled', () => {
    expect(decodeAll([RUN, { type: 'RUN_ERROR', message: 'boom', code: 'E1' }]).at(-1)).toEqual({ type: 'run.failed', error: { message: 'boom', code: 'E1' } });
    expect(decodeAll([RUN, { type: 'RUN_ERROR', message: 'stopped', code: 'cancelled' }]).at(-1)).toEqual({ type: 'run.cancelled', reason: 'stopped' });
    expect(decodeAll([RUN, { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'cancelled' } }]).at(-1)).toEqual({ type: 'run.cancelled' });
  });

  it('reads an unknown outcome as success (1.0 rule) with a warning, and sums usage', () => {
    const events = decodeAll([RUN, { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'handoff' }, usage: [{ inputTokens: 10, outputTokens: 5 }, { totalTokens: 7 }] }]);
    expect(ofType(events, 'log').some((e) => e.level === 'warn' && e.message.includes('handoff'))).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run.completed', totalTokens: 22 });
  });

  it('maps failed step metadata to node.retrying, then a restart to attempt 2, then node.failed', () => {
    const events = decodeAll([
      RUN,
      { type: 'STEP_STARTED', stepName: 'fetch' },
      { type: 'STEP_FINISHED', stepName: 'fetch', metadata: { outcome: 'failed', error: { message: 'rate limit', code: '429' }, retrying: true } },
      { type: 'STEP_STARTED', stepName: 'fetch' },
      { type: 'STEP_FINISHED', stepName: 'fetch', metadata: { outcome: 'failed', error: 'gave up' } },
    ]);
    expect(ofType(events, 'node.retrying')[0]).toEqual({ type: 'node.retrying', nodeId: 'fetch', attempt: 1, error: { message: 'rate limit', code: '429' } });
    expect(ofType(events, 'node.started').map((e) => e.attempt)).toEqual([1, 2]);
    expect(ofType(events, 'node.failed')[0]).toEqual({ type: 'node.failed', nodeId: 'fetch', attempt: 2, error: { message: 'gave up' } });
    expect(ofType(events, 'graph.defined')).toHaveLength(1);
  });

  it('reads CUSTOM usage/cost as cost.recorded in integer micro-USD (camelCase and snake_case)', () => {
    const events = decodeAll([
      RUN,
      STEP,
      { type: 'CUSTOM', name: 'usage', value: { model: 'gpt-4o-mini', inputTokens: 400, outputTokens: 80, costUsd: 0.0042 } },
      { type: 'CUSTOM', name: 'cost', value: { input_tokens: 1, output_tokens: 2, cost_usd: 0.1, stepName: 'write' } },
    ]);
    expect(ofType(events, 'cost.recorded')).toEqual([
      { type: 'cost.recorded', nodeId: 'plan', model: 'gpt-4o-mini', inputTokens: 400, outputTokens: 80, micros: 4200, currency: 'USD' },
      { type: 'cost.recorded', nodeId: 'write', inputTokens: 1, outputTokens: 2, micros: 100_000, currency: 'USD' },
    ]);
  });

  it('keeps a CUSTOM usage without a cost as raw, not an error', () => {
    expect(decodeAll([RUN, { type: 'CUSTOM', name: 'usage', value: { tokens: 3 } }]).at(-1)).toMatchObject({ type: 'raw', frameType: 'CUSTOM:usage' });
  });

  it('reads CUSTOM plan, step_skipped, step_progress and log', () => {
    const events = decodeAll([
      RUN,
      { type: 'CUSTOM', name: 'plan', value: { nodes: [{ id: 'a', label: 'A' }, { id: 'b' }], edges: [{ source: 'a', target: 'b' }] } },
      { type: 'CUSTOM', name: 'step_skipped', value: { stepName: 'b', reason: 'branch_not_taken' } },
      { type: 'CUSTOM', name: 'step_progress', value: { stepName: 'a', progress: 0.5, message: 'half' } },
      { type: 'CUSTOM', name: 'log', value: { level: 'warn', message: '429', stepName: 'a' } },
      { type: 'STEP_STARTED', stepName: 'a' },
    ]);
    expect(ofType(events, 'graph.defined')).toEqual([{ type: 'graph.defined', nodes: [{ id: 'a', label: 'A' }, { id: 'b', label: 'b' }], edges: [{ source: 'a', target: 'b' }] }]);
    expect(ofType(events, 'node.skipped')[0]).toEqual({ type: 'node.skipped', nodeId: 'b', reason: 'branch_not_taken' });
    expect(ofType(events, 'node.progress')[0]).toEqual({ type: 'node.progress', nodeId: 'a', progress: 0.5, message: 'half' });
    expect(ofType(events, 'log').at(-1)).toEqual({ type: 'log', level: 'warn', message: '429', nodeId: 'a' });
  });

  it('links a subagent to its parent only when the stream names the parent, and attributes its steps', () => {
    const events = decodeAll([
      RUN,
      { type: 'SUBAGENT_STARTED', subagentRunId: 'p', name: 'planner' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 'c', name: 'coder', parentSubagentRunId: 'p' },
      { type: 'STEP_STARTED', stepName: 'tools', subagentRunId: 'c' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'x', subagentRunId: 'c' },
    ]);
    const graphs = ofType(events, 'graph.defined');
    expect(graphs[0]?.edges).toEqual([]);
    expect(graphs[1]?.edges).toEqual([{ source: 'subagent:p', target: 'subagent:c' }]);
    expect(graphs[2]?.nodes[0]).toMatchObject({ id: 'c/tools', group: 'subagent:c' });
    expect(ofType(events, 'node.output')[0]?.nodeId).toBe('c/tools');
  });
});

describe('agui locate and interpreter: tolerance and rejection', () => {
  const decodeOne = (frame: unknown): ReadResult => createReader()(frame);

  it('keeps an unknown type as a raw event', () => {
    expect(decodeOne(sse({ type: 'SHINY_NEW_EVENT' }))).toEqual({
      kind: 'events',
      events: [{ type: 'raw', frameType: 'SHINY_NEW_EVENT', unknown: true }],
      placements: [{ body: { type: 'SHINY_NEW_EVENT' } }],
      rejected: [],
    });
  });

  it('rejects a known type with a wrong field type, naming the path (hot path included)', () => {
    const content = decodeOne(sse({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 5 }));
    expect(content).toMatchObject({ kind: 'rejected', frameType: 'TEXT_MESSAGE_CONTENT' });
    expect(content.kind === 'rejected' && content.reason).toContain('delta');
    const args = decodeOne(sse({ type: 'TOOL_CALL_ARGS', toolCallId: 7, delta: '{}' }));
    expect(args.kind === 'rejected' && args.reason).toContain('toolCallId');
    const finished = decodeOne(sse({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [] } }));
    expect(finished.kind === 'rejected' && finished.reason).toContain('outcome');
  });

  it('rejects frames that are not AG-UI events', () => {
    expect(decodeOne({ data: 'not json' }).kind).toBe('rejected');
    expect(decodeOne({ data: { no: 'type' } }).kind).toBe('rejected');
    expect(decodeOne(42).kind).toBe('rejected');
  });

  it('accepts extra keys, null for optional fields and bare (non-SSE) events', () => {
    const decode = createReader();
    decodeAll([RUN, STEP], decode);
    const result = decode({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 't', parentMessageId: null, subagentRunId: null, future: { x: 1 } });
    expect(result).toMatchObject({ kind: 'events', rejected: [] });
    expect(result.kind === 'events' && result.events).toEqual([]);
    const end = decode(sse({ type: 'TOOL_CALL_END', toolCallId: 'c', extra: true }));
    expect(end).toMatchObject({ kind: 'events', events: [{ type: 'tool.called', tool: 't', nodeId: 'plan' }] });
  });
});

describe('agui interpreter: THINKING_* (agents built on SDKs before 1.0)', () => {
  it('shows the thinking as reasoning text, like REASONING_*, and rejects a malformed delta', () => {
    const read = createReader();
    const frames = [
      { type: 'THINKING_START', title: 'Planning' },
      { type: 'THINKING_TEXT_MESSAGE_START' },
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'First I will look ' },
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'at the sales data.' },
      { type: 'THINKING_TEXT_MESSAGE_END' },
      { type: 'THINKING_END' },
    ].map((frame) => read(sse(frame)));
    const events = frames.flatMap((result) => (result.kind === 'events' ? result.events : []));
    expect(events).toEqual([{ type: 'llm.text', role: 'reasoning', text: 'First I will look at the sales data.' }]);
    expect(read(sse({ type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 7 }))).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('delta') });
  });
});

describe('agui interpreter: the conversation a resumed run carries', () => {
  it('keeps our own user message and the stream\'s assistant text, tool calls and results, and offers them at the end of each run', () => {
    const interpret = aguiDialect.createInterpreter({ runId: 't1' });
    interpret({ body: { via: 'run', body: { threadId: 't1', runId: 'r1', messages: [{ id: 'u1', role: 'user', content: 'Send the report' }] } }, outbound: true });
    const stream = [
      { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Sending ' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'now.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'TOOL_CALL_START', toolCallId: 'tc-1', toolCallName: 'sendEmail', parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'tc-1', delta: '{"to":"a@b.com"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'tc-1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'm2', toolCallId: 'tc-1', content: 'queued' },
    ].map((body) => interpret({ body }));
    expect(stream.every((result) => result.kind === 'events' && result.memo === undefined)).toBe(true);
    const finished = interpret({ body: { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', outcome: { type: 'interrupt', interrupts: [{ id: 'int-1', reason: 'confirmation' }] } } });
    expect(finished.kind === 'events' && finished.memo).toEqual({
      'agui.messages': [
        { id: 'u1', role: 'user', content: 'Send the report' },
        { id: 'm1', role: 'assistant', content: 'Sending now.', toolCalls: [{ id: 'tc-1', type: 'function', function: { name: 'sendEmail', arguments: '{"to":"a@b.com"}' } }] },
        { id: 'm2', role: 'tool', toolCallId: 'tc-1', content: 'queued' },
      ],
    });
  });

  it('joins streamed text into its message wherever a message is read: the response, the next title and prompt, a snapshot, the memo', () => {
    const interpret = aguiDialect.createInterpreter({ runId: 't1' });
    const body = (b: Record<string, unknown>) => interpret({ body: b });
    const events = (b: Record<string, unknown>) => {
      const result = body(b);
      return result.kind === 'events' ? result.events : [];
    };
    body({ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' });
    // A user message streamed (no START), interleaved with an assistant message.
    body({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'u1', delta: 'Draft ' });
    body({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' });
    body({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Fine, ' });
    body({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'u1', delta: 'the memo' });
    body({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'drafting.' });
    expect(events({ type: 'TEXT_MESSAGE_END', messageId: 'm1' })).toEqual([expect.objectContaining({ type: 'llm.text', role: 'response', text: 'Fine, drafting.' })]);
    // Text after the end still joins the message (the stream decides, not our bookkeeping).
    body({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: ' Done.' });
    const first = body({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' });
    expect(first.kind === 'events' && first.memo?.['agui.messages']).toEqual([
      { id: 'u1', role: 'assistant', content: 'Draft the memo' },
      { id: 'm1', role: 'assistant', content: 'Fine, drafting. Done.' },
    ]);
    // A snapshot replaces what was streamed; a message whose content is not text takes the next delta as its text.
    body({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: ' Lost.' });
    body({ type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'q1', role: 'user', content: [{ type: 'text', text: 'old' }] }, { id: 'm1', role: 'assistant', content: 'Kept' }] });
    body({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'q1', delta: 'Ship it' });
    body({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: ' and more' });
    (body({ type: 'TEXT_MESSAGE_START', messageId: 'q1', role: 'user' }));
    const second = events({ type: 'RUN_STARTED', threadId: 't1', runId: 'r2' });
    expect(second).toContainEqual({ type: 'llm.text', role: 'prompt', text: 'Ship it' });
    const finished = body({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r2' });
    expect(finished.kind === 'events' && finished.memo?.['agui.messages']).toEqual([
      { id: 'q1', role: 'user', content: 'Ship it' },
      { id: 'm1', role: 'assistant', content: 'Kept and more' },
    ]);
  });

  it('leaves a memo it handed over as it was while the next run streams into the same messages and calls', () => {
    const interpret = aguiDialect.createInterpreter({ runId: 't1' });
    const body = (b: Record<string, unknown>) => interpret({ body: b });
    body({ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' });
    body({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Half' });
    body({ type: 'TOOL_CALL_START', toolCallId: 'tc-1', toolCallName: 'sendEmail', parentMessageId: 'm1' });
    body({ type: 'TOOL_CALL_ARGS', toolCallId: 'tc-1', delta: '{"to":' });
    const first = body({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' });
    const handed = first.kind === 'events' ? first.memo : undefined;
    const before = structuredClone(handed);
    // Our next run carries that memo back (the session's answer to a gate), then the stream goes on.
    interpret({ body: { via: 'run', body: { threadId: 't1', runId: 'r2', messages: handed?.['agui.messages'] } }, outbound: true });
    body({ type: 'RUN_STARTED', threadId: 't1', runId: 'r2' });
    body({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: ' and the rest' });
    body({ type: 'TOOL_CALL_ARGS', toolCallId: 'tc-1', delta: '"a@b.com"}' });
    body({ type: 'TOOL_CALL_START', toolCallId: 'tc-2', toolCallName: 'archive', parentMessageId: 'm1' });
    const second = body({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r2' });
    expect(handed).toEqual(before);
    expect(second.kind === 'events' && second.memo?.['agui.messages']).toEqual([
      {
        id: 'm1',
        role: 'assistant',
        content: 'Half and the rest',
        toolCalls: [
          { id: 'tc-1', type: 'function', function: { name: 'sendEmail', arguments: '{"to":"a@b.com"}' } },
          { id: 'tc-2', type: 'function', function: { name: 'archive', arguments: '' } },
        ],
      },
    ]);
  });
});
