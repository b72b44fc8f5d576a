import { describe, expect, it } from 'vitest';

import { MODIFY_NEEDS_PLAN } from '@/protocol/mars/mars-answer';
import { marsDialect } from '@/protocol/mars/mars-dialect';
import { SOCKET_ONLY } from '@/protocol/mars/mars-watch';
import { createFrameReader, type ReadResult } from '@/protocol/read-frame';
import { RunEventSchema, type RunEvent } from '@/protocol/run-event';

const TS = '2026-01-16T10:00:00Z';
const wire = (event_type: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  event_type,
  timestamp: TS,
  run_id: 'run-1',
  data,
  ...extra,
});

const DAG = {
  run_id: 'run-1',
  nodes: [
    { id: 'planning', label: 'Planning', type: 'planning', status: 'completed', agent: 'planner', step_number: 0 },
    { id: 'step_1', label: 'Analyze', type: 'agent', status: 'pending', agent: 'engineer', step_number: 1 },
    { id: 'step_2', label: 'Write', type: 'agent', status: 'pending', agent: null, step_number: null },
  ],
  edges: [
    { source: 'planning', target: 'step_1' },
    { source: 'step_1', target: 'step_2' },
  ],
  levels: 3,
};

/** locate + one interpreter, in arrival order. */
const createMarsReader = () => createFrameReader(marsDialect, 'run-1');

function events(result: ReadResult): RunEvent[] {
  if (result.kind !== 'events') throw new Error(`expected events, got rejected: ${result.reason}`);
  for (const event of result.events) expect(RunEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
  return result.events;
}

/** A reader that has seen the DAG and a started step_1 (uuid "s-1"). */
function readerInStep() {
  const decode = createMarsReader();
  decode(wire('dag_created', DAG));
  decode(wire('step_started', { step_id: 's-1', step_number: 1, step_description: 'Analyze requirements', agent: 'engineer' }));
  return decode;
}

describe('mars interpreter: lifecycle and chapters', () => {
  it('opens planning on workflow_started, switches to execution on the first step and closes on completion', () => {
    const decode = createMarsReader();
    const started = events(decode(wire('workflow_started', { run_id: 'run-1', task_description: 'Fit a model', agent: 'engineer', model: 'gpt-4o', work_dir: '/w' })));
    expect(started.map((e) => e.type)).toEqual(['run.started', 'chapter.started']);
    expect(started[0]).toMatchObject({ title: 'Fit a model', at: TS, atMs: Date.parse(TS) });
    // The envelope's run_id is not one id (the task's or the database's): events never carry it.
    expect(started[0]).not.toHaveProperty('runId');
    decode(wire('dag_created', DAG));
    const step = events(decode(wire('step_started', { step_id: 's-1', step_number: 1, step_description: 'Analyze' })));
    expect(step.map((e) => e.type)).toEqual(['chapter.completed', 'chapter.started', 'node.started']);
    // The DAG names the node; a step's own words do not rename it (a watcher reads only the DAG).
    expect(step[2]).toMatchObject({ nodeId: 'step_1' });
    expect(step[2]).not.toHaveProperty('label');
    const done = events(decode(wire('workflow_completed', { final_result: 'ok', total_cost: 0.0245, total_duration_seconds: 125.5 })));
    expect(done).toEqual([
      expect.objectContaining({ type: 'chapter.completed', chapterId: 'execution', status: 'completed' }),
      expect.objectContaining({ type: 'run.completed', output: 'ok', durationMs: 125_500, totalCost: { micros: 24_500, currency: 'USD' } }),
    ]);
  });

  it('maps workflow_failed, paused, resumed and the state words', () => {
    const decode = createMarsReader();
    expect(events(decode(wire('workflow_paused', { reason: 'User requested' })))[0]).toMatchObject({ type: 'run.paused', reason: 'User requested' });
    expect(events(decode(wire('workflow_resumed', {})))[0]).toMatchObject({ type: 'run.resumed' });
    expect(events(decode(wire('workflow_state_changed', { status: 'executing', started_at: TS, completed_at: null })))[0]).toMatchObject({ type: 'log', level: 'debug' });
    const failed = events(decode(wire('workflow_failed', { error: 'boom', traceback: 'Traceback…' })));
    expect(failed.at(-1)).toMatchObject({ type: 'run.failed', error: { message: 'boom', detail: 'Traceback…' } });
    const cancelled = events(createMarsReader()(wire('workflow_state_changed', { status: 'cancelled' })));
    expect(cancelled.at(-1)).toMatchObject({ type: 'run.cancelled' });
  });

  it('places heartbeat and pong as keep-alives (not interpreted) and reads connection frames as logs', () => {
    const decode = createMarsReader();
    for (const type of ['heartbeat', 'pong']) {
      const result = decode(wire(type, {}));
      expect(result).toMatchObject({ kind: 'events', events: [], placements: [{ heartbeat: true }] });
    }
    expect(decode({ type: 'pong' })).toMatchObject({ kind: 'events', events: [], placements: [{ heartbeat: true }] });
    expect(marsDialect.locate(wire('agent_message', { message: 'hi' }), { runId: 'run-1', connection: 0 })).not.toMatchObject({ placements: [{ heartbeat: true }] });
    expect(events(decode({ event_type: 'connected', data: { message: 'Connected to workflow' } }))[0]).toMatchObject({ type: 'log', message: 'Connected to workflow' });
    expect(events(decode(wire('reconnected', {})))[0]).toMatchObject({ type: 'log', source: 'connection' });
    expect(events(decode({ event_type: 'disconnected', timestamp: TS }))[0]).toMatchObject({ type: 'log', message: 'disconnected' });
  });
});

describe('mars interpreter: steps and retries', () => {
  it('keys step events by the DAG node with the same step_number, then by the step_id it learned', () => {
    const decode = readerInStep();
    expect(events(decode(wire('step_progress', { step_id: 's-1', step_number: 1, progress_percentage: 50, message: 'Processing...' })))[0]).toEqual(
      expect.objectContaining({ type: 'node.progress', nodeId: 'step_1', progress: 0.5, message: 'Processing...' }),
    );
    expect(events(decode(wire('step_completed', { step_id: 's-1', result: 'r', output: 'o' })))[0]).toMatchObject({ type: 'node.completed', nodeId: 'step_1', output: 'o' });
    expect(events(decode(wire('step_failed', { step_id: 's-9', step_number: 9, error: 'bad', traceback: 'tb' })))[0]).toMatchObject({
      type: 'node.failed',
      nodeId: 'step-9',
      error: { message: 'bad', detail: 'tb' },
    });
  });

  it('falls back to step-<n> or the step_id without a DAG', () => {
    const decode = createMarsReader();
    expect(events(decode(wire('step_started', { step_number: 4 })))).toContainEqual(expect.objectContaining({ type: 'node.started', nodeId: 'step-4' }));
    expect(events(decode(wire('step_started', { step_id: 'abc' })))).toContainEqual(expect.objectContaining({ type: 'node.started', nodeId: 'abc' }));
  });

  it('maps the retry family: retrying (failed attempt), backoff log, success log, exhausted → failed', () => {
    const decode = readerInStep();
    const retry = events(decode(wire('step_retry_started', {
      step_id: 's-1', step_number: 1, attempt_number: 2, max_attempts: 3, error_category: 'NETWORK', error_pattern: 'ConnectionError',
      success_probability: 0.75, strategy: 'exponential_backoff', suggestions: ['Check network'], has_user_feedback: false,
    })));
    expect(retry[0]).toMatchObject({ type: 'node.retrying', nodeId: 'step_1', attempt: 1, error: { message: 'ConnectionError', code: 'NETWORK' } });
    expect(events(decode(wire('step_retry_backoff', { step_id: 's-1', backoff_seconds: 5, next_attempt_at: TS })))[0]).toMatchObject({ type: 'log', nodeId: 'step_1', message: 'retrying in 5 s' });
    expect(events(decode(wire('step_started', { step_id: 's-1', step_number: 1 })))).toContainEqual(expect.objectContaining({ type: 'node.started', nodeId: 'step_1', attempt: 2 }));
    expect(events(decode(wire('step_retry_succeeded', { step_id: 's-1', attempt_number: 2 })))[0]).toMatchObject({ type: 'log', nodeId: 'step_1' });
    expect(events(decode(wire('step_retry_exhausted', { step_id: 's-1', total_attempts: 3, final_error: 'still down' })))[0]).toMatchObject({
      type: 'node.failed', nodeId: 'step_1', attempt: 3, error: { message: 'still down' },
    });
  });
});

describe('mars interpreter: DAG', () => {
  it('defines the graph from dag_created (edges as given) and replaces it on dag_updated', () => {
    const decode = createMarsReader();
    const [created] = events(decode(wire('dag_created', DAG)));
    expect(created).toEqual(expect.objectContaining({ type: 'graph.defined', edges: [{ source: 'planning', target: 'step_1' }, { source: 'step_1', target: 'step_2' }] }));
    expect(created).not.toHaveProperty('replace');
    expect(created?.type === 'graph.defined' && created.nodes[0]).toEqual({ id: 'planning', label: 'Planning', kind: 'planning', status: 'succeeded' });
    const [updated] = events(decode(wire('dag_updated', { nodes: [{ id: 'x' }], edges: null })));
    expect(updated).toMatchObject({ type: 'graph.defined', replace: true, nodes: [{ id: 'x', label: 'x' }], edges: [] });
  });

  it('maps dag_node_status_changed words and keeps the error; a repeated status moves nothing', () => {
    const decode = createMarsReader();
    const frame = wire('dag_node_status_changed', { node_id: 'step_1', old_status: 'running', new_status: 'failed', error: 'exit 1' });
    const first = decode(frame);
    const second = decode(structuredClone(frame));
    expect(events(first)).toEqual([expect.objectContaining({ type: 'node.status', nodeId: 'step_1', status: 'failed', error: { message: 'exit 1' } })]);
    expect(events(second)).toEqual([]);
    // A DAG frame's repeat changes nothing, so it is placed without a content hash (they are the big frames).
    expect(first.kind === 'events' && first.placements[0]).not.toHaveProperty('identity');
    expect(events(decode(wire('dag_node_status_changed', { node_id: 'n', old_status: null, new_status: 'in_progress', error: null })))[0]).toMatchObject({ status: 'running' });
  });

  it('keeps an unknown status word as a raw event', () => {
    const [event] = events(createMarsReader()(wire('dag_node_status_changed', { node_id: 'n', new_status: 'teleporting' })));
    expect(event).toMatchObject({ type: 'raw', frameType: 'dag_node_status_changed' });
  });
});

describe('mars interpreter: agents, costs, metrics, files, errors', () => {
  it('puts agent_message on the running step, or in the log when no step runs', () => {
    expect(events(readerInStep()(wire('agent_message', { agent: 'engineer', message: 'Analyzing', role: 'assistant' })))[0]).toEqual(
      expect.objectContaining({ type: 'node.output', nodeId: 'step_1', delta: 'Analyzing' }),
    );
    expect(events(createMarsReader()(wire('agent_message', { agent: 'engineer', message: 'hi' })))[0]).toMatchObject({ type: 'log', source: 'engineer', message: 'hi' });
  });

  it('maps agent_tool_call to tool.called and agent_thinking to a debug log', () => {
    const decode = readerInStep();
    expect(events(decode(wire('agent_tool_call', { agent: 'engineer', tool_name: 'execute_code', arguments: { code: '1+1' } })))[0]).toEqual(
      expect.objectContaining({ type: 'tool.called', tool: 'execute_code', args: { code: '1+1' }, nodeId: 'step_1' }),
    );
    expect(events(decode(wire('agent_thinking', { agent: 'engineer', thinking: true })))[0]).toMatchObject({ type: 'log', level: 'debug' });
  });

  it('reads the documented cost shape: its increment, its tokens unsplit, never its running total', () => {
    const [cost] = events(readerInStep()(wire('cost_update', { run_id: 'run-1', step_id: 's-1', model: 'gpt-4o', tokens: 1500, cost_usd: 0.0045, total_cost_usd: 0.0245 })));
    expect(cost).toEqual(expect.objectContaining({ type: 'cost.recorded', nodeId: 'step_1', model: 'gpt-4o', micros: 4500, unsplitTokens: 1500, currency: 'USD' }));
    expect(cost).not.toHaveProperty('cumulativeMicros');
  });

  it('reads the real cost shape without totals', () => {
    const [cost] = events(readerInStep()(wire('cost_update', { model: 'gpt-4o', input_tokens: 1000, output_tokens: 200, cost: 0.003 })));
    expect(cost).toEqual(expect.objectContaining({ type: 'cost.recorded', nodeId: 'step_1', micros: 3000, inputTokens: 1000, outputTokens: 200 }));
    expect(cost).not.toHaveProperty('cumulativeMicros');
  });

  it('maps metric_update, file events and error_occurred', () => {
    const decode = readerInStep();
    expect(events(decode(wire('metric_update', { name: 'memory_usage_mb', value: 512, unit: 'MB' })))[0]).toMatchObject({ type: 'metric', name: 'memory_usage_mb', value: 512, unit: 'MB' });
    expect(events(decode(wire('file_created', { file_path: '/w/a.py', file_type: 'python' })))[0]).toMatchObject({ type: 'log', source: 'file', message: 'created /w/a.py' });
    expect(events(decode(wire('file_updated', { file_path: '/w/a.py' })))[0]).toMatchObject({ type: 'log', message: 'updated /w/a.py' });
    expect(events(decode(wire('error_occurred', { error_type: 'ValidationError', message: 'Invalid input', step_id: 's-1', traceback: null })))[0]).toMatchObject({
      type: 'log', level: 'error', nodeId: 'step_1', message: 'ValidationError: Invalid input',
    });
  });
});

describe('mars interpreter: approvals', () => {
  const context = { current_step: { number: 1, description: 'Analyze', agent: 'engineer' }, previous_output: 'code', proposed_action: 'run it' };

  it('opens a gate from the real string options with tones and text for modify', () => {
    const [gate] = events(readerInStep()(wire('approval_requested', {
      approval_id: 'ap-1', step_id: 's-1', action: 'Execute generated code', description: 'Review the code', context, options: ['approve', 'reject', 'modify'], checkpoint_type: 'before_step',
    })));
    expect(gate).toEqual(expect.objectContaining({
      type: 'gate.opened', gateId: 'ap-1', kind: 'approval', nodeId: 'step_1', message: 'Review the code', requester: 'engineer', acceptsText: true, context,
      options: [
        { value: 'approve', label: 'Approve', tone: 'approve' },
        { value: 'reject', label: 'Reject', tone: 'reject' },
        { value: 'modify', label: 'Modify', tone: 'neutral' },
      ],
    }));
  });

  it('reads submit/cancel strings and the documented option objects', () => {
    const [submit] = events(createMarsReader()(wire('approval_requested', { approval_id: 'ap-2', action: 'Send form', options: ['submit', 'cancel'] })));
    expect(submit).toMatchObject({ message: 'Send form', options: [{ value: 'submit', tone: 'approve' }, { value: 'cancel', tone: 'reject' }] });
    expect(submit).not.toHaveProperty('acceptsText');
    const [objects] = events(createMarsReader()(wire('approval_requested', {
      approval_id: 'ap-3', options: [{ id: 'approve', label: 'Approve it', action: 'approve' }, { id: 'reject', label: 'Reject', action: 'reject' }],
    })));
    expect(objects).toMatchObject({ message: 'Approval requested', options: [{ value: 'approve', label: 'Approve it', tone: 'approve' }, { value: 'reject', tone: 'reject' }] });
  });

  it('resolves the gate on approval_received', () => {
    const [resolved] = events(createMarsReader()(wire('approval_received', { approval_id: 'ap-1', approved: true, feedback: 'Looks good' })));
    expect(resolved).toEqual(expect.objectContaining({ type: 'gate.resolved', gateId: 'ap-1', decision: 'approved', payload: { feedback: 'Looks good' } }));
    const [modified] = events(createMarsReader()(wire('approval_received', { approval_id: 'ap-1', resolution: 'modified', feedback: null })));
    expect(modified).toMatchObject({ decision: 'modified' });
  });
});

describe('mars interpreter: legacy frames', () => {
  it('maps output, status, result and complete', () => {
    const decode = readerInStep();
    expect(events(decode({ type: 'output', data: 'Processing step 1...' }))[0]).toEqual(expect.objectContaining({ type: 'log', source: 'console', nodeId: 'step_1', message: 'Processing step 1...' }));
    expect(events(createMarsReader()({ type: 'output', data: 'loose' }))[0]).toMatchObject({ type: 'log', message: 'loose' });
    expect(events(decode({ type: 'status', message: 'Running...' }))[0]).toMatchObject({ type: 'log', source: 'status', message: 'Running...' });
    expect(events(decode({ type: 'result', data: { answer: 42 } }))[0]).toMatchObject({ type: 'log', source: 'result', message: 'result: {"answer":42}' });
    expect(events(decode({ type: 'complete' })).at(-1)).toMatchObject({ type: 'run.completed' });
  });

  it('does not complete twice when a terminal event came first', () => {
    const decode = createMarsReader();
    decode(wire('workflow_failed', { error: 'x' }));
    expect(events(decode({ type: 'complete' })).map((e) => e.type)).toEqual(['log']);
  });
});

describe('mars locate and interpreter: tolerance', () => {
  it('keeps unknown event types (and unknown legacy types) as raw events', () => {
    const decode = createMarsReader();
    expect(events(decode(wire('planner_mood', { mood: 'great' }))) ).toEqual([{ type: 'raw', frameType: 'planner_mood', unknown: true }]);
    expect(events(decode({ type: 'telemetry', data: 1 }))).toEqual([{ type: 'raw', frameType: 'telemetry', unknown: true }]);
  });

  it('rejects a known type with a wrong field type, naming the path', () => {
    const result = createMarsReader()(wire('step_progress', { step_id: 's', progress_percentage: 'half' }));
    expect(result.kind).toBe('rejected');
    if (result.kind === 'rejected') {
      expect(result.frameType).toBe('step_progress');
      expect(result.reason).toContain('data.progress_percentage');
    }
    const noStep = createMarsReader()(wire('step_started', { agent: 'engineer' }));
    expect(noStep).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('step_id or step_number') });
    const badCost = createMarsReader()(wire('cost_update', { model: 'x' }));
    expect(badCost.kind).toBe('rejected');
  });

  it('rejects frames that are not MARS objects', () => {
    expect(createMarsReader()('hello')).toMatchObject({ kind: 'rejected' });
    expect(createMarsReader()(42)).toMatchObject({ kind: 'rejected' });
  });

  it('accepts null optionals and extra keys', () => {
    const decode = createMarsReader();
    const started = events(decode({ ...wire('step_started', { step_id: 's', step_number: null, step_description: null, agent: null, brand_new: true }), run_id: null, session_id: null, extra: 1 }));
    expect(started.at(-1)).toEqual(expect.objectContaining({ type: 'node.started', nodeId: 's' }));
    expect(started.at(-1)).not.toHaveProperty('label');
    expect(started.at(-1)).not.toHaveProperty('runId');
    const done = events(decode(wire('workflow_completed', { final_result: null, total_cost: null, total_duration_seconds: null })));
    expect(done.at(-1)).toEqual(expect.objectContaining({ type: 'run.completed' }));
    expect(done.at(-1)).not.toHaveProperty('totalCost');
  });

  it('gives every frame an identity and no order; identical frames share it', () => {
    const identityOf = (frame: unknown) => {
      const location = marsDialect.locate(frame, { runId: 'run-1', connection: 0 });
      if (location.kind !== 'placed' || location.placements.length !== 1) throw new Error('expected one placed frame');
      expect(location.placements[0]).not.toHaveProperty('order');
      return location.placements[0]?.identity;
    };
    const a = identityOf(wire('agent_message', { message: 'same' }));
    const b = identityOf(wire('agent_message', { message: 'same' }));
    const c = identityOf(wire('agent_message', { message: 'other' }));
    expect(a).toBeTruthy();
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(identityOf({ type: 'output', data: 'x' })).toMatch(/^output:/);
  });
});

describe('mars dialect', () => {
  it('connects to /ws/{task_id} with a 30 s ping', () => {
    expect(marsDialect.connect({ baseUrl: 'http://127.0.0.1:9/', runId: 'gate~a b' })).toEqual({
      kind: 'websocket',
      url: 'ws://127.0.0.1:9/ws/gate~a%20b',
      heartbeat: { message: { type: 'ping' }, everyMs: 30_000 },
    });
  });

  it('sends the {task, config} frame on the starter\'s first open only: never on a reconnect, never while watching', () => {
    const first = marsDialect.onOpen({ runId: 'r', cursor: undefined, start: 'Fit a model', reconnect: false, memo: {} });
    expect(first).toEqual([{ via: 'socket', message: { task: 'Fit a model', config: expect.any(Object) } }]);
    expect(marsDialect.onOpen({ runId: 'r', cursor: undefined, start: 'Fit a model', reconnect: true, memo: {} })).toEqual([]);
    expect(marsDialect.onOpen({ runId: 'r', cursor: undefined, start: 'Fit a model', reconnect: false, memo: { watching: 'watching over REST, every 3 s' } })).toEqual([]);
    expect(marsDialect.onOpen({ runId: 'r', cursor: undefined, reconnect: false, memo: {} })).toEqual([]);
  });

  it('answers gates in the real resolve_approval form', () => {
    const gate = { gateId: 'ap-1', kind: 'approval', runId: 'r' };
    const answer = (value: string | undefined, text?: string) =>
      marsDialect.answerGate(gate, { decidedBy: 'me', ...(value ? { option: { value, label: value } } : {}), ...(text ? { text } : {}) }, {});
    expect(answer('approve')).toEqual([{ via: 'socket', message: { type: 'resolve_approval', approval_id: 'ap-1', resolution: 'approved', feedback: '', modifications: null } }]);
    expect(answer('reject', 'too risky')).toMatchObject([{ message: { resolution: 'rejected', feedback: 'too risky', modifications: null } }]);
    expect(answer('submit')).toMatchObject([{ message: { resolution: 'submit' } }]);
    expect(answer('revise', 'split step 2')).toMatchObject([{ message: { resolution: 'revise', feedback: 'split step 2', modifications: null } }]);
  });

  it('sends Modify as the JSON object the server reads (modifications.plan), and refuses free text, saying why', () => {
    const gate = { gateId: 'ap-1', kind: 'approval', runId: 'r' };
    const modify = (text: string) => marsDialect.answerGate(gate, { decidedBy: 'me', option: { value: 'modify', label: 'Modify' }, text }, {});
    const plan = [{ sub_task: 'Fit', sub_task_agent: 'engineer' }];
    expect(modify(JSON.stringify(plan))).toEqual([{ via: 'socket', message: { type: 'resolve_approval', approval_id: 'ap-1', resolution: 'modified', feedback: '', modifications: { plan } } }]);
    expect(modify(JSON.stringify({ plan, note: 'x' }))).toMatchObject([{ message: { modifications: { plan, note: 'x' } } }]);
    expect(modify('use 5%')).toEqual({ unavailable: MODIFY_NEEDS_PLAN });
    expect(modify('{"steps": 3}')).toEqual({ unavailable: MODIFY_NEEDS_PLAN });
    expect(marsDialect.answerGate(gate, { decidedBy: 'me', option: { value: 'modify', label: 'Modify' }, edits: plan, text: 'why' }, {})).toMatchObject([{ message: { modifications: { plan }, feedback: 'why' } }]);
  });

  it('sends control frames on the socket; a watching session has none (MARS takes them only on the starter\'s socket)', () => {
    expect(marsDialect.control('pause', 'r', undefined)).toEqual([{ via: 'socket', message: { type: 'pause' } }]);
    expect(marsDialect.control('cancel', 'r', 'enough')).toEqual([{ via: 'socket', message: { type: 'cancel', reason: 'enough' } }]);
    const watching = { watching: 'watching over REST, every 3 s' };
    expect(marsDialect.control('cancel', 'r', undefined, watching)).toEqual({ unavailable: SOCKET_ONLY });
    expect(marsDialect.answerGate({ gateId: 'g', kind: 'approval', runId: 'r' }, { decidedBy: 'me', option: { value: 'approve', label: 'Approve' } }, watching)).toEqual({ unavailable: SOCKET_ONLY });
    expect(marsDialect.refill).toBeUndefined();
    expect(marsDialect.recovery).toMatchObject({ ordering: { by: 'arrival' }, refill: [], drop: 'watch' });
  });
});
