/**
 * myagent frames read through the readers derived from their schemas (derive-reader.ts) must
 * read exactly as through zod alone, and a bad one must still be rejected with the path of
 * its bad field. Checked field by field: every field of the frequent events, their content
 * and their metadata set to each value that tells readers apart.
 */
import { describe, expect, it } from 'vitest';

import { throughZodOnly } from '@/protocol/derive-reader';
import { readMyagentFrame } from '@/protocol/myagent/myagent-interpreter';
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

const zodOnly = (frame: unknown) => throughZodOnly(() => readMyagentFrame(frame, running()));

/** The derived readers and zod read `frame` the same: the same events, or the same rejection. */
function expectAgreement(frame: unknown, label: string) {
  expect(readMyagentFrame(frame, running()), label).toEqual(zodOnly(frame));
}

const keysOf = (event: string) =>
  Object.keys(MyagentServerEventSchema.options.find((option) => option.shape.event.value === event)?.shape ?? {}).filter((key) => key !== 'event');

describe('myagent frames through derived readers', () => {
  it.each(Object.keys(VALID))('reads a valid %s as zod does', (event) => {
    expect(readMyagentFrame(VALID[event], running()).kind).toBe('events');
    expectAgreement(VALID[event], event);
  });

  it.each(Object.keys(VALID))('agrees with zod on every field of %s, whatever its value', (event) => {
    const valid = VALID[event] as Record<string, unknown>;
    for (const key of keysOf(event)) for (const value of EDGES) expectAgreement({ ...valid, [key]: value }, `${event}.${key} = ${String(value)}`);
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
  it.each(bad)('rejects %s naming the field, as zod does', (_, frame, path) => {
    const read = readMyagentFrame(frame, running());
    expect(read.kind === 'rejected' ? read.reason : 'read').toContain(path);
    expect(read).toEqual(zodOnly(frame));
  });
});
