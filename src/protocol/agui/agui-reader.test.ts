/**
 * AG-UI frames read through the readers derived from their member schemas (derive-reader.ts)
 * must read exactly as through zod alone (the delta shortcut included), and a bad one must
 * still be rejected with the path of its bad field. Checked field by field: every field of the
 * frequent members set to each value that tells readers apart, in a session with an open
 * message and call.
 */
import { describe, expect, it } from 'vitest';

import { createDecoderState } from '@/protocol/agui/agui-decoder-state';
import { readAguiEvent } from '@/protocol/agui/agui-interpreter';
import { AGUI_EVENT_SCHEMAS } from '@/protocol/agui/agui-schemas';
import { throughZodOnly } from '@/protocol/derive-reader';

const EDGES: unknown[] = [undefined, null, 0, -1, 1.5, 7, Number.NaN, Infinity, '', 'x', 'tool', true, [], [{ type: 'text' }], [{ type: 3 }], {}, { a: 1 }];

const VALID: Record<string, Record<string, unknown>> = {
  TEXT_MESSAGE_CONTENT: { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hello ', timestamp: 1767261600000 },
  TOOL_CALL_ARGS: { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":' },
  TEXT_MESSAGE_START: { type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant', metadata: { 'ag-ui': { node: 'n1' } } },
  TEXT_MESSAGE_END: { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  TOOL_CALL_START: { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'web_search', parentMessageId: 'm1' },
  TOOL_CALL_END: { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  TOOL_CALL_RESULT: { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'c1', content: '{"hits":7}', role: 'tool' },
  STEP_STARTED: { type: 'STEP_STARTED', stepName: 'research', subagentRunId: 'sub-1' },
  STEP_FINISHED: { type: 'STEP_FINISHED', stepName: 'research' },
  CUSTOM: { type: 'CUSTOM', name: 'runboard.cost', value: { micros: 3100, model: 'gpt-4o-mini', nodeId: 'n1' } },
};

/** A session in the middle of a run: a step, an open message and an open tool call. */
function session() {
  const state = createDecoderState();
  for (const frame of [
    { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
    { type: 'STEP_STARTED', stepName: 'research' },
    { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'web_search', parentMessageId: 'm1' },
  ]) {
    readAguiEvent(state, frame);
  }
  return state;
}

const zodOnly = (frame: unknown) => throughZodOnly(() => readAguiEvent(session(), frame));

/** The derived readers and zod read `frame` the same: the same events, or the same rejection. */
function expectAgreement(frame: Record<string, unknown>, label: string) {
  expect(readAguiEvent(session(), frame), label).toEqual(zodOnly(frame));
}

const keysOf = (type: string) => Object.keys((AGUI_EVENT_SCHEMAS.get(type) as unknown as { shape: Record<string, unknown> }).shape).filter((key) => key !== 'type');

describe('AG-UI frames through derived readers', () => {
  it.each(Object.keys(VALID))('reads a valid %s as zod does', (type) => {
    expect(readAguiEvent(session(), VALID[type]).kind).toBe('events');
    expectAgreement(VALID[type] as Record<string, unknown>, type);
  });

  it.each(Object.keys(VALID))('agrees with zod on every field of %s, whatever its value', (type) => {
    for (const key of keysOf(type)) for (const value of EDGES) expectAgreement({ ...VALID[type], [key]: value }, `${type}.${key} = ${String(value)}`);
  });

  it('rejects a text delta without its message naming the field, as zod does', () => {
    const frame = { type: 'TEXT_MESSAGE_CONTENT', delta: 'x' };
    const read = readAguiEvent(session(), frame);
    expect(read.kind === 'rejected' ? read.reason : 'read').toContain('messageId');
    expect(read).toEqual(zodOnly(frame));
  });
});
