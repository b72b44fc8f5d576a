/**
 * The fast paths for the bulk of a stream (`output`, `agent_message`; mars-fast-path.ts) must
 * give the frame the schema would give, and must leave every frame they do not fully accept
 * to zod, so a bad frame is still rejected with the path of its bad field.
 */
import { describe, expect, it } from 'vitest';

import { marsDialect } from '@/protocol/mars/mars-dialect';
import { fastAgentMessage, fastOutput } from '@/protocol/mars/mars-fast-path';
import { MarsEventSchema } from '@/protocol/mars/mars-schemas';
import { createFrameReader } from '@/protocol/read-frame';

const read = (frame: unknown) => createFrameReader(marsDialect, 'run-1')(frame);

const message = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  event_type: 'agent_message',
  timestamp: '2026-01-16T10:00:00Z',
  run_id: 'run-1',
  data: { agent: 'engineer', message: 'Analyzing', role: 'assistant', ...data },
  ...extra,
});

describe('mars agent_message fast path', () => {
  const good: [string, unknown][] = [
    ['full', message({ step_id: 's-1', step_number: 1 })],
    ['no step', message({})],
    ['Python None everywhere', message({ step_id: null, step_number: null, agent: null, role: null }, { timestamp: null, run_id: null, session_id: null })],
    ['session only', message({}, { run_id: undefined, session_id: 'abc' })],
    ['step 0', message({ step_number: 0 })],
  ];
  it.each(good)('accepts %s as the schema does', (_, frame) => {
    const fast = fastAgentMessage(frame);
    expect(fast).toBeDefined();
    expect(fast?.data).toEqual(MarsEventSchema.parse(frame));
  });

  it('reads a frame with extra fields the same as without them', () => {
    const plain = read(message({ step_number: 2 }));
    const extra = read(message({ step_number: 2, tokens: 5 }, { meta: { x: 1 } }));
    expect(extra.kind).toBe('events');
    expect(extra.kind === 'events' && plain.kind === 'events' ? extra.events : 'x').toEqual(plain.kind === 'events' ? plain.events : 'y');
  });

  const bad: [string, unknown, string][] = [
    ['message not a string', message({ message: 42 }), 'message'],
    ['no data', { event_type: 'agent_message', timestamp: 'x' }, 'message'],
    ['negative step number', message({ step_number: -1 }), 'step_number'],
    ['fractional step number', message({ step_number: 1.5 }), 'step_number'],
    ['run_id a number', message({}, { run_id: 7 }), 'run_id'],
    ['agent an object', message({ agent: {} }), 'agent'],
  ];
  it.each(bad)('rejects %s with the path of the bad field', (_, frame, path) => {
    expect(fastAgentMessage(frame)).toBeUndefined();
    const result = read(frame);
    expect(result.kind).toBe('rejected');
    expect(result.kind === 'rejected' ? result.reason : '').toContain(path);
  });
});

const output = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  event_type: 'output',
  timestamp: '2026-04-22T13:07:58.123456Z',
  run_id: 'task-1',
  session_id: 'sess-1',
  data: { message: '📋 Task: fit a model', ...data },
  ...extra,
});

describe('mars output fast path', () => {
  const good: [string, unknown][] = [
    ['plain', output({})],
    ['isolated source', output({ source: 'stdout' })],
    ['Python None envelope', output({ source: null }, { timestamp: null, run_id: null, session_id: null })],
    ['AG2 content: agent_message in the isolated form', message({ message: undefined, content: 'hi', source: 'ag2' })],
  ];
  it.each(good)('accepts %s as the schema does', (_, frame) => {
    const fast = (frame as { event_type: string }).event_type === 'output' ? fastOutput(frame) : fastAgentMessage(frame);
    expect(fast).toBeDefined();
    expect(fast?.data).toEqual(MarsEventSchema.parse(frame));
  });

  const bad: [string, unknown, string][] = [
    ['message not a string', output({ message: ['a'] }), 'message'],
    ['no message', output({ message: undefined }), 'message'],
    ['source a number', output({ source: 3 }), 'source'],
    ['timestamp a number', output({}, { timestamp: 17 }), 'timestamp'],
  ];
  it.each(bad)('rejects %s with the path of the bad field', (_, frame, path) => {
    expect(fastOutput(frame)).toBeUndefined();
    const result = read(frame);
    expect(result.kind).toBe('rejected');
    expect(result.kind === 'rejected' ? result.reason : '').toContain(path);
  });
});
