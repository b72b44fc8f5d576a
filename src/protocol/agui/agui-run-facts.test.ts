/**
 * Run facts from AG-UI streams as the official framework adapters send them: no
 * timestamps, RUN_STARTED without an `input` echo, usage on RUN_FINISHED, state as a
 * snapshot then JSON Patch deltas, and no STEP_* events.
 */
import { describe, expect, it } from 'vitest';

import { aguiDialect } from '@/protocol/agui/agui-dialect';
import { RunEventSchema, type RunEvent } from '@/protocol/run-event';

type Frame = Record<string, unknown>;

/** A fresh interpreter; `sent` is the run body this session POSTed (read before the stream, as ingest does). */
function session(sent?: unknown) {
  const interpret = aguiDialect.createInterpreter({ runId: 't1' });
  if (sent !== undefined) interpret({ body: { via: 'run', body: sent }, outbound: true });
  return (frames: Frame[]): RunEvent[] =>
    frames.flatMap((body) => {
      const result = interpret({ body });
      if (result.kind !== 'events') throw new Error(`rejected ${String(body.type)}: ${result.reason}`);
      for (const event of result.events) expect(RunEventSchema.safeParse(event).success).toBe(true);
      return result.events;
    });
}

const RUN = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };
const DONE = { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' };
const ofType = <T extends RunEvent['type']>(events: RunEvent[], type: T) => events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type);

describe('the run title', () => {
  it('is the first user message this session sent, when RUN_STARTED echoes no input', () => {
    const read = session({ threadId: 't1', runId: 'r1', messages: [{ id: 'u1', role: 'user', content: 'Book a table for two' }] });
    expect(ofType(read([RUN]), 'run.started')[0]).toMatchObject({ title: 'Book a table for two' });
  });

  it('is our own message even when the echo says something else', () => {
    const read = session({ threadId: 't1', runId: 'r1', messages: [{ id: 'u1', role: 'user', content: 'Ours' }] });
    const input = { messages: [{ id: 'x', role: 'user', content: 'Theirs' }] };
    expect(ofType(read([{ ...RUN, input }]), 'run.started')[0]?.title).toBe('Ours');
  });
});

describe('RUN_FINISHED.usage', () => {
  it('reaches run.completed as the summed input/output split across models', () => {
    const usage = [
      { provider: 'openai', model: 'a', inputTokens: 100, outputTokens: 20, totalTokens: 120 },
      { model: 'b', inputTokens: 5, outputTokens: 1 },
    ];
    const [completed] = ofType(session()([RUN, { ...DONE, usage }]), 'run.completed');
    expect(completed).toMatchObject({ inputTokens: 105, outputTokens: 21, totalTokens: 126 });
  });

  it('sums the usage of every run segment of an interrupted thread', () => {
    const read = session();
    read([RUN, { ...DONE, outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'confirm' }] }, usage: [{ inputTokens: 10, outputTokens: 2 }] }]);
    const [completed] = ofType(read([{ ...RUN, runId: 'r2' }, { ...DONE, runId: 'r2', usage: [{ inputTokens: 30, outputTokens: 4 }] }]), 'run.completed');
    expect(completed).toMatchObject({ inputTokens: 40, outputTokens: 6, totalTokens: 46 });
  });

  it("reaches run.failed from a failed run's partial RUN_ERROR.usage", () => {
    const [failed] = ofType(session()([RUN, { type: 'RUN_ERROR', message: 'model down', usage: [{ inputTokens: 7, outputTokens: 0 }] }]), 'run.failed');
    expect(failed).toMatchObject({ inputTokens: 7, outputTokens: 0, totalTokens: 7 });
  });

  it('keeps only the total when an entry has no split', () => {
    const [completed] = ofType(session()([RUN, { ...DONE, usage: [{ totalTokens: 40 }] }]), 'run.completed');
    expect(completed).toMatchObject({ totalTokens: 40 });
    expect(completed?.inputTokens).toBeUndefined();
  });
});

describe('state', () => {
  it('maps STATE_SNAPSHOT and STATE_DELTA to state events the run store applies', () => {
    const events = session()([
      RUN,
      { type: 'STATE_SNAPSHOT', snapshot: { items: [] } },
      { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/items/-', value: 'milk' }] },
    ]);
    expect(events.filter((e) => e.type.startsWith('state.'))).toEqual([
      { type: 'state.snapshot', state: { items: [] } },
      { type: 'state.delta', ops: [{ op: 'add', path: '/items/-', value: 'milk' }] },
    ]);
  });
});

describe('a run with no STEP_* events', () => {
  const call = (id: string, name: string, result: string, extra: Frame = {}) => [
    { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, parentMessageId: 'm1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: '{}' },
    { type: 'TOOL_CALL_END', toolCallId: id },
    { type: 'TOOL_CALL_RESULT', messageId: `${id}-r`, toolCallId: id, content: result, ...extra },
  ];

  it('shows each tool call as a node under the assistant, in the order they ran', () => {
    const events = session()([
      RUN,
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Looking.' },
      ...call('c1', 'search', 'hits'),
      ...call('c2', 'fetch', 'nope', { metadata: { error: true } }),
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      DONE,
    ]);
    const graph = ofType(events, 'graph.defined');
    expect(graph.flatMap((g) => g.nodes.map((n) => [n.id, n.label, n.kind]))).toEqual([
      ['assistant', 'Assistant', 'agent'],
      ['tool:c1', 'search', 'tool'],
      ['tool:c2', 'fetch', 'tool'],
    ]);
    // c2 started after c1 returned: drawn after it.
    expect(graph.flatMap((g) => g.edges)).toEqual([
      { source: 'assistant', target: 'tool:c1' },
      { source: 'tool:c1', target: 'tool:c2' },
    ]);
    expect(ofType(events, 'tool.called').map((e) => e.nodeId)).toEqual(['tool:c1', 'tool:c2']);
    expect(ofType(events, 'node.completed').map((e) => [e.nodeId, e.output])).toEqual([['tool:c1', 'hits'], ['assistant', undefined]]);
    expect(ofType(events, 'node.failed').map((e) => e.nodeId)).toEqual(['tool:c2']);
  });

  it('draws calls made together (none returned yet) as siblings of the same predecessor', () => {
    const start = (id: string) => [{ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: 'search' }, { type: 'TOOL_CALL_END', toolCallId: id }];
    const result = (id: string) => ({ type: 'TOOL_CALL_RESULT', messageId: `${id}-r`, toolCallId: id, content: 'ok' });
    const events = session()([RUN, ...start('a'), ...start('b'), result('a'), result('b'), ...start('c')]);
    expect(ofType(events, 'graph.defined').flatMap((g) => g.edges)).toEqual([
      { source: 'assistant', target: 'tool:a' },
      { source: 'assistant', target: 'tool:b' },
      { source: 'tool:b', target: 'tool:c' },
    ]);
  });

  it('keeps tool calls inside a step on the step (its tool list), as before', () => {
    const events = session()([RUN, { type: 'STEP_STARTED', stepName: 'plan' }, ...call('c1', 'search', 'hits')]);
    expect(ofType(events, 'tool.called')[0]?.nodeId).toBe('plan');
    expect(ofType(events, 'graph.defined').flatMap((g) => g.nodes.map((n) => n.id))).toEqual(['plan']);
  });

  it('closes a tool call that never returned when the run ends', () => {
    const events = session()([RUN, { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'ui_tool' }, { type: 'TOOL_CALL_END', toolCallId: 'c1' }, DONE]);
    expect(ofType(events, 'node.completed').map((e) => e.nodeId)).toContain('tool:c1');
  });

  it('gives an interrupt no tool call owns a node of its own under the assistant, done once answered', () => {
    const read = session();
    const paused = read([
      RUN,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'Need a yes.' },
      { ...DONE, outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'confirm' }] } },
    ]);
    expect(ofType(paused, 'graph.defined').flatMap((g) => g.edges)).toContainEqual({ source: 'assistant', target: 'interrupt:i1' });
    expect(ofType(paused, 'gate.opened')[0]?.nodeId).toBe('interrupt:i1');
    const resumed = read([{ ...RUN, runId: 'r2' }]);
    expect(ofType(resumed, 'node.completed').map((e) => e.nodeId)).toEqual(['interrupt:i1']);
  });

  it('puts an interrupt naming a tool call on that tool call node', () => {
    const events = session()([
      RUN,
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'send' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { ...DONE, outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'confirm', toolCallId: 'c1' }] } },
    ]);
    expect(ofType(events, 'gate.opened')[0]?.nodeId).toBe('tool:c1');
    expect(ofType(events, 'node.completed').map((e) => e.nodeId)).not.toContain('tool:c1');
  });
});
