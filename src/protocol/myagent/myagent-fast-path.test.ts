/**
 * The myagent fast path (myagent-fast-path.ts) must read a frame exactly as the zod path
 * does, and leave every frame it does not fully accept to zod, so a bad one is still
 * rejected with the path of its bad field. Checked field by field: every field of each fast
 * event, its content and its metadata set to each value that tells readers apart.
 */
import { describe, expect, it } from 'vitest';

import { FAST_EVENTS, fastMyagent } from '@/protocol/myagent/myagent-fast-path';
import { readMyagentFrame, readMyagentFull } from '@/protocol/myagent/myagent-interpreter';
import { MyagentServerEventSchema } from '@/protocol/myagent/myagent-schemas';
import { newStreamState, startTask } from '@/protocol/myagent/myagent-state';

const EDGES: unknown[] = [undefined, null, 0, -1, 1.5, 7, Number.NaN, Infinity, '', 'x', true, [], {}, { id: 3 }, { input: 1, output: 2 }];

const stamped = (event: string, body: Record<string, unknown>) => ({
  event,
  session_id: 'sess-1',
  timestamp: '2025-10-18T14:30:00.123456',
  seq: 12,
  event_id: 'c1-12',
  show_content: 'shown',
  ...body,
});

const META = { task_id: 'task_1', connection_id: 'c1', cost_usd: 0.01, tokens_used: { input: 3, output: 4 } };

const VALID: Record<string, Record<string, unknown>> = {
  'agent.partial_answer': stamped('agent.partial_answer', { content: 'Slide 1 shows ', metadata: { ...META, completion_percent: 40, word_count: 3, is_final: false, total_length: 40 } }),
  'solver.start': stamped('solver.start', { step_id: 'solve_1', content: { task: { id: 'task_1', title: 'Write' } }, metadata: { ...META, attempt: 1 } }),
  'solver.completed': stamped('solver.completed', {
    content: { task: { id: 'task_1', title: 'Write' }, result: { status: 'success' } },
    metadata: { ...META, execution_time_ms: 800, attempt: 2 },
  }),
  'agent.tool_call': stamped('agent.tool_call', {
    step_id: 'step_1_web',
    content: 'Calling tool: web_search',
    metadata: { ...META, tool: 'web_search', args: { q: 'ai' }, status: 'running', tool_name: 'web', tool_args: {}, call_id: 'c' },
  }),
  'agent.tool_result': stamped('agent.tool_result', {
    step_id: 'step_1_web',
    content: '{"hits":7}',
    metadata: { ...META, tool: 'web_search', status: 'success', error: null, data: { hits: 7 }, success: true, execution_time_ms: 12 },
  }),
};

/** Fields inside content, content.task and metadata that each event's shape reads. */
const NESTED: Record<string, Record<string, string[]>> = {
  'agent.partial_answer': { metadata: ['task_id', 'connection_id', 'cost_usd', 'tokens_used', 'completion_percent', 'word_count', 'is_final', 'total_length'] },
  'solver.start': { content: ['task'], metadata: ['task_id', 'attempt', 'tokens_used'] },
  'solver.completed': { content: ['task', 'result'], metadata: ['task_id', 'execution_time_ms', 'attempt', 'cost_usd'] },
  'agent.tool_call': { content: [], metadata: ['tool', 'args', 'status', 'tool_name', 'tool_args', 'call_id'] },
  'agent.tool_result': { metadata: ['tool', 'status', 'error', 'data', 'tool_name', 'call_id', 'result', 'success', 'execution_time_ms'] },
};

/** A state with a running task, as in the middle of a run (fresh for each reading: the mapping changes it). */
function running() {
  const state = newStreamState();
  startTask(state, 'task_7');
  return state;
}

function expectAgreement(frame: unknown, label: string) {
  const full = readMyagentFull(frame, running());
  if (full.kind === 'rejected') expect(fastMyagent(frame), `${label}: zod rejects, the fast path must defer`).toBeUndefined();
  expect(readMyagentFrame(frame, running()), label).toEqual(full);
}

describe('myagent fast path', () => {
  it('covers exactly the fields of each schema it stands for', () => {
    for (const [event, shape] of FAST_EVENTS) {
      const member = MyagentServerEventSchema.options.find((option) => option.shape.event.value === event);
      expect([...shape.keys].sort(), event).toEqual(Object.keys(member?.shape ?? {}).filter((key) => key !== 'event').sort());
    }
  });

  it.each(Object.keys(VALID))('reads a valid %s as the schema path does', (event) => {
    expect(fastMyagent(VALID[event])).toBeDefined();
    expectAgreement(VALID[event], event);
  });

  it.each(Object.keys(VALID))('agrees with zod on every field of %s, whatever its value', (event) => {
    const valid = VALID[event] as Record<string, unknown>;
    for (const key of FAST_EVENTS.get(event)?.keys ?? []) for (const value of EDGES) expectAgreement({ ...valid, [key]: value }, `${event}.${key} = ${String(value)}`);
    for (const [part, keys] of Object.entries(NESTED[event] ?? {})) {
      const inner = typeof valid[part] === 'object' && valid[part] !== null ? (valid[part] as Record<string, unknown>) : {};
      for (const key of keys) for (const value of EDGES) expectAgreement({ ...valid, [part]: { ...inner, [key]: value } }, `${event}.${part}.${key} = ${String(value)}`);
    }
  });

  it('agrees with zod on task references and token counts', () => {
    const start = VALID['solver.start'] as Record<string, unknown>;
    for (const key of ['id', 'title', 'description', 'objective']) {
      for (const value of EDGES) expectAgreement({ ...start, content: { task: { id: 't', [key]: value } } }, `task.${key} = ${String(value)}`);
    }
    for (const key of ['input', 'output']) {
      for (const value of EDGES) expectAgreement({ ...start, metadata: { tokens_used: { input: 1, output: 1, [key]: value } } }, `tokens_used.${key} = ${String(value)}`);
    }
  });

  const bad: [string, unknown, string][] = [
    ['a partial answer that is an object', { ...VALID['agent.partial_answer'], content: { text: 'x' } }, 'content'],
    ['seq zero', { ...VALID['solver.start'], seq: 0 }, 'seq'],
    ['a negative cost', { ...VALID['solver.completed'], metadata: { cost_usd: -1 } }, 'cost_usd'],
    ['tokens that are not whole', { ...VALID['agent.tool_call'], metadata: { tokens_used: { input: 1.5, output: 1 } } }, 'input'],
  ];
  it.each(bad)('leaves %s to zod, which rejects it naming the field', (_, frame, path) => {
    expect(fastMyagent(frame)).toBeUndefined();
    const full = readMyagentFull(frame, running());
    expect(full.kind === 'rejected' ? full.reason : 'read').toContain(path);
  });
});
