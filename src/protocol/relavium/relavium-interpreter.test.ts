/**
 * The `agent:token` fast path (relavium-decoder.ts) must decode exactly as the zod path
 * does, and must leave every frame it does not fully accept to zod, so a bad token frame
 * is still rejected with the path of its bad field.
 */
import { describe, expect, it } from 'vitest';

import { decodeRelaviumFrame, decodeRelaviumFull } from '@/protocol/relavium/relavium-decoder';

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

describe('relavium agent:token fast path', () => {
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
  it.each(good)('decodes %s exactly as the full schema does', (_, frame) => {
    const fast = decodeRelaviumFrame(frame);
    expect(fast.kind).toBe('events');
    expect(fast).toEqual(decodeRelaviumFull(frame));
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
    const result = decodeRelaviumFrame(frame);
    expect(result.kind).toBe('rejected');
    expect(result).toEqual(decodeRelaviumFull(frame));
    expect(result.kind === 'rejected' ? result.reason : '').toContain(path);
  });

  it('leaves odd SSE wrappers and other types to the full path', () => {
    const oddWrapper = { id: 3, data: token() };
    expect(decodeRelaviumFrame(oddWrapper)).toEqual(decodeRelaviumFull(oddWrapper));
    const started = { ...token(), type: 'node:started', nodeType: 'agent' };
    expect(decodeRelaviumFrame(started)).toEqual(decodeRelaviumFull(started));
  });
});
