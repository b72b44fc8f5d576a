/**
 * The AG-UI fast path (agui-fast-path.ts) must read a frame exactly as the member schemas
 * do, and leave every frame it does not fully accept to them, so a bad one is still rejected
 * with the path of its bad field. Checked field by field: every field of each fast member
 * set to each value that tells readers apart, in a session with an open message and call.
 */
import { describe, expect, it } from 'vitest';

import { createDecoderState } from '@/protocol/agui/agui-decoder-state';
import { FAST_WIRES, fastWire } from '@/protocol/agui/agui-fast-path';
import { readAguiEvent, readAguiEventFull } from '@/protocol/agui/agui-interpreter';
import { AGUI_EVENT_SCHEMAS } from '@/protocol/agui/agui-schemas';

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
    readAguiEventFull(state, frame);
  }
  return state;
}

function expectAgreement(frame: Record<string, unknown>, label: string) {
  const full = readAguiEventFull(session(), frame);
  if (full.kind === 'rejected') expect(fastWire(frame.type as string, frame), `${label}: zod rejects, the fast path must defer`).toBeUndefined();
  expect(readAguiEvent(session(), frame), label).toEqual(full);
}

describe('AG-UI fast path', () => {
  it('covers exactly the fields of each member schema it stands for', () => {
    for (const [type, shape] of FAST_WIRES) {
      const member = AGUI_EVENT_SCHEMAS.get(type) as unknown as { shape: Record<string, unknown> };
      expect([...shape.keys].sort(), type).toEqual(Object.keys(member.shape).filter((key) => key !== 'type').sort());
    }
  });

  it.each(Object.keys(VALID))('reads a valid %s as the schema path does', (type) => {
    expect(fastWire(type, VALID[type] as Record<string, unknown>)).toBeDefined();
    expectAgreement(VALID[type] as Record<string, unknown>, type);
  });

  it.each(Object.keys(VALID))('agrees with zod on every field of %s, whatever its value', (type) => {
    for (const key of FAST_WIRES.get(type)?.keys ?? []) for (const value of EDGES) expectAgreement({ ...VALID[type], [key]: value }, `${type}.${key} = ${String(value)}`);
  });

  it('leaves a text delta without its message to the schema, which names the field', () => {
    const frame = { type: 'TEXT_MESSAGE_CONTENT', delta: 'x' };
    expect(fastWire(frame.type, frame)).toBeUndefined();
    const full = readAguiEventFull(session(), frame);
    expect(full.kind === 'rejected' ? full.reason : 'read').toContain('messageId');
  });
});
