/**
 * The agent.partial_answer fast path (myagent-fast-path.ts) must read a frame exactly as the
 * zod path does, and leave every frame it does not fully accept to zod, so a bad one is still
 * rejected with the path of its bad field.
 */
import { describe, expect, it } from 'vitest';

import { fastPartialAnswer } from '@/protocol/myagent/myagent-fast-path';
import { readMyagentFrame, readMyagentFull } from '@/protocol/myagent/myagent-interpreter';
import { newStreamState, startTask } from '@/protocol/myagent/myagent-state';

const partial = (body: Record<string, unknown> = {}, metadata: Record<string, unknown> | null | undefined = { task_id: 'task_1', connection_id: 'c1' }) => ({
  event: 'agent.partial_answer',
  session_id: 'sess-1',
  timestamp: '2025-10-18T14:30:00.123456',
  seq: 12,
  event_id: 'c1-12',
  content: 'Slide 1 shows ',
  metadata,
  ...body,
});

/** A state with a running task, so a partial without a task id goes to it. */
function running() {
  const state = newStreamState();
  startTask(state, 'task_7');
  return state;
}

describe('myagent agent.partial_answer fast path', () => {
  const good: [string, unknown][] = [
    ['a delta for a task', partial()],
    ['a numeric task id', partial({}, { task_id: 3 })],
    ['no metadata (the running task)', partial({}, undefined)],
    ['null metadata and fields (Python None)', partial({ session_id: null, step_id: null, show_content: null, event_id: null, seq: null }, null)],
    ['no timestamp', partial({ timestamp: undefined })],
    ['an empty delta', partial({ content: '' })],
    ['cost and tokens in metadata', partial({}, { task_id: 't', cost_usd: 0.01, tokens_used: { input: 3, output: 4 }, completion_percent: 50 })],
    ['a numeric step id and extra fields', partial({ step_id: 4, extra: true }, { task_id: 't', model: 'gpt' })],
  ];
  it.each(good)('reads %s as the schema path does', (_, frame) => {
    expect(fastPartialAnswer(frame)).toBeDefined();
    expect(readMyagentFrame(frame, running())).toEqual(readMyagentFull(frame, running()));
  });

  const bad: [string, unknown, string][] = [
    ['content an object', partial({ content: { text: 'x' } }), 'content'],
    ['seq zero', partial({ seq: 0 }), 'seq'],
    ['seq fractional', partial({ seq: 1.5 }), 'seq'],
    ['timestamp a number', partial({ timestamp: 5 }), 'timestamp'],
    ['negative cost', partial({}, { task_id: 't', cost_usd: -1 }), 'cost_usd'],
    ['tokens not whole', partial({}, { tokens_used: { input: 1.5, output: 1 } }), 'input'],
    ['task id an object', partial({}, { task_id: {} }), 'task_id'],
    ['metadata a list', partial({}, [] as unknown as Record<string, unknown>), 'metadata'],
    ['completion as text', partial({}, { completion_percent: '5' }), 'completion_percent'],
  ];
  it.each(bad)('leaves %s to zod, which rejects it naming the field', (_, frame, path) => {
    expect(fastPartialAnswer(frame)).toBeUndefined();
    const full = readMyagentFull(frame, running());
    expect(full.kind).toBe('rejected');
    expect(full.kind === 'rejected' ? full.reason : '').toContain(path);
  });
});
