import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { isUnavailable, type Interpretation, type Placement } from '@/protocol/dialect';
import { createFrameReader, type ReadResult } from '@/protocol/read-frame';
import { RunEventSchema, type RunEvent } from '@/protocol/run-event';
import { shannonDialect } from '@/protocol/shannon/shannon-dialect';
import { NO_APPROVAL_ID_REASON } from '@/protocol/shannon/shannon-gates';
import { SHANNON_TYPES } from '@/protocol/shannon/shannon-schemas';

const WF = 'gate~t1';
/** locate + one interpreter, in arrival order. */
const fresh = () => createFrameReader(shannonDialect, WF);

/** The frames `locate` places for one raw frame (throws when it cannot place it). */
function place(frame: unknown): readonly Placement[] {
  const location = shannonDialect.locate(frame, { runId: WF, connection: 0 });
  if (location.kind !== 'placed') throw new Error(`not placed: ${location.reason}`);
  return location.placements;
}

/** Validates every event against the canonical schema (a mapping bug fails here). */
function events(result: ReadResult | Interpretation): RunEvent[] {
  if (result.kind !== 'events') throw new Error(`expected events, got rejected: ${result.reason}`);
  for (const event of result.events) {
    const parsed = RunEventSchema.safeParse(event);
    if (!parsed.success) throw new Error(`invalid RunEvent ${JSON.stringify(event)}: ${parsed.error.message}`);
  }
  return result.events;
}
const types = (list: RunEvent[]) => list.map((e) => e.type);
const sse = (data: unknown, event?: string, id?: string) => ({ data, ...(event ? { event } : {}), ...(id ? { id } : {}) });
const env = (type: string, rest: Record<string, unknown> = {}) => ({ workflow_id: WF, type, seq: 3, ...rest });

function fixture(name: string): unknown[] {
  const path = fileURLToPath(new URL(`../../../tests/fixtures/shannon/${name}`, import.meta.url));
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown);
}

describe('shannon interpreter: documentation fixtures', () => {
  it('reads every event-types example line into valid events', () => {
    const decode = fresh();
    const lines = fixture('event-types-doc-examples.jsonl');
    expect(lines).toHaveLength(31);
    for (const line of lines) expect(events(decode(sse(line))).every((e) => e.type !== 'raw')).toBe(true);
  });

  it('reads the streaming-api examples without throwing; bare payload objects are rejected, not thrown', () => {
    const decode = fresh();
    const results = fixture('streaming-api-doc-examples.jsonl').map((line) => decode(sse(line)));
    expect(results.map((r) => r.kind)).toEqual(['events', 'events', 'rejected', 'events', 'rejected', 'rejected', 'events', 'events', 'events', 'rejected']);
    for (const result of results) if (result.kind === 'events') events(result);
    expect(types(events(results[1]!))).toEqual(['node.output']);
    expect(types(events(results[3]!))).toEqual(['cost.recorded', 'llm.text']);
    expect(types(events(results[6]!))).toEqual(['graph.defined', 'node.status', 'node.status']);
  });

  it('reads the documented TOOL payloads when they arrive as payloads', () => {
    const [, , , , invoked, observed] = fixture('streaming-api-doc-examples.jsonl');
    const decode = fresh();
    expect(events(decode(sse(env('TOOL_INVOKED', { agent_id: 'a', payload: invoked }))))).toEqual([
      { type: 'tool.called', tool: 'web_search', nodeId: 'a', args: { query: 'latest news' }, runId: WF },
    ]);
    expect(events(decode(sse(env('TOOL_OBSERVATION', { payload: observed }))))[0]).toMatchObject({ type: 'tool.result', tool: 'web_search', ok: true, durationMs: 1234 });
  });
});

// One minimal valid frame per type and the canonical types it must become.
const EVERY_TYPE: [string, Record<string, unknown>, string[]][] = [
  ['WORKFLOW_STARTED', { payload: { query: 'Analyze Q4', mode: 'STANDARD' } }, ['run.started', 'chapter.started']],
  ['WORKFLOW_COMPLETED', { payload: { total_cost_usd: 0.0814, total_tokens: 5420 } }, ['run.completed']],
  ['WORKFLOW_FAILED', { payload: { error_message: 'boom' } }, ['run.failed']],
  ['AGENT_STARTED', { agent_id: 'a1', payload: { role: 'analyst' } }, ['chapter.started', 'graph.defined', 'node.started']],
  ['AGENT_THINKING', { agent_id: 'a1', payload: { thought: 'hmm' } }, ['node.progress']],
  ['AGENT_COMPLETED', { agent_id: 'a1', payload: { result: 'ok', cost_usd: 0.018 } }, ['node.completed', 'cost.recorded']],
  ['AGENT_FAILED', { agent_id: 'a1', payload: { error: 'TOOL_EXECUTION_FAILED', error_message: 'no csv', recoverable: true } }, ['node.failed']],
  ['TOOL_INVOKED', { agent_id: 'a1', payload: { tool_name: 'csv_loader', tool_args: { f: 1 } } }, ['tool.called']],
  ['TOOL_OBSERVATION', { agent_id: 'a1', payload: { tool_name: 'csv_loader', result: { rows: 1 } } }, ['tool.result']],
  ['TEAM_RECRUITED', { payload: { agents: [{ agent_id: 'x' }, { agent_id: 'y' }] } }, ['chapter.started', 'graph.defined', 'log']],
  ['TEAM_RETIRED', { payload: { reason: 'task_completed' } }, ['log']],
  ['TEAM_STATUS', { payload: { active_agents: 2 } }, ['log']],
  ['DEPENDENCY_SATISFIED', { payload: { subtask_id: 's3' } }, ['log']],
  ['MESSAGE_SENT', { payload: { to: 'b' } }, ['log']],
  ['MESSAGE_RECEIVED', { payload: { from: 'a' } }, ['log']],
  ['LLM_PROMPT', { payload: { model: 'gpt-5' } }, ['log']],
  ['LLM_PROMPT', { agent_id: 'a1', message: 'Summarise the findings', payload: { role: 'analyst' } }, ['llm.text']],
  ['LLM_PARTIAL', { agent_id: 'a1', payload: { chunk: 'Based on' } }, ['node.output']],
  ['LLM_OUTPUT', { agent_id: 'a1', payload: { output: 'done', model: 'gpt-5', tokens_used: 350, cost_usd: 0.0105 } }, ['cost.recorded', 'llm.text']],
  ['PROGRESS', { agent_id: 'a1', payload: { percentage: 60 } }, ['node.progress']],
  ['DATA_PROCESSING', { payload: { operation: 'x' } }, ['log']],
  ['WAITING', { payload: { waiting_for: 's2' } }, ['log']],
  ['ERROR_OCCURRED', { payload: { error_type: 'DB', error_message: 'timeout', recoverable: true } }, ['log']],
  ['ERROR_RECOVERY', { payload: { attempt: 2 } }, ['log']],
  ['APPROVAL_REQUESTED', { payload: { approval_id: 'appr-1' } }, ['gate.opened']],
  ['APPROVAL_DECISION', { payload: { approval_id: 'appr-1', decision: 'approved' } }, ['gate.resolved']],
  ['WORKSPACE_UPDATED', { payload: { key: 'k' } }, ['log']],
  ['ROLE_ASSIGNED', { payload: { role: 'r' } }, ['log']],
  ['DELEGATION', { payload: { to_agent: 'b' } }, ['log']],
  ['TASKLIST_UPDATED', { payload: { tasks: [{ id: 'T1', status: 'pending', depends_on: [] }] } }, ['graph.defined', 'node.status']],
  ['STREAM_END', {}, []],
  ['WARNING', { message: 'careful' }, ['log']],
  ['BUDGET_THRESHOLD', { payload: { usage_percent: 80 } }, ['log']],
  ['RESEARCH_PLAN_READY', { payload: { round: 1 } }, ['gate.opened']],
  ['RESEARCH_PLAN_UPDATED', { payload: { round: 2 } }, ['gate.opened']],
  ['RESEARCH_PLAN_APPROVED', { payload: { final_round: 2 } }, ['log']],
  ['REVIEW_USER_FEEDBACK', { payload: { round: 2 } }, ['log']],
  ['LEAD_DECISION', { agent_id: 'swarm-lead', message: 'Spawning 2 agents', payload: { event_type: 'initial_plan', actions: 3 } }, ['log']],
  ['LEAD_TOOL_CALL', { agent_id: 'swarm-lead', message: 'Lead executing web_search', payload: { tool: 'web_search', phase: 'initial_plan' } }, ['log']],
  ['HITL_RESPONSE', { agent_id: 'swarm-lead', message: 'Noted: focus on the UK' }, ['log']],
  ['workflow.pausing', {}, ['log']],
  ['workflow.paused', { payload: { reason: 'user' } }, ['run.paused']],
  ['workflow.resumed', {}, ['run.resumed']],
  ['workflow.cancelling', {}, ['log']],
  ['workflow.cancelled', {}, ['run.cancelled']],
];

describe('shannon locate and interpreter: every type', () => {
  it('covers every type the schemas know', () => {
    expect(new Set(EVERY_TYPE.map(([type]) => type))).toEqual(SHANNON_TYPES);
  });

  it.each(EVERY_TYPE)('%s → canonical events', (type, rest, expected) => {
    const result = fresh()(sse(env(type, rest), type, '1700000000000-0'));
    expect(types(events(result))).toEqual(expected);
    expect(result).toMatchObject({ placements: [{ order: { scope: `wf:${WF}`, seq: 3 }, cursor: '1700000000000-0' }] });
  });

  it('maps the envelope time onto every event', () => {
    const [event] = events(fresh()(sse(env('AGENT_THINKING', { agent_id: 'a', timestamp: '2025-01-20T10:00:02Z' }))));
    expect(event).toMatchObject({ at: '2025-01-20T10:00:02Z', atMs: Date.parse('2025-01-20T10:00:02Z') });
  });

  it('uses the seq as cursor when the frame has no SSE id, and ctx.runId as scope without workflow_id', () => {
    expect(fresh()(sse({ type: 'PROGRESS', seq: 9 }))).toMatchObject({ placements: [{ order: { scope: `wf:${WF}`, seq: 9 }, cursor: '9' }] });
    expect(place(sse({ type: 'PROGRESS', workflow_id: 'child-1', seq: 2 }))).toMatchObject([{ order: { scope: 'wf:child-1', seq: 2 }, cursor: '2' }]);
  });
});

describe('shannon locate and interpreter: wire variants', () => {
  it('accepts the document `data` and the wire `payload`, preferring payload', () => {
    const viaData = events(fresh()(sse(env('AGENT_COMPLETED', { agent_id: 'a', data: { result: 'D', cost_usd: 0.5 } }))));
    expect(viaData[0]).toMatchObject({ type: 'node.completed', output: 'D' });
    expect(viaData[1]).toMatchObject({ type: 'cost.recorded', micros: 500_000 });
    const both = events(fresh()(sse(env('AGENT_COMPLETED', { agent_id: 'a', data: { result: 'D' }, payload: { result: 'P' } }))));
    expect(both[0]).toMatchObject({ output: 'P' });
  });

  it('thread.message.delta (no type) streams text to the agent node', () => {
    const body = { delta: 'partial ', workflow_id: WF, agent_id: 'simple-agent', seq: 9, stream_id: '1700000000000-0' };
    const result = fresh()(sse(body, 'thread.message.delta', '1700000000000-0'));
    expect(events(result)).toEqual([{ type: 'node.output', nodeId: 'simple-agent', delta: 'partial ', runId: WF }]);
    expect(result).toMatchObject({ placements: [{ order: { scope: `wf:${WF}`, seq: 9 }, cursor: '1700000000000-0' }] });
  });

  it('thread.message.completed books its metadata usage once; AGENT_COMPLETED cost is then not counted again', () => {
    const decode = fresh();
    const metadata = { tokens_used: 174, input_tokens: 104, output_tokens: 70, cost_usd: 0.0012, model_used: 'gpt-5-nano', provider: 'openai' };
    const completed = events(decode(sse({ response: '10.', workflow_id: WF, agent_id: 'a', seq: 10, metadata }, 'thread.message.completed')));
    expect(completed[0]).toEqual({ type: 'cost.recorded', micros: 1200, currency: 'USD', nodeId: 'a', model: 'gpt-5-nano', inputTokens: 104, outputTokens: 70, runId: WF });
    expect(completed[1]).toMatchObject({ type: 'llm.text', role: 'response', text: '10.' });
    expect(types(events(decode(sse(env('AGENT_COMPLETED', { agent_id: 'a', payload: { cost_usd: 0.0012 } })))))).toEqual(['node.completed']);
    expect(types(events(decode(sse(env('AGENT_COMPLETED', { agent_id: 'b', payload: { cost_usd: 0.002 } })))))).toEqual(['node.completed', 'cost.recorded']);
  });

  it('a history LLM_OUTPUT that stores a thread.message.completed body books its metadata cost', () => {
    const metadata = { input_tokens: 473, output_tokens: 73, cost_usd: 0.0021, model_used: 'gpt-4o-mini' };
    const stored = { workflow_id: WF, type: 'LLM_OUTPUT', response: 'Split it.', agent_id: 'plan', metadata, seq: 18, stream_id: '1-0' };
    const out = events(fresh()(sse(stored)));
    expect(out[0]).toMatchObject({ type: 'cost.recorded', micros: 2100, nodeId: 'plan', model: 'gpt-4o-mini' });
  });

  it('LLM_OUTPUT with nested usage (no cost) records tokens at zero cost and leaves the agent unpriced', () => {
    const decode = fresh();
    const out = events(decode(sse(env('LLM_OUTPUT', { agent_id: 'a', payload: { usage: { input_tokens: 104, output_tokens: 70 }, model: 'm' } }))));
    expect(out[0]).toMatchObject({ type: 'cost.recorded', micros: 0, inputTokens: 104, outputTokens: 70, model: 'm' });
    expect(types(events(decode(sse(env('AGENT_COMPLETED', { agent_id: 'a', payload: { cost_usd: 0.01 } })))))).toEqual(['node.completed', 'cost.recorded']);
  });

  it('event: error is ERROR_OCCURRED; recoverable:false fails the agent', () => {
    const decode = fresh();
    const soft = events(decode(sse({ workflow_id: WF, message: 'rate limited', seq: 4 }, 'error')));
    expect(soft).toEqual([{ type: 'log', level: 'error', source: 'error_occurred', message: 'rate limited', runId: WF }]);
    const hard = events(decode(sse({ workflow_id: WF, agent_id: 'a', seq: 5, payload: { error_message: 'gone', recoverable: false } }, 'error')));
    expect(hard[1]).toEqual({ type: 'node.failed', nodeId: 'a', error: { message: 'gone', retryable: false }, runId: WF });
    expect(events(decode(sse('upstream closed', 'error')))[0]).toMatchObject({ type: 'log', level: 'error', message: 'upstream closed' });
  });

  it('done / [DONE] are placed as the end and read as nothing (no memo); STREAM_END produces no events in its place', () => {
    for (const frame of [sse('[DONE]', 'done'), sse('[DONE]'), sse(' [DONE]\n'), sse({}, 'done')]) {
      const placed = place(frame);
      // locate hands the interpreter the unwrapped event: its data and its SSE event name.
      const body = { data: frame.data, ...('event' in frame ? { name: frame.event } : {}) };
      expect(placed).toEqual([{ body, end: true }]);
      expect(shannonDialect.createInterpreter({ runId: WF })(placed[0]!)).toEqual({ kind: 'events', events: [] });
      expect(fresh()(frame)).toEqual({ kind: 'events', events: [], placements: [{ body, end: true }], rejected: [] });
    }
    expect(fresh()(sse(env('STREAM_END', { seq: 40 }), 'STREAM_END'))).toMatchObject({ events: [], placements: [{ order: { seq: 40 } }] });
    expect(place(sse(env('WORKFLOW_COMPLETED', { seq: 41 }), 'WORKFLOW_COMPLETED'))[0]).not.toHaveProperty('end');
  });

  it('an unknown type is kept as a raw event in its place', () => {
    const result = fresh()(sse(env('POLICY_EVALUATED', { message: 'ok', seq: 12 })));
    expect(events(result)).toEqual([{ type: 'raw', frameType: 'POLICY_EVALUATED', unknown: true, summary: 'ok', runId: WF }]);
    expect(result).toMatchObject({ placements: [{ order: { seq: 12 } }] });
  });

  it('a wrong field type is rejected with its path', () => {
    const result = fresh()(sse(env('TASKLIST_UPDATED', { payload: { tasks: [{ id: 5 }] } })));
    expect(result.kind).toBe('rejected');
    if (result.kind === 'rejected') {
      expect(result.reason).toContain('payload.tasks[0].id');
      expect(result.frameType).toBe('TASKLIST_UPDATED');
    }
    expect(fresh()(sse(env('AGENT_COMPLETED', { agent_id: 'a', payload: { cost_usd: 'cheap' } })))).toMatchObject({ kind: 'rejected' });
    expect(fresh()(sse(42))).toMatchObject({ kind: 'rejected' });
    expect(fresh()(sse({ hello: 1 }))).toMatchObject({ kind: 'rejected' });
  });

  it('accepts null for optional fields and extra keys', () => {
    const nulls = env('AGENT_COMPLETED', { agent_id: 'a', message: null, timestamp: null, stream_id: null, payload: { result: null, cost_usd: null } });
    expect(events(fresh()(sse(nulls)))).toEqual([{ type: 'node.completed', nodeId: 'a', output: undefined, durationMs: undefined, runId: WF }]);
    expect(events(fresh()(sse(env('AGENT_STARTED', { payload: null })))).map((e) => e.type)).toEqual(['log']);
    const extra = env('TOOL_INVOKED', { future: true, payload: { tool: 't', brand_new: [1] } });
    expect(events(fresh()(sse(extra)))[0]).toMatchObject({ type: 'tool.called', tool: 't' });
  });
});

describe('shannon interpreter: gates', () => {
  it('APPROVAL_REQUESTED with approval_id opens an answerable approval gate with context and deadline', () => {
    const frame = env('APPROVAL_REQUESTED', {
      agent_id: 'ops',
      message: 'Delete files?',
      timestamp: '2024-10-27T10:00:00Z',
      payload: { approval_id: 'appr-123', tool_name: 'file_system', operation: 'write', risk_level: 'HIGH', timeout_seconds: 60, details: { action: 'delete' } },
    });
    const [gate] = events(fresh()(sse(frame)));
    expect(gate).toMatchObject({
      type: 'gate.opened',
      gateId: 'appr-123',
      kind: 'approval',
      message: 'Delete files?',
      nodeId: 'ops',
      options: [{ value: 'approved', label: 'Approve' }, { value: 'rejected', label: 'Reject' }],
      context: { details: { action: 'delete' }, tool: 'file_system', operation: 'write', risk_level: 'HIGH' },
      deadlineAtMs: Date.parse('2024-10-27T10:00:00Z') + 60_000,
    });
    expect(gate).not.toHaveProperty('answerable');
  });

  it('APPROVAL_REQUESTED without approval_id opens an unanswerable gate keyed workflow:seq; the decision closes it', () => {
    // The memo comes from the interpreter (the frame reader keeps only events): read placed frames directly.
    const interpret = shannonDialect.createInterpreter({ runId: WF });
    const [requested] = place(sse(env('APPROVAL_REQUESTED', { message: 'Approve DELETE?', seq: 12 })));
    expect(requested).toMatchObject({ order: { scope: `wf:${WF}`, seq: 12 } });
    const opened = interpret(requested!);
    expect(events(opened)[0]).toMatchObject({ gateId: `${WF}:12`, answerable: false, unanswerableReason: NO_APPROVAL_ID_REASON });
    expect(opened).toMatchObject({ memo: { [`shannon.unanswerable:${WF}:12`]: NO_APPROVAL_ID_REASON } });
    const [decision] = place(sse(env('APPROVAL_DECISION', { message: 'Approved by user@example.com', seq: 13 })));
    const decided = events(interpret(decision!));
    expect(decided).toEqual([{ type: 'gate.resolved', gateId: `${WF}:12`, decision: 'approved', cause: 'decision', runId: WF }]);
  });

  it('APPROVAL_DECISION words: denied → rejected, timeout → cause timeout', () => {
    const denied = events(fresh()(sse(env('APPROVAL_DECISION', { payload: { approval_id: 'x', decision: 'denied', approved_by: 'u' } }))));
    expect(denied[0]).toMatchObject({ gateId: 'x', decision: 'rejected', decidedBy: 'u', cause: 'decision' });
    const timeout = events(fresh()(sse(env('APPROVAL_DECISION', { payload: { approval_id: 'x', decision: 'timeout' } }))));
    expect(timeout[0]).toMatchObject({ decision: 'timeout', cause: 'timeout' });
  });

  it('BUDGET_THRESHOLD with an approval id becomes a budget gate', () => {
    const [gate] = events(fresh()(sse(env('BUDGET_THRESHOLD', { message: '90% used', payload: { approval_id: 'b1', usage_percent: 90 } }))));
    expect(gate).toMatchObject({ type: 'gate.opened', gateId: 'b1', kind: 'budget' });
  });
});

describe('shannon interpreter: graph and chapters', () => {
  it('TASKLIST_UPDATED declares tasks with depends_on edges only, then repeats only changed statuses', () => {
    const decode = fresh();
    const tasks = [
      { id: 'T1', description: 'Research', status: 'in_progress', depends_on: [] },
      { id: 'T2', description: 'Analyze', status: 'pending', depends_on: ['T1'] },
    ];
    const first = events(decode(sse(env('TASKLIST_UPDATED', { payload: { tasks } }))));
    expect(first[0]).toEqual({
      type: 'graph.defined',
      nodes: [
        { id: 'T1', label: 'Research', kind: 'task', status: 'running' },
        { id: 'T2', label: 'Analyze', kind: 'task', status: 'pending' },
      ],
      edges: [{ source: 'T1', target: 'T2' }],
      runId: WF,
    });
    const next = [{ ...tasks[0], status: 'completed' }, tasks[1]];
    expect(events(decode(sse(env('TASKLIST_UPDATED', { seq: 4, payload: { tasks: next } }))))).toEqual([
      { type: 'node.status', nodeId: 'T1', status: 'succeeded', runId: WF },
    ]);
    // An agent named like a task is that task's node: no new node, no invented edge.
    expect(types(events(decode(sse(env('AGENT_STARTED', { agent_id: 'T2', seq: 5 })))))).toEqual(['chapter.started', 'node.started']);
  });

  it('agents become edge-less agent nodes once; chapters open once and close at the end', () => {
    const decode = fresh();
    const all = [
      env('WORKFLOW_STARTED', { seq: 1, payload: { query: 'Q' } }),
      env('AGENT_STARTED', { seq: 2, agent_id: 'a' }),
      env('AGENT_STARTED', { seq: 3, agent_id: 'a' }),
      env('TEAM_RECRUITED', { seq: 4, agent_id: 'writer' }),
      env('LLM_OUTPUT', { seq: 5, agent_id: 'synthesis', payload: { output: 'final' } }),
      env('WORKFLOW_COMPLETED', { seq: 6, payload: { total_cost_usd: 0.0814 } }),
    ].flatMap((frame) => events(decode(sse(frame))));
    const graphs = all.filter((e) => e.type === 'graph.defined');
    expect(graphs).toEqual([
      { type: 'graph.defined', nodes: [{ id: 'a', label: 'a', kind: 'agent' }], edges: [], runId: WF },
      { type: 'graph.defined', nodes: [{ id: 'writer', label: 'writer', kind: 'agent' }], edges: [], runId: WF },
    ]);
    const chapters = all.filter((e) => e.type.startsWith('chapter.')).map((e) => `${e.type}:${'chapterId' in e ? e.chapterId : ''}`);
    expect(chapters).toEqual(['chapter.started:workflow', 'chapter.started:agents', 'chapter.completed:agents', 'chapter.completed:workflow']);
    expect(all.at(-1)).toMatchObject({ type: 'run.completed', totalCost: { micros: 81_400, currency: 'USD' } });
  });
});

describe('shannon locate and interpreter: history reply', () => {
  const history = [env('AGENT_STARTED', { seq: 2, agent_id: 'a', stream_id: '1700000000000-1' }), env('AGENT_COMPLETED', { seq: 3, agent_id: 'a' })];
  const reply = (body: unknown, status = 200) => ({ reply: { method: 'GET', path: `/api/v1/tasks/${WF}/events?limit=200&offset=0`, status }, body });

  it('splits a page into its envelopes, each placed like its live frame (stream_id as the SSE id) in seq order', () => {
    const page = reply({ events: history, total: 2 });
    expect(shannonDialect.locate(page, { runId: WF, connection: 0 })).toEqual({
      kind: 'placed',
      answer: 'history',
      placements: [
        { body: { id: '1700000000000-1', data: history[0] }, order: { scope: `wf:${WF}`, seq: 2 }, cursor: '1700000000000-1' },
        { body: { data: history[1] }, order: { scope: `wf:${WF}`, seq: 3 }, cursor: '3' },
      ],
    });
    const result = fresh()(page);
    expect(types(events(result))).toEqual(['chapter.started', 'graph.defined', 'node.started', 'node.completed']);
    expect(result).toMatchObject({ rejected: [] });
  });

  it('accepts a bare array; an unreadable envelope is rejected alone, the others still read', () => {
    const result = fresh()(reply([...history, { type: 'TASKLIST_UPDATED', seq: 4, payload: { tasks: 'x' } }]));
    expect(result).toMatchObject({ kind: 'events', placements: [{ order: { seq: 2 } }, { order: { seq: 3 } }, { order: { seq: 4 } }] });
    expect(types(events(result))).toEqual(['chapter.started', 'graph.defined', 'node.started', 'node.completed']);
    expect(result.kind === 'events' && result.rejected.length === 1 && result.rejected[0]!.includes('payload.tasks')).toBe(true);
  });

  it('rejects a failed or shapeless history reply; other replies produce no events', () => {
    const failed = reply({ error: 'x' }, 500);
    expect(shannonDialect.locate(failed, { runId: WF, connection: 0 })).toEqual({ kind: 'placed', answer: 'history', placements: [{ body: failed }] });
    expect(fresh()(failed)).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('HTTP 500'), frameType: 'history' });
    expect(fresh()(reply({ total: 0 }))).toMatchObject({ kind: 'rejected', frameType: 'history' });
    const decision = { reply: { method: 'POST', path: '/api/v1/approvals/decision', status: 200 }, body: { ok: true } };
    expect(events(fresh()(decision))).toEqual([]);
  });
});

describe('shannon dialect', () => {
  it('connects with the Authorization header, never a token in the URL', () => {
    const plan = shannonDialect.connect({ baseUrl: 'http://h:1', runId: 'gate~1', token: 's3cret' });
    expect(plan).toEqual({
      kind: 'sse',
      url: 'http://h:1/api/v1/stream/sse?workflow_id=gate~1',
      headers: { authorization: 'Bearer s3cret' },
      resumeHeader: 'last-event-id',
    });
  });

  it('answers a gate with the approvals decision body; refuses a gate without approval_id', () => {
    const gate = { gateId: 'appr-1', kind: 'approval', runId: WF };
    expect(shannonDialect.answerGate(gate, { option: { value: 'rejected', label: 'Reject', tone: 'reject' }, text: 'no', decidedBy: 'me' }, {})).toEqual([
      { via: 'http', method: 'POST', path: '/api/v1/approvals/decision', body: { workflow_id: WF, approval_id: 'appr-1', approved: false, feedback: 'no' } },
    ]);
    const answer = { option: { value: 'approved', label: 'Approve' }, decidedBy: 'me' };
    const refused = shannonDialect.answerGate({ ...gate, gateId: `${WF}:12` }, answer, {});
    expect(isUnavailable(refused) && refused.unavailable).toBe(NO_APPROVAL_ID_REASON);
    const byMemo = shannonDialect.answerGate({ ...gate, gateId: 'odd' }, answer, { 'shannon.unanswerable:odd': 'x' });
    expect(isUnavailable(byMemo)).toBe(true);
  });

  it('controls, starts and refills through the documented paths', () => {
    expect(shannonDialect.control('cancel', 'r~1', 'stop')).toEqual([{ via: 'http', method: 'POST', path: '/api/v1/tasks/r~1/cancel', body: { reason: 'stop' } }]);
    expect(shannonDialect.control('pause', 'r~1', undefined)).toEqual([{ via: 'http', method: 'POST', path: '/api/v1/tasks/r~1/pause', body: {} }]);
    expect(shannonDialect.startRun?.('fanout please', 'x')).toEqual([{ via: 'http', method: 'POST', path: '/api/v1/tasks/stream', body: { query: 'fanout please' } }]);
    expect(shannonDialect.refill?.('r~1', '17-0')).toEqual([
      {
        via: 'http',
        method: 'GET',
        path: '/api/v1/tasks/r~1/events?limit=200&offset=0',
        paging: { offsetParam: 'offset', pageSize: 200, itemsKey: 'events', maxPages: 50 },
      },
    ]);
    expect(shannonDialect.recovery.refill).toEqual(['resume-stream', 'commands']);
  });
});
