/**
 * relavium events read through the reader derived from their schema (derive-reader.ts) must
 * read exactly as through zod alone, and a bad token event must still be rejected with the
 * path of its bad field. relavium-locate.ts unwraps the SSE frame first; the interpreter
 * reads the event inside.
 */
import { describe, expect, it } from 'vitest';

import type { HttpReplyFrame } from '@/protocol/dialect';
import { relaviumDialect } from '@/protocol/relavium/relavium-dialect';
import { throughZodOnly } from '@/protocol/derive-reader';
import { readRelavium } from '@/protocol/relavium/relavium-interpreter';
import { createFrameReader } from '@/protocol/read-frame';

const readRelaviumFull = (body: unknown) => throughZodOnly(() => readRelavium(body));
const locate = (frame: unknown) => relaviumDialect.locate(frame, { runId: 'r1', connection: 0 });

/** The one body `locate` hands the interpreter. */
function bodyOf(frame: unknown): unknown {
  const location = locate(frame);
  if (location.kind !== 'placed' || location.placements.length !== 1) throw new Error('expected one placed frame');
  return location.placements[0]!.body;
}

const token = (patch: Record<string, unknown> = {}) => ({
  type: 'agent:token',
  runId: 'r1',
  timestamp: '2026-01-01T12:00:00.000Z',
  sequenceNumber: 7,
  nodeId: 'n1',
  token: 'hello ',
  model: 'm',
  ...patch,
});

describe('relavium agent:token through the derived reader', () => {
  const good: [string, unknown][] = [
    ['bare', token()],
    ['SSE with id', { id: '42', event: 'agent:token', data: token() }],
    ['SSE without id', { data: token() }],
    ['null runId, sessionId', token({ runId: null, sessionId: 'abc' })],
    ['session only', token({ runId: undefined, sessionId: 's1' })],
    ['unparseable timestamp', token({ timestamp: 'yesterday' })],
    ['extra fields', token({ extra: { deep: [1, 2] } })],
    ['sequence 0', token({ sequenceNumber: 0 })],
  ];
  it.each(good)('reads %s exactly as zod does', (_, frame) => {
    const body = bodyOf(frame);
    const fast = readRelavium(body);
    expect(fast.kind).toBe('events');
    expect(fast).toEqual(readRelaviumFull(body));
  });

  const bad: [string, unknown, string][] = [
    ['token not a string', token({ token: 5 }), 'token'],
    ['no model', token({ model: undefined }), 'model'],
    ['negative sequence', token({ sequenceNumber: -1 }), 'sequenceNumber'],
    ['fractional sequence', token({ sequenceNumber: 1.5 }), 'sequenceNumber'],
    ['runId a number', token({ runId: 3 }), 'runId'],
    ['timestamp missing', token({ timestamp: undefined }), 'timestamp'],
  ];
  it.each(bad)('rejects %s with the path of the bad field', (_, frame, path) => {
    const body = bodyOf(frame);
    const result = readRelavium(body);
    expect(result.kind).toBe('rejected');
    expect(result).toEqual(readRelaviumFull(body));
    expect(createFrameReader(relaviumDialect, 'r1')(frame)).toEqual(result);
    expect(result.kind === 'rejected' ? result.reason : '').toContain(path);
  });

  it('reads other types as zod does', () => {
    const started = { ...token(), type: 'node:started', nodeType: 'agent' };
    expect(readRelavium(started)).toEqual(readRelaviumFull(started));
    expect(readRelavium(started)).toMatchObject({ kind: 'events', events: [{ type: 'node.started', nodeId: 'n1' }] });
  });
});

describe('relavium locate', () => {
  it('orders by sequenceNumber in the run scope, with the SSE id as cursor (the sequence when there is none)', () => {
    expect(locate({ id: '42', event: 'agent:token', data: token() })).toEqual({
      kind: 'placed',
      placements: [{ body: token(), order: { scope: 'run', seq: 7 }, cursor: '42' }],
    });
    expect(locate(token())).toEqual({ kind: 'placed', placements: [{ body: token(), order: { scope: 'run', seq: 7 }, cursor: '7' }] });
    // An id that is not text is no cursor: the sequence stands in.
    expect(locate({ id: 3, data: token() })).toEqual({ kind: 'placed', placements: [{ body: token(), order: { scope: 'run', seq: 7 }, cursor: '7' }] });
  });

  it('counts agent sessions without a run in their own scope', () => {
    expect(locate(token({ runId: null, sessionId: 'abc', sequenceNumber: 0 }))).toMatchObject({ placements: [{ order: { scope: 'session:abc', seq: 0 } }] });
    expect(locate(token({ sessionId: 'abc' }))).toMatchObject({ placements: [{ order: { scope: 'run', seq: 7 } }] });
  });

  it('places an event without a valid sequence unordered, and leaves its rejection to the interpreter', () => {
    const frame = token({ sequenceNumber: -1 });
    expect(locate(frame)).toEqual({ kind: 'placed', placements: [{ body: frame }] });
    expect(createFrameReader(relaviumDialect, 'r1')(frame)).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('sequenceNumber') });
  });

  it('cannot place what is not an event', () => {
    expect(locate('hello')).toMatchObject({ kind: 'rejected' });
    expect(locate({ data: 'x' })).toMatchObject({ kind: 'rejected' });
    expect(locate({ no: 'type' })).toMatchObject({ kind: 'rejected' });
  });

  it('places a good snapshot reply as a snapshot answer that moves the order past its last event', () => {
    const reply = (body: unknown, status = 200): HttpReplyFrame => ({ reply: { method: 'GET', path: '/runs/r1', status }, body });
    const good = reply({ lastSequenceNumber: 12 });
    expect(locate(good)).toEqual({ kind: 'placed', answer: 'snapshot', placements: [{ body: good, advance: { scope: 'run', seq: 12 }, cursor: '12' }] });
    const failed = reply({ error: 'gone' }, 404);
    expect(locate(failed)).toEqual({ kind: 'placed', answer: 'snapshot', placements: [{ body: failed }] });
    expect(createFrameReader(relaviumDialect, 'r1')(failed)).toMatchObject({ kind: 'rejected', frameType: 'snapshot' });
  });
});

describe('relavium dialect', () => {
  it('resumes the stream to refill a hole, and fetches the run state when that fails', () => {
    expect(relaviumDialect.recovery).toMatchObject({ ordering: { by: 'seq', holes: 'lost', firstSeq: 0 }, refill: ['resume-stream'], unfilled: 'snapshot' });
    expect(relaviumDialect.snapshot?.('run 1')).toEqual([{ via: 'http', method: 'GET', path: '/runs/run%201' }]);
    expect(relaviumDialect.refill).toBeUndefined();
  });
});
