import { readFileSync } from 'node:fs';

import { describe, expect, test } from 'vitest';

import { myagentDialect } from '@/protocol/myagent/myagent-dialect';
import { createFrameReader, type ReadResult } from '@/protocol/read-frame';
import { RunEventSchema, type RunEvent } from '@/protocol/run-event';

let runs = 0;
/** locate + one interpreter, as read on the given connection (0 = the first). */
function reader(connection = 0, runId = `test-${++runs}`) {
  const read = createFrameReader(myagentDialect, runId);
  for (let i = 0; i < connection; i++) read.newConnection();
  return read;
}

/** A frame the way the real server stamps it: seq, event_id, connection_id, naive timestamp. */
function stamped(event: string, body: Record<string, unknown> = {}, seq = 1): Record<string, unknown> {
  const metadata = { connection_id: 'c1', ...(body.metadata as Record<string, unknown> | undefined) };
  return { event, session_id: 'sess-1', timestamp: '2025-10-18T14:30:00.123456', seq, event_id: `c1-${seq}`, show_content: 'shown', ...body, metadata };
}

function events(result: ReadResult): RunEvent[] {
  if (result.kind !== 'events') throw new Error(`rejected: ${result.reason}`);
  for (const event of result.events) expect(RunEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
  return result.events;
}
const typesOf = (result: ReadResult) => events(result).map((e) => e.type);
const find = <T extends RunEvent['type']>(list: RunEvent[], type: T) => list.find((e) => e.type === type) as Extract<RunEvent, { type: T }> | undefined;

const TASKS = [
  { id: 1, title: 'Sales overview', dependencies: [] },
  { id: 2, title: 'Regional split', dependencies: [1] },
  { id: 3, title: 'Summary', dependencies: [1, 2, 99] },
];

describe('myagent interpreter: every server event maps to canonical events', () => {
  const cases: [string, Record<string, unknown>, RunEvent['type'][]][] = [
    ['plan.start', { content: { question: 'Make slides' } }, ['run.started', 'chapter.started']],
    ['plan.completed', { content: { tasks: TASKS }, metadata: { plan_summary: 'Three slides' } }, ['run.started', 'graph.defined', 'log']],
    ['plan.cancelled', { content: 'Planning cancelled by user' }, ['log']],
    ['plan.coercion_error', { content: { message: 'bad plan', error: 'JSONDecodeError' } }, ['log']],
    ['solver.start', { content: { task: { id: 'task_1', title: 'Write' } } }, ['run.started', 'chapter.started', 'node.started']],
    ['solver.completed', { metadata: { task_id: 'task_1', cost_usd: 0.0123 } }, ['cost.recorded', 'node.completed']],
    ['solver.cancelled', { content: { task_id: 'task_2' } }, ['node.cancelled']],
    ['solver.restarted', { metadata: { task_id: 'task_1', attempt: 2 } }, ['node.retrying']],
    ['solver.progress', { metadata: { task_id: 'task_1', progress_percent: 40 } }, ['node.progress']],
    // Before any plan the stream is a plain tool agent's: its first event starts the agent's one node.
    ['agent.thinking', { content: 'Analysing…' }, ['node.started', 'log']],
    ['agent.tool_call', { metadata: { tool_name: 'web_search', tool_args: { q: 'ai' }, call_id: 'call_1' } }, ['node.started', 'tool.called']],
    ['agent.tool_result', { metadata: { tool_name: 'web_search', call_id: 'call_1', result: { status: 'success' } } }, ['node.started', 'tool.result']],
    ['agent.partial_answer', { content: 'Slide 1', metadata: { task_id: 'task_1' } }, ['log', 'node.output']],
    ['agent.final_answer', { content: 'Done', metadata: { cost_usd: 0.05 } }, ['cost.recorded', 'run.started', 'node.started', 'node.completed', 'run.completed']],
    ['agent.user_confirm', { step_id: 'confirm_1', content: 'Confirm plan', metadata: { scope: 'plan' } }, ['gate.opened']],
    ['agent.error', { content: 'Invalid input' }, ['log']],
    ['agent.session_created', { content: { session_id: 'sess-1' } }, ['log']],
    ['agent.session_end', { content: 'bye', metadata: { reason: 'completion' } }, ['run.completed']],
    ['agent.state_exported', { signed_state: 'c2lnbmVk' }, ['log']],
    ['agent.state_restored', { content: 'restored', metadata: { new_session_id: 'sess-2' } }, ['log']],
    ['agent.llm_message', { content: 'I will help', metadata: { role: 'assistant' } }, ['log']],
    ['agent.interrupted', { content: 'User cancelled' }, ['run.cancelled']],
    ['system.connected', { content: { server_name: 'MyAgent WebSocket Server' } }, ['log']],
    ['system.heartbeat', { content: { server_time: '2025-10-18T12:00:30' } }, []],
    ['system.notice', { content: { message: 'Replay completed' } }, ['log']],
    ['system.error', { content: 'Database connection failed' }, ['log']],
    ['error.validation', { content: 'Task count must be > 0' }, ['log']],
    ['error.timeout', { content: 'Planning timeout', metadata: { task_id: 'task_3' } }, ['log', 'node.failed']],
    ['error.retry_attempt', { metadata: { attempt: 1, error_message: 'Request timeout' } }, ['log']],
    ['aggregate.start', { metadata: { task_count: 3 } }, ['chapter.started', 'node.started']],
    ['aggregate.completed', { content: { final_result: { slides: 5 } } }, ['node.completed']],
    ['pipeline.completed', { metadata: { status: 'success', result_summary: 'ok' } }, ['run.completed']],
  ];

  test.each(cases)('%s', (event, body, expected) => {
    expect(typesOf(reader()(stamped(event, body)))).toEqual(expected);
  });
});

describe('myagent interpreter: mappings', () => {
  test('plan.completed draws edges only from dependencies, with numeric ids as strings', () => {
    const graph = find(events(reader()(stamped('plan.completed', { content: { tasks: TASKS } }))), 'graph.defined');
    expect(graph?.nodes.map((n) => [n.id, n.label])).toEqual([['1', 'Sales overview'], ['2', 'Regional split'], ['3', 'Summary']]);
    // 99 is not a task: no edge is invented for it.
    expect(graph?.edges).toEqual([{ source: '1', target: '2' }, { source: '1', target: '3' }, { source: '2', target: '3' }]);
  });

  test('solver events find their task in metadata.task_id or content.task.id (real pipeline)', () => {
    const decode = reader();
    const started = find(events(decode(stamped('solver.start', { content: { task: { id: 7, title: 'Chart' } } }))), 'node.started');
    expect(started).toMatchObject({ nodeId: '7', label: 'Chart', kind: 'task' });
    const done = events(decode(stamped('solver.completed', { content: { task: { id: 7 }, result: { output: 'png' } } }, 2)));
    expect(find(done, 'node.completed')).toMatchObject({ nodeId: '7', output: { output: 'png' } });
    const failed = events(decode(stamped('solver.completed', { metadata: { task_id: 8 }, content: { result: { status: 'failed', error: 'boom' } } }, 3)));
    expect(find(failed, 'node.failed')).toMatchObject({ nodeId: '8', error: { message: 'boom' } });
  });

  test('solver.restarted names the failed attempt; dependency_failed cancels become skips', () => {
    const decode = reader();
    const retry = find(events(decode(stamped('solver.restarted', { metadata: { task_id: 't', attempt: 2, previous_error: 'Timeout', backoff_ms: 2000 } }))), 'node.retrying');
    expect(retry).toMatchObject({ nodeId: 't', attempt: 1, error: { message: 'Timeout' }, delayMs: 2000 });
    const skipped = events(decode(stamped('solver.cancelled', { metadata: { task_id: 'u', reason: 'dependency_failed' } }, 2)));
    expect(find(skipped, 'node.skipped')).toMatchObject({ nodeId: 'u', reason: 'dependency_failed' });
  });

  test('partial answers are deltas (the real server sends deltas), each shown as it comes; an empty one shows nothing; the first says once that streamed text is a preview', () => {
    const decode = reader();
    decode(stamped('solver.start', { metadata: { task_id: 'a' } }, 1));
    const deltas = ['Slide 1', ': intro', '', ' and Slide 1'].map((content, i) => events(decode(stamped('agent.partial_answer', { content }, i + 2))));
    expect(deltas.map((list) => list.map((e) => (e.type === 'node.output' ? `${e.nodeId}:${e.delta}` : e.type)))).toEqual([
      ['log', 'a:Slide 1'],
      ['a:: intro'],
      [],
      ['a: and Slide 1'],
    ]);
    // The server keeps only the latest fragment per 75 ms under load (upstream myagent/ws/outbound.py): say so, once.
    expect(deltas[0]?.[0]).toMatchObject({ type: 'log', level: 'info', message: expect.stringMatching(/preview.*final answer/) });
  });

  test('a partial answer with no running task: the plain agent node before any plan, the aggregate node in a pipeline', () => {
    const plain = events(reader()(stamped('agent.partial_answer', { content: 'Summary so far' }))).find((e) => e.type === 'node.output');
    expect(plain).toMatchObject({ type: 'node.output', nodeId: 'agent', delta: 'Summary so far' });
    const decode = reader();
    decode(stamped('plan.start', { content: { question: 'q' } }));
    const piped = events(decode(stamped('agent.partial_answer', { content: 'Summary so far' }, 2))).find((e) => e.type === 'node.output');
    expect(piped).toMatchObject({ type: 'node.output', nodeId: 'aggregate' });
  });

  test('costs: cost_usd becomes micros, tokens alone book no money', () => {
    const decode = reader();
    const paid = find(events(decode(stamped('solver.completed', { metadata: { task_id: 'a', cost_usd: 0.0034, tokens_used: { input: 900, output: 300 } } }))), 'cost.recorded');
    expect(paid).toMatchObject({ nodeId: 'a', micros: 3400, currency: 'USD', inputTokens: 900, outputTokens: 300 });
    const tokens = find(events(decode(stamped('plan.completed', { content: { tasks: [] }, metadata: { tokens_used: { input: 1200, output: 800 } } }, 2))), 'cost.recorded');
    expect(tokens).toMatchObject({ micros: 0, inputTokens: 1200, outputTokens: 800 });
  });

  test('agent.user_confirm opens an approval gate with the plan as context and a deadline', () => {
    const frame = stamped('agent.user_confirm', {
      step_id: 'confirm_plan_1',
      content: 'Confirm plan before solving',
      metadata: { scope: 'plan', tasks: TASKS, plan_summary: 'Three slides', timeout_seconds: 300 },
    });
    const [gate] = events(reader()(frame));
    expect(gate).toMatchObject({
      type: 'gate.opened',
      gateId: 'confirm_plan_1',
      kind: 'approval',
      message: 'Confirm plan before solving',
      acceptsText: true,
      context: { plan_summary: 'Three slides', tasks: expect.any(Array) },
      deadlineAtMs: new Date(2025, 9, 18, 14, 30, 0, 123).getTime() + 300_000,
    });
    expect(gate?.type === 'gate.opened' && gate.options.map((o) => [o.value, o.tone])).toEqual([
      ['approve', 'approve'],
      ['modify', 'neutral'],
      ['reject', 'reject'],
    ]);
  });

  test('gate options come from metadata.options; scope "modification" is a review', () => {
    const options = [{ value: 'approve', label: 'Approve and proceed' }, { value: 'reject', label: 'Reject plan' }];
    const [gate] = events(reader()(stamped('agent.user_confirm', { step_id: 's', metadata: { scope: 'modification', options } })));
    expect(gate).toMatchObject({ kind: 'review', message: 'shown' });
    expect(gate?.type === 'gate.opened' && gate.options).toEqual([
      { value: 'approve', label: 'Approve and proceed', tone: 'approve' },
      { value: 'reject', label: 'Reject plan', tone: 'reject' },
    ]);
  });

  test('an open confirmation resolves as approved when solving starts, as rejected when the run ends', () => {
    const decode = reader();
    decode(stamped('agent.user_confirm', { step_id: 'g1' }, 1));
    expect(find(events(decode(stamped('solver.start', { metadata: { task_id: 'a' } }, 2))), 'gate.resolved')).toMatchObject({ gateId: 'g1', decision: 'approved' });
    const other = reader();
    other(stamped('agent.user_confirm', { step_id: 'g2' }, 1));
    expect(find(events(other(stamped('pipeline.completed', {}, 2))), 'gate.resolved')).toMatchObject({ gateId: 'g2', decision: 'rejected' });
  });

  test('chapters: plan, then solve on the first solver.start only, then aggregate, closed at the end', () => {
    const decode = reader();
    const frames = [
      stamped('plan.start', {}, 1),
      stamped('solver.start', { metadata: { task_id: 'a' } }, 2),
      stamped('solver.start', { metadata: { task_id: 'b' } }, 3),
      stamped('aggregate.start', {}, 4),
      stamped('pipeline.completed', {}, 5),
    ];
    const chapters = frames.flatMap((f) => events(decode(f))).flatMap((e) =>
      e.type === 'chapter.started' ? [`+${e.chapterId}`] : e.type === 'chapter.completed' ? [`-${e.chapterId}`] : [],
    );
    expect(chapters).toEqual(['+plan', '-plan', '+solve', '-solve', '+aggregate', '-aggregate']);
  });

  test('terminal outcomes: pipeline failure, cancelled session, and only one terminal event', () => {
    expect(typesOf(reader()(stamped('pipeline.completed', { metadata: { status: 'failed', result_summary: 'no data' } })))).toEqual(['run.failed']);
    expect(typesOf(reader()(stamped('agent.session_end', { metadata: { reason: 'user_request' } })))).toEqual(['run.cancelled']);
    const decode = reader();
    decode(stamped('pipeline.completed', {}, 1));
    expect(typesOf(decode(stamped('agent.session_end', { metadata: { reason: 'completion' } }, 2)))).toEqual(['log']);
  });

  test('an error naming a task fails that node', () => {
    const list = events(reader()(stamped('agent.error', { content: 'Invalid input', metadata: { task_id: 'a', error_code: 'AGENT_001' } })));
    expect(find(list, 'node.failed')).toMatchObject({ nodeId: 'a', error: { message: 'Invalid input', code: 'AGENT_001' } });
    expect(find(list, 'log')).toMatchObject({ level: 'error' });
  });
});

describe('myagent locate: session memo', () => {
  /** The memo `locate` puts on the one frame it places. */
  const memoOf = (frame: unknown) => {
    const location = myagentDialect.locate(frame, { runId: 'sess-1', connection: 0 });
    if (location.kind !== 'placed' || location.placements.length !== 1) throw new Error('expected one placed frame');
    return location.placements[0]?.memo;
  };

  test('session_created and state_restored hand the session id to the session', () => {
    expect(memoOf(stamped('agent.session_created', { content: 'Session created successfully', session_id: 'sess-9' }))).toEqual({ session_id: 'sess-9' });
    expect(memoOf(stamped('agent.session_created', { content: { session_id: 'sess-8' } }))).toEqual({ session_id: 'sess-8' });
    expect(memoOf(stamped('agent.state_restored', { metadata: { new_session_id: 'sess-10' } }))).toEqual({ session_id: 'sess-10' });
  });

  test('state_exported keeps the signed state: metadata.signed_state first, then top level, then metadata.session_state, then content.exported_state', () => {
    expect(memoOf(stamped('agent.state_exported', { signed_state: 'top', metadata: { signed_state: 'meta', session_state: { x: 1 } } }))).toEqual({ signed_state: 'meta', session_id: 'sess-1' });
    expect(memoOf(stamped('agent.state_exported', { signed_state: 'abc', metadata: { session_state: { x: 1 } } }))).toEqual({ signed_state: 'abc', session_id: 'sess-1' });
    expect(memoOf(stamped('agent.state_exported', { metadata: { session_state: { stage: 'solving' } } }))).toMatchObject({ signed_state: { stage: 'solving' } });
    expect(memoOf(stamped('agent.state_exported', { content: { exported_state: { stage: 'x' } } }))).toMatchObject({ signed_state: { stage: 'x' } });
    expect(memoOf(stamped('agent.state_exported', {}))).toBeUndefined();
  });

  test('other frames carry no memo, and the interpreter gives none: the memo comes from locate only', () => {
    expect(memoOf(stamped('agent.thinking', { content: 'x', session_id: 'sess-5' }))).toBeUndefined();
    const interpret = myagentDialect.createInterpreter({ runId: 'sess-1' });
    expect(interpret({ body: stamped('agent.session_created', { session_id: 'sess-9' }) })).not.toHaveProperty('memo');
    const read = reader()(stamped('agent.session_created', { session_id: 'sess-9' }));
    expect(read).toMatchObject({ kind: 'events', placements: [{ memo: { session_id: 'sess-9' } }] });
  });
});

describe('myagent locate and interpreter: order, time and tolerance', () => {
  test('seq orders frames within a connection; a new connection is a new scope', () => {
    expect(reader(0)(stamped('system.connected', {}, 1))).toMatchObject({ placements: [{ order: { scope: 'conn:0', seq: 1 }, cursor: 'sess-1:1' }] });
    expect(reader(3)(stamped('system.connected', {}, 1))).toMatchObject({ placements: [{ order: { scope: 'conn:3', seq: 1 } }] });
  });

  test('the cursor names the session its seq counts in; a frame without a session moves none', () => {
    const result = reader(0)({ event: 'system.connected', content: {}, metadata: {}, seq: 1, session_id: null });
    expect(result).toMatchObject({ kind: 'events', placements: [{ order: { scope: 'conn:0', seq: 1 } }] });
    expect(result.kind === 'events' && result.placements[0]).not.toHaveProperty('cursor');
  });

  test('locate scopes by the connection it is told of; a reader kept across reconnects follows it', () => {
    const decode = reader(0, 'live-connection');
    expect(decode(stamped('system.connected', {}, 1))).toMatchObject({ placements: [{ order: { scope: 'conn:0', seq: 1 } }] });
    decode.newConnection();
    expect(decode(stamped('system.connected', {}, 1))).toMatchObject({ placements: [{ order: { scope: 'conn:1', seq: 1 } }] });
    expect(myagentDialect.locate(stamped('system.connected', {}, 2), { runId: 'x', connection: 7 })).toMatchObject({ placements: [{ order: { scope: 'conn:7', seq: 2 } }] });
  });

  test('a heartbeat is a keep-alive (not interpreted) that still takes its seq', () => {
    expect(reader()(stamped('system.heartbeat', {}, 10))).toMatchObject({ kind: 'events', events: [], placements: [{ heartbeat: true, order: { seq: 10 } }] });
  });

  test('document frames without seq have no order; event_id is their identity', () => {
    const result = reader()({ event: 'system.notice', event_id: 'c9-4', content: { message: 'hi' } });
    expect(result).toMatchObject({ kind: 'events', placements: [{ identity: 'c9-4' }] });
    expect(result.kind === 'events' && result.placements[0]).not.toHaveProperty('order');
    const bare = reader()({ event: 'system.notice', content: 'hi' });
    expect(bare).toMatchObject({ kind: 'events', placements: [{ body: { event: 'system.notice' } }] });
    expect(bare.kind === 'events' && bare.placements[0]).not.toHaveProperty('identity');
  });

  test('naive timestamps are kept raw and read as local time', () => {
    const [event] = events(reader()(stamped('agent.thinking', { content: 'x' })));
    expect(event?.at).toBe('2025-10-18T14:30:00.123456');
    expect(event?.atMs).toBe(new Date(2025, 9, 18, 14, 30, 0, 123).getTime());
  });

  test('an unknown type is a raw event that keeps its place', () => {
    expect(reader()(stamped('agent.brand_new', {}, 5))).toMatchObject({
      events: [{ type: 'raw', frameType: 'agent.brand_new', unknown: true }],
      placements: [{ order: { scope: 'conn:0', seq: 5 } }],
    });
  });

  test('a known type with a wrong field type is rejected with the path', () => {
    const partial = reader()(stamped('agent.partial_answer', { content: 42 }));
    expect(partial).toMatchObject({ kind: 'rejected', frameType: 'agent.partial_answer' });
    expect(partial.kind === 'rejected' && partial.reason).toContain('content');
    const plan = reader()(stamped('plan.completed', { content: { tasks: 'three' } }));
    expect(plan.kind === 'rejected' && plan.reason).toContain('content.tasks');
    const seq = reader()({ ...stamped('system.notice'), seq: 'one' });
    expect(seq.kind === 'rejected' && seq.reason).toContain('seq');
    expect(reader()('plain text')).toMatchObject({ kind: 'rejected' });
  });

  test('null optionals are accepted as absent', () => {
    const frame = { event: 'solver.start', session_id: null, step_id: null, timestamp: null, show_content: null, content: { task: { id: 'a', title: null } }, metadata: null };
    expect(events(reader()(frame)).map((e) => e.type)).toEqual(['run.started', 'chapter.started', 'node.started']);
  });

  test('extra keys are accepted', () => {
    const frame = stamped('agent.tool_call', { brand_new: true, metadata: { tool_name: 'x', extra: { deep: 1 } }, content: { tool_name: 'x', more: 1 } });
    expect(typesOf(reader()(frame))).toEqual(['node.started', 'tool.called']);
  });

  test('echoed client events are raw; an echoed user.cancel cancels the run', () => {
    expect(reader()({ event: 'user.message', session_id: 's', content: 'hello' })).toMatchObject({ events: [{ type: 'raw', frameType: 'user.message' }] });
    expect(reader()({ event: 'user.cancel', session_id: 's', content: 'stop' })).toMatchObject({ events: [{ type: 'run.cancelled', reason: 'stop', requested: true }] });
  });
});

describe('myagent interpreter: state across a resume', () => {
  test('one interpreter kept across a resume keeps the run state: text goes on, no second chapter', () => {
    const decode = reader(0, 'carry');
    decode(stamped('solver.start', { metadata: { task_id: 'a' } }, 1));
    decode(stamped('agent.partial_answer', { content: 'Hello', metadata: { task_id: 'a' } }, 2));
    decode.newConnection();
    expect(events(decode(stamped('agent.partial_answer', { content: ' world', metadata: { task_id: 'a' } }, 3)))).toMatchObject([{ nodeId: 'a', delta: ' world' }]);
    // No second 'solve' chapter after the resume: the first solver.start opened it.
    expect(typesOf(decode(stamped('solver.start', { metadata: { task_id: 'b' } }, 4)))).toEqual(['node.started']);
    expect(typesOf(reader(0, 'carry')(stamped('solver.start', { metadata: { task_id: 'b' } }, 1)))).toContain('chapter.started');
  });
});

describe('myagent locate and interpreter: the published documentation examples', () => {
  const files = ['event-payloads-detailed-doc-examples.jsonl', 'plan-solver-messages-doc-examples.jsonl'];
  test.each(files)('%s reads line by line without throwing', (file) => {
    const decode = reader();
    const lines = readFileSync(new URL(`../../../tests/fixtures/myagent/${file}`, import.meta.url), 'utf8').split('\n').filter(Boolean);
    const results = lines.map((line) => ({ frame: JSON.parse(line) as { event?: string }, result: decode(JSON.parse(line)) }));
    for (const { frame, result } of results) {
      // The one line without "event" is a bare task object from the document, not an event.
      if (frame.event === undefined) expect(result.kind).toBe('rejected');
      else events(result);
    }
    const byEvent = new Map(results.map(({ frame, result }) => [frame.event, result]));
    if (file.startsWith('event-payloads')) {
      expect(typesOf(byEvent.get('plan.completed')!)).toContain('graph.defined');
      expect(typesOf(byEvent.get('solver.restarted')!)).toEqual(['node.retrying']);
      expect(typesOf(byEvent.get('solver.cancelled')!)).toEqual(['node.cancelled']);
      expect(typesOf(byEvent.get('agent.tool_call')!)).toEqual(['tool.called']);
      expect(byEvent.get('agent.state_exported')).toMatchObject({ placements: [{ memo: { signed_state: { stage: 'solving' } } }] });
      expect(events(byEvent.get('plan.start')!)[0]?.at).toBe('2024-10-18T14:30:05Z');
    } else {
      expect(byEvent.get('agent.session_created')).toMatchObject({ placements: [{ memo: { session_id: '<sid>' } }] });
    }
  });
});
