/**
 * The status_narration fast path (tolky-fast-path.ts) must read a frame exactly as the zod
 * path does, and leave every frame it does not fully accept to zod, so a bad one is still
 * rejected with the path of its bad field.
 */
import { describe, expect, it } from 'vitest';

import { fastNarration } from '@/protocol/tolky/tolky-fast-path';
import { readTolkyFull } from '@/protocol/tolky/tolky-interpreter';
import { createTolkyState } from '@/protocol/tolky/tolky-state';
import { INTENT, live } from '@/protocol/tolky/tolky-test-frames';

const narration = (payload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  live('status_narration', { message: 'searching the web', sourceEvent: 'llm_stream', stepNumber: 2, ...payload }, 7, extra);

describe('tolky status_narration fast path', () => {
  const good: [string, unknown][] = [
    ['a step narration', narration({})],
    ['with progress', narration({ progress: 40 })],
    ['no step (a run narration)', narration({ stepNumber: undefined })],
    ['JavaScript null everywhere', narration({ sourceEvent: null, progress: null, stepNumber: null }, { sessionId: null, chapterId: null, chapterKey: null, timestamp: null })],
    ['a numeric timestamp', narration({}, { timestamp: 1767261600 })],
    ['no timestamp', narration({}, { timestamp: undefined })],
    ['step 0 and seq 0', live('status_narration', { message: 'x', stepNumber: 0 }, 0)],
    ['extra fields', narration({ tokens: 5 }, { pod: 'a' })],
    ['another intent', narration({}, { intentId: 'other' })],
  ];
  it.each(good)('reads %s as the schema path does', (_, frame) => {
    const fast = fastNarration(frame, createTolkyState(INTENT));
    expect(fast).toBeDefined();
    expect(fast).toEqual(readTolkyFull(frame, createTolkyState(INTENT)));
  });

  const bad: [string, unknown, string][] = [
    ['message not text', narration({ message: 42 }), 'message'],
    ['no message', narration({ message: undefined }), 'message'],
    ['negative step', narration({ stepNumber: -1 }), 'stepNumber'],
    ['fractional step', narration({ stepNumber: 1.5 }), 'stepNumber'],
    ['progress as text', narration({ progress: '40' }), 'progress'],
    ['sourceEvent a number', narration({ sourceEvent: 3 }), 'sourceEvent'],
    ['negative seq', live('status_narration', { message: 'x' }, -1), 'seq'],
    ['empty intent id', narration({}, { intentId: '' }), 'intentId'],
    ['timestamp an object', narration({}, { timestamp: {} }), 'timestamp'],
    ['payload missing', narration({}, { payload: null }), 'message'],
  ];
  it.each(bad)('leaves %s to zod, which rejects it naming the field', (_, frame, path) => {
    expect(fastNarration(frame, createTolkyState(INTENT))).toBeUndefined();
    const full = readTolkyFull(frame, createTolkyState(INTENT));
    expect(full.kind).toBe('rejected');
    expect(full.kind === 'rejected' ? full.reason : '').toContain(path);
  });

  it('leaves forms it does not know to zod (a numeric intent id), which reads them', () => {
    const frame = narration({}, { intentId: 12 });
    expect(fastNarration(frame, createTolkyState('12'))).toBeUndefined();
    expect(readTolkyFull(frame, createTolkyState('12')).kind).toBe('events');
  });
});
