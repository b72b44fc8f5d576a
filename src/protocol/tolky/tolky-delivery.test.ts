import { describe, expect, it } from 'vitest';

import { createTolkyDecoder } from '@/protocol/tolky/tolky-decoder';
import { TOLKY_SESSION_EVENTS } from '@/protocol/tolky/tolky-session-schemas';
import { INTENT, decodeOne, envelope, eventsOf, live } from '@/protocol/tolky/tolky-test-frames';

describe('tolky decoder: delivery, other intents and replay', () => {
  it('gives the three room copies of one event the same order key', () => {
    const decode = createTolkyDecoder({ runId: INTENT });
    const frame = live('step_started', { stepNumber: 1 }, 12);
    const copies = [decode(frame), decode(structuredClone(frame)), decode(structuredClone(frame))];
    const orders = copies.map((r) => (r.kind === 'events' ? r.order : undefined));
    expect(orders).toEqual([{ scope: `intent:${INTENT}`, seq: 12 }, { scope: `intent:${INTENT}`, seq: 12 }, { scope: `intent:${INTENT}`, seq: 12 }]);
  });

  it('ignores frames of another intent: no events, no order', () => {
    const result = decodeOne({ event: 'sequential_thinking_event', data: { ...envelope('step_started', { stepNumber: 1 }), intentId: 'other' } });
    expect(result).toEqual({ kind: 'events', events: [] });
  });

  const replayed = [envelope('step_completed', { stepNumber: 1 }, 5), envelope('step_started', { stepNumber: 1 }, 4), { ...envelope('step_started', { stepNumber: 9 }, 6), intentId: 'other' }];

  it.each([
    ['{intentId, events}', { intentId: INTENT, events: replayed }],
    ['a bare array', replayed],
  ])('decodes replay_events_response as %s, keyed per event and without order', (_name, data) => {
    const result = decodeOne({ event: 'replay_events_response', data });
    expect(eventsOf(result).map((e) => [e.type, e.key])).toEqual([
      ['node.started', `intent:${INTENT}#4`],
      ['node.completed', `intent:${INTENT}#5`],
    ]);
    expect(result).not.toHaveProperty('order');
    expect(result).toMatchObject({ cursor: '5', advance: { scope: `intent:${INTENT}`, seq: 5 } });
  });

  it('gives every event of one replayed frame the key of that frame, and logs bad ones', () => {
    const decode = createTolkyDecoder({ runId: INTENT });
    eventsOf(decode(live('execution_interrupted', { interruptionPayload: { message: 'Go?' } }, 1)));
    eventsOf(decode(live('execution_interrupted', { interruptionPayload: { message: 'Really?' } }, 2)));
    const events = eventsOf(
      decode({ event: 'replay_events_response', data: [envelope('continuation_started', { userResponse: 'yes' }, 3), envelope('step_started', { stepNumber: 'x' }, 4)] }),
    );
    expect(events.map((e) => [e.type, e.key])).toEqual([
      ['gate.resolved', `intent:${INTENT}#3`],
      ['gate.resolved', `intent:${INTENT}#3`],
      ['log', `intent:${INTENT}#4`],
    ]);
  });

  it('ignores a replay for another intent', () => {
    expect(decodeOne({ event: 'replay_events_response', data: { intentId: 'other', events: [] } })).toEqual({ kind: 'events', events: [] });
  });

  it('rejects a replay response that holds no events array', () => {
    expect(decodeOne({ event: 'replay_events_response', data: { intentId: INTENT } }).kind).toBe('rejected');
  });
});

describe('tolky decoder: session events', () => {
  const SAMPLES: Record<string, unknown> = {
    session_started: { sessionId: 's-1' },
    session_resumed: { sessionId: 's-1' },
    session_intents: [{ intentId: INTENT }],
    session_intent_started: { intentId: INTENT, instructions: 'go' },
    session_error: 'token expired',
    user_sessions: [{ sessionId: 's-1' }],
    replay_events_response: { intentId: INTENT, events: [] },
    context_memory_response: { layers: {} },
    intent_cancel_acknowledged: { intentId: INTENT, success: false, reason: 'already finished' },
    session_db_content_response: { rows: [] },
    sequential_thinking_joined: { intentId: INTENT },
    sequential_thinking_joined_host: { hostId: 'h-1' },
    sequential_thinking_error: { message: 'not allowed', intentId: INTENT },
  };

  it('has a sample for every session event', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...TOLKY_SESSION_EVENTS].sort());
  });

  it.each(Object.entries(SAMPLES))('decodes %s without an order', (event, data) => {
    const result = decodeOne({ event, data });
    eventsOf(result);
    expect(result).not.toHaveProperty('order');
  });

  it('reads errors and refused cancels as readable logs', () => {
    expect(eventsOf(decodeOne({ event: 'session_error', data: 'token expired' }))).toEqual([expect.objectContaining({ type: 'log', level: 'error', message: 'token expired' })]);
    expect(eventsOf(decodeOne({ event: 'intent_cancel_acknowledged', data: SAMPLES.intent_cancel_acknowledged }))).toEqual([
      expect.objectContaining({ type: 'log', level: 'warn', message: 'cancel refused: already finished' }),
    ]);
  });

  it('ignores session events about another intent', () => {
    expect(decodeOne({ event: 'session_intent_started', data: { intentId: 'other' } })).toEqual({ kind: 'events', events: [] });
    expect(decodeOne({ event: 'intent_cancel_acknowledged', data: { intentId: 'other', success: true } })).toEqual({ kind: 'events', events: [] });
  });

  it('rejects a session event with a wrong field type, naming the field', () => {
    const result = decodeOne({ event: 'intent_cancel_acknowledged', data: { intentId: INTENT, success: 'yes' } });
    expect(result.kind === 'rejected' && result.reason.includes('success')).toBe(true);
  });
});
