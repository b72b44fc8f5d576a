/**
 * tolky Socket.IO frames `{event, data}` → canonical RunEvents.
 *
 * - `sequential_thinking_event` carries one envelope. Order `{scope: 'intent:<id>', seq}`,
 *   cursor `String(seq)`. The same frame arrives up to three times (session, intent and
 *   host rooms): every copy gets the same order, and the sequencer drops the copies.
 * - Frames about another intent than the watched one decode to no events and no order.
 * - `replay_events_response` holds many envelopes: each event gets the envelope's
 *   `orderKey` (`intent:<id>#<seq>`) and the result sets no `order`, so ingest sequences
 *   and dedupes replayed events by key against the live stream; `advance` tells the sequencer the replay covered
 *   everything up to its last seq.
 * - Session events (session_*, intent_cancel_acknowledged, joins, errors) → log / raw.
 */
import * as z from 'zod';

import { reasonOf, rejected, typeOf, unknownFrame } from '@/protocol/decode-util';
import { orderKey, type DecodeContext, type DecodeResult } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import { decodeEnvelope } from '@/protocol/tolky/tolky-envelope';
import { TolkyEnvelopeSchema, type TolkyEnvelope } from '@/protocol/tolky/tolky-schemas';
import { decodeSessionEvent } from '@/protocol/tolky/tolky-session';
import { TOLKY_PIPELINE_EVENT, TOLKY_SESSION_EVENTS, TolkyReplayResponseSchema, type TolkySessionEvent } from '@/protocol/tolky/tolky-session-schemas';
import { createTolkyState, log, type TolkyState } from '@/protocol/tolky/tolky-state';

const SocketFrameSchema = z.looseObject({ event: z.string(), data: z.unknown() });
const SESSION_EVENTS: ReadonlySet<string> = new Set(TOLKY_SESSION_EVENTS);
const NONE: DecodeResult = { kind: 'events', events: [] };

/** A decoder per connection: it keeps step labels, groups and open gates (tolky-state.ts). */
export function createTolkyDecoder(ctx: Pick<DecodeContext, 'runId'>): (frame: unknown) => DecodeResult {
  const state = createTolkyState(ctx.runId);
  return (frame) => decodeTolkyFrame(frame, state);
}

export function decodeTolkyFrame(frame: unknown, state: TolkyState): DecodeResult {
  const socket = SocketFrameSchema.safeParse(frame);
  if (!socket.success) {
    // A bare envelope (options.onEvent over HTTP, hand-made recordings) decodes like a live frame.
    if (typeOf(frame) !== undefined && typeof (frame as { seq?: unknown }).seq === 'number') return decodeLive(frame, state);
    return rejected('not a tolky frame: expected a Socket.IO frame {event, data}');
  }
  const { event, data } = socket.data;
  if (event === TOLKY_PIPELINE_EVENT) return decodeLive(data, state);
  if (event === 'replay_events_response') return decodeReplay(data, state);
  if (SESSION_EVENTS.has(event)) return decodeSessionEvent(event as Exclude<TolkySessionEvent, 'replay_events_response'>, data, state);
  return { kind: 'events', events: [unknownFrame(event)] };
}

function decodeLive(data: unknown, state: TolkyState): DecodeResult {
  const base = TolkyEnvelopeSchema.safeParse(data);
  if (!base.success) return rejected(reasonOf(base.error), typeOf(data) ?? TOLKY_PIPELINE_EVENT);
  const envelope = base.data;
  if (envelope.intentId !== state.runId) return NONE;
  const outcome = decodeEnvelope(envelope, data, state);
  if (!outcome.ok) return rejected(outcome.reason, envelope.type);
  return {
    kind: 'events',
    events: outcome.events,
    order: { scope: scopeOf(envelope.intentId), seq: envelope.seq },
    cursor: String(envelope.seq),
    ...(envelope.type === 'step_heartbeat' ? { heartbeat: true } : {}),
  };
}

const scopeOf = (intentId: string) => `intent:${intentId}`;

/**
 * decodeInOrder (tolky-dialect.ts): a replay response stands for the live frames it carries;
 * each is placed and decoded on its own, in seq order with the live stream. Any other frame,
 * or a replay of another intent, is decoded as it is (undefined).
 */
export function splitTolkyFrame(frame: unknown): unknown[] | undefined {
  const socket = SocketFrameSchema.safeParse(frame);
  if (!socket.success || socket.data.event !== 'replay_events_response') return undefined;
  const parsed = TolkyReplayResponseSchema.safeParse(socket.data.data);
  if (!parsed.success) return undefined;
  return parsed.data.events.map((envelope) => ({ event: TOLKY_PIPELINE_EVENT, data: envelope }));
}

function decodeReplay(data: unknown, state: TolkyState): DecodeResult {
  const parsed = TolkyReplayResponseSchema.safeParse(data);
  if (!parsed.success) return rejected(reasonOf(parsed.error), 'replay_events_response');
  if (parsed.data.intentId !== undefined && parsed.data.intentId !== state.runId) return NONE;

  const events: RunEvent[] = [];
  const envelopes: { envelope: TolkyEnvelope; raw: unknown }[] = [];
  for (const raw of parsed.data.events) {
    const base = TolkyEnvelopeSchema.safeParse(raw);
    if (!base.success) events.push(log('warn', `a replayed event was rejected: ${reasonOf(base.error)}`, 'replay'));
    else if (base.data.intentId === state.runId) envelopes.push({ envelope: base.data, raw });
  }
  envelopes.sort((a, b) => a.envelope.seq - b.envelope.seq);

  let last: number | undefined;
  for (const { envelope, raw } of envelopes) {
    if (envelope.seq === last) continue; // the same seq twice in one replay
    const outcome = decodeEnvelope(envelope, raw, state);
    const decoded = outcome.ok ? outcome.events : [log('warn', `replayed ${envelope.type} #${envelope.seq} was rejected: ${outcome.reason}`, 'replay')];
    // Every event of one envelope shares its order key; ingest keeps them together.
    const key = orderKey({ scope: scopeOf(envelope.intentId), seq: envelope.seq });
    for (const event of decoded) event.key = key;
    events.push(...decoded);
    last = envelope.seq;
  }
  if (last === undefined) return { kind: 'events', events };
  return { kind: 'events', events, cursor: String(last), advance: { scope: scopeOf(state.runId), seq: last } };
}
