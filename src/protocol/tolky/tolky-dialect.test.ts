import { describe, expect, it } from 'vitest';

import { isUnavailable } from '@/protocol/dialect';
import { tolkyDialect } from '@/protocol/tolky/tolky-dialect';

const open = (overrides: Partial<Parameters<typeof tolkyDialect.onOpen>[0]> = {}) =>
  tolkyDialect.onOpen({ runId: 'i-1', cursor: undefined, reconnect: false, memo: {}, ...overrides });

describe('tolky dialect', () => {
  it('plans a Socket.IO connection with the token in auth, never in the URL', () => {
    const plan = tolkyDialect.connect({ baseUrl: 'http://h:1', runId: 'i-1', token: 'secret' });
    expect(plan).toMatchObject({ kind: 'socket.io', url: 'http://h:1', namespace: '/sequential-thinking', auth: { token: 'secret' } });
    if (plan.kind !== 'socket.io') return;
    expect(plan.url).not.toContain('secret');
    expect(plan.events).toContain('sequential_thinking_event');
    expect(plan.events).toContain('replay_events_response');
    expect(tolkyDialect.connect({ baseUrl: 'http://h:1', runId: 'i-1' })).toMatchObject({ auth: {} });
  });

  it('catches up then watches on open; replays from the cursor on reconnect', () => {
    expect(open()).toEqual([
      { via: 'emit', event: 'replay_events', data: { intentId: 'i-1' } },
      { via: 'emit', event: 'watch_intent', data: { intentId: 'i-1' } },
    ]);
    expect(open({ cursor: '41', reconnect: true })).toEqual([
      { via: 'emit', event: 'replay_events', data: { intentId: 'i-1', sinceSeq: 41 } },
      { via: 'emit', event: 'watch_intent', data: { intentId: 'i-1' } },
    ]);
  });

  it('starts a run on the first open only, never again on reconnect', () => {
    expect(open({ start: 'do it' })).toEqual([
      { via: 'emit', event: 'start_request', data: { instructions: 'do it', intentId: 'i-1' } },
      { via: 'emit', event: 'watch_intent', data: { intentId: 'i-1' } },
    ]);
    expect(open({ start: 'do it', reconnect: true, cursor: '3' }).map((c) => (c.via === 'emit' ? c.event : c.via))).toEqual(['replay_events', 'watch_intent']);
  });

  it('answers a gate with a start_request continuation: the option value, or the text', () => {
    const gate = { gateId: 'i-1:9', runId: 'i-1', kind: 'clarification' };
    expect(tolkyDialect.answerGate(gate, { option: { value: 'Yes', label: 'Yes', tone: 'neutral' }, decidedBy: 'me' }, {})).toEqual([
      { via: 'emit', event: 'start_request', data: { instructions: 'Yes', intentId: 'i-1', continuationInput: 'Yes' } },
    ]);
    expect(tolkyDialect.answerGate(gate, { text: 'the 2025 market', decidedBy: 'me' }, {})).toEqual([
      { via: 'emit', event: 'start_request', data: { instructions: 'the 2025 market', intentId: 'i-1', continuationInput: 'the 2025 market' } },
    ]);
    expect(isUnavailable(tolkyDialect.answerGate(gate, { decidedBy: 'me' }, {}))).toBe(true);
  });

  it('cancels with cancel_intent; pause and resume are unavailable with a reason', () => {
    expect(tolkyDialect.control('cancel', 'i-1', 'stop')).toEqual([{ via: 'emit', event: 'cancel_intent', data: { intentId: 'i-1', reason: 'stop' } }]);
    expect(tolkyDialect.control('pause', 'i-1', undefined)).toEqual({ unavailable: expect.stringContaining('no pause') });
    expect(isUnavailable(tolkyDialect.control('resume', 'i-1', undefined))).toBe(true);
  });

  it('starts runs and refills a hole with replay_events from the cursor', () => {
    expect(tolkyDialect.startRun?.('go', 'fanout~1')).toEqual([{ via: 'emit', event: 'start_request', data: { instructions: 'go', intentId: 'fanout~1' } }]);
    expect(tolkyDialect.recovery.refill).toEqual(['commands']);
    expect(tolkyDialect.refill?.('i-1', '12')).toEqual([{ via: 'emit', event: 'replay_events', data: { intentId: 'i-1', sinceSeq: 12 } }]);
    expect(tolkyDialect.refill?.('i-1', undefined)).toEqual([{ via: 'emit', event: 'replay_events', data: { intentId: 'i-1' } }]);
  });
});
