import { describe, expect, it } from 'vitest';

import type { Placement } from '@/protocol/dialect';
import { createFrameReader } from '@/protocol/read-frame';
import { tolkyDialect } from '@/protocol/tolky/tolky-dialect';
import { TOLKY_SESSION_EVENTS } from '@/protocol/tolky/tolky-session-schemas';
import { INTENT, decodeOne, envelope, eventsOf, live } from '@/protocol/tolky/tolky-test-frames';

const SCOPE = `intent:${INTENT}`;
const NOTHING = { kind: 'events', events: [], placements: [], rejected: [] };

/** The frames `locate` places for one raw frame (throws when it cannot place it). */
function place(frame: unknown): readonly Placement[] {
  const location = tolkyDialect.locate(frame, { runId: INTENT, connection: 0 });
  if (location.kind !== 'placed') throw new Error(`not placed: ${location.reason}`);
  return location.placements;
}

describe('tolky locate and interpreter: delivery, other intents and replay', () => {
  it('gives the three room copies of one event the same order key', () => {
    const read = createFrameReader(tolkyDialect, INTENT);
    const frame = live('step_started', { stepNumber: 1 }, 12);
    const copies = [read(frame), read(structuredClone(frame)), read(structuredClone(frame))];
    const orders = copies.map((r) => (r.kind === 'events' ? r.placements.map((f) => f.order) : undefined));
    expect(orders).toEqual([[{ scope: SCOPE, seq: 12 }], [{ scope: SCOPE, seq: 12 }], [{ scope: SCOPE, seq: 12 }]]);
  });

  it('ignores frames of another intent: placed nowhere, no events, no order', () => {
    const result = decodeOne({ event: 'sequential_thinking_event', data: { ...envelope('step_started', { stepNumber: 1 }), intentId: 'other' } });
    expect(result).toEqual(NOTHING);
  });

  const replayed = [envelope('step_completed', { stepNumber: 1 }, 5), envelope('step_started', { stepNumber: 1 }, 4), { ...envelope('step_started', { stepNumber: 9 }, 6), intentId: 'other' }];

  it.each([
    ['{intentId, events}', { intentId: INTENT, events: replayed }],
    ['a bare array', replayed],
  ])('splits replay_events_response as %s into its envelopes, each placed in its live form and order', (_name, data) => {
    const frame = { event: 'replay_events_response', data };
    expect(tolkyDialect.locate(frame, { runId: INTENT, connection: 0 })).toEqual({
      kind: 'placed',
      answer: 'replay',
      placements: [
        { body: live('step_completed', { stepNumber: 1 }, 5), order: { scope: SCOPE, seq: 5 }, cursor: '5' },
        { body: live('step_started', { stepNumber: 1 }, 4), order: { scope: SCOPE, seq: 4 }, cursor: '4' },
      ],
    });
    // Each placed envelope means what the live frame means (the sequencer puts them in seq order).
    const result = decodeOne(frame);
    expect(eventsOf(result).map((e) => e.type)).toEqual(['node.completed', 'node.started']);
    expect(result).toMatchObject({ rejected: [] });
  });

  it('places every envelope of a replay with its own order; the interpreter reads each, and rejects a bad one alone', () => {
    const interpret = tolkyDialect.createInterpreter({ runId: INTENT });
    for (const frame of [
      ...place(live('execution_interrupted', { interruptionPayload: { message: 'Go?' } }, 1)),
      ...place(live('execution_interrupted', { interruptionPayload: { message: 'Really?' } }, 2)),
    ]) {
      expect(interpret(frame).kind).toBe('events');
    }
    const replay = { event: 'replay_events_response', data: [envelope('continuation_started', { userResponse: 'yes' }, 3), envelope('step_started', { stepNumber: 'x' }, 4)] };
    const [continuation, bad, ...more] = place(replay);
    expect(more).toEqual([]);
    expect(continuation).toMatchObject({ order: { scope: SCOPE, seq: 3 }, cursor: '3' });
    expect(bad).toMatchObject({ order: { scope: SCOPE, seq: 4 }, cursor: '4' });
    expect(interpret(continuation!)).toEqual({
      kind: 'events',
      events: [expect.objectContaining({ type: 'gate.resolved', gateId: `${INTENT}:1` }), expect.objectContaining({ type: 'gate.resolved', gateId: `${INTENT}:2` })],
    });
    const rejection = interpret(bad!);
    expect(rejection).toMatchObject({ kind: 'rejected', frameType: 'step_started' });
    if (rejection.kind === 'rejected') expect(rejection.reason).toContain('payload.stepNumber');

    // Read whole, the good envelope still yields its events and the bad one is reported beside them.
    const read = createFrameReader(tolkyDialect, INTENT);
    read(live('execution_interrupted', { interruptionPayload: { message: 'Go?' } }, 1));
    const result = read(replay);
    expect(eventsOf(result).map((e) => e.type)).toEqual(['gate.resolved']);
    expect(result.kind === 'events' && result.rejected.length === 1 && result.rejected[0]!.includes('payload.stepNumber')).toBe(true);
  });

  it('ignores a replay for another intent', () => {
    expect(decodeOne({ event: 'replay_events_response', data: { intentId: 'other', events: [envelope('step_started', { stepNumber: 1 }, 4)] } })).toEqual(NOTHING);
  });

  it('rejects a replay response that holds no events array', () => {
    expect(decodeOne({ event: 'replay_events_response', data: { intentId: INTENT } }).kind).toBe('rejected');
  });
});

describe('tolky interpreter: session events', () => {
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

  it.each(Object.entries(SAMPLES))('reads %s without an order', (event, data) => {
    const result = decodeOne({ event, data });
    eventsOf(result);
    if (result.kind !== 'events') return;
    expect(result.rejected).toEqual([]);
    for (const frame of result.placements) expect(frame).not.toHaveProperty('order');
  });

  it('reads errors and refused cancels as readable logs', () => {
    expect(eventsOf(decodeOne({ event: 'session_error', data: 'token expired' }))).toEqual([expect.objectContaining({ type: 'log', level: 'error', message: 'token expired' })]);
    expect(eventsOf(decodeOne({ event: 'intent_cancel_acknowledged', data: SAMPLES.intent_cancel_acknowledged }))).toEqual([
      expect.objectContaining({ type: 'log', level: 'warn', message: 'cancel refused: already finished' }),
    ]);
  });

  it('ignores session events about another intent', () => {
    expect(eventsOf(decodeOne({ event: 'session_intent_started', data: { intentId: 'other' } }))).toEqual([]);
    expect(eventsOf(decodeOne({ event: 'intent_cancel_acknowledged', data: { intentId: 'other', success: true } }))).toEqual([]);
  });

  it('rejects a session event with a wrong field type, naming the field', () => {
    const result = decodeOne({ event: 'intent_cancel_acknowledged', data: { intentId: INTENT, success: 'yes' } });
    expect(result.kind === 'rejected' && result.reason.includes('success')).toBe(true);
  });
});
