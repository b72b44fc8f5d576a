/**
 * tolky frames → canonical RunEvents (the interpreter; tolky-locate.ts places them, and
 * splits replays into the live frames they carry).
 *
 * - `sequential_thinking_event`: one pipeline envelope, validated and mapped by its type
 *   (tolky-envelope.ts).
 * - Session events (session_*, intent_cancel_acknowledged, joins, errors) → log / raw.
 *
 * State (tolky-state.ts): step labels and groups come with `plan_ready` only, and
 * `continuation_started` answers the interruption before it without naming it, so one
 * interpreter reads the whole session in seq order.
 */
import * as z from 'zod';

import { reasonOf, rejected, typeOf, unknownFrame } from '@/protocol/decode-util';
import { parseWith } from '@/protocol/derive-reader';
import type { Interpretation, Interpreter } from '@/protocol/dialect';
import { decodeEnvelope } from '@/protocol/tolky/tolky-envelope';
import { TolkyEnvelopeSchema } from '@/protocol/tolky/tolky-schemas';
import { decodeSessionEvent } from '@/protocol/tolky/tolky-session';
import { TOLKY_PIPELINE_EVENT, TOLKY_SESSION_EVENTS, type TolkySessionEvent } from '@/protocol/tolky/tolky-session-schemas';
import { createTolkyState, type TolkyState } from '@/protocol/tolky/tolky-state';

const parseSocketFrame = parseWith(z.looseObject({ event: z.string(), data: z.unknown() }));
/** Every envelope is read by the reader derived from its schema (derive-reader.ts); zod only names a bad field. */
const parseEnvelope = parseWith(TolkyEnvelopeSchema);
const SESSION_EVENTS: ReadonlySet<string> = new Set(TOLKY_SESSION_EVENTS);
const NONE: Interpretation = { kind: 'events', events: [] };

/** One interpreter per session: it keeps step labels, groups and open gates (tolky-state.ts). */
export function createTolkyInterpreter(ctx: Readonly<{ runId: string }>): Interpreter {
  const state = createTolkyState(ctx.runId);
  return (frame) => readTolkyFrame(frame.body, state);
}

/** One frame, through its schemas' derived readers. */
export function readTolkyFrame(frame: unknown, state: TolkyState): Interpretation {
  const socket = parseSocketFrame(frame);
  if (!socket.success) return rejected('not a tolky frame: expected a Socket.IO frame {event, data}');
  const { event, data } = socket.data;
  if (event === TOLKY_PIPELINE_EVENT) return readEnvelope(data, state);
  // A replay whose shape could not be split (locate places it whole): say so.
  if (event === 'replay_events_response') return rejected('replay_events_response: expected {intentId?, events: [...]} or an array of envelopes', event);
  if (SESSION_EVENTS.has(event)) return decodeSessionEvent(event as Exclude<TolkySessionEvent, 'replay_events_response'>, data, state);
  return { kind: 'events', events: [unknownFrame(event)] };
}

function readEnvelope(data: unknown, state: TolkyState): Interpretation {
  const base = parseEnvelope(data);
  if (!base.success) return rejected(reasonOf(base.error), typeOf(data) ?? TOLKY_PIPELINE_EVENT);
  const envelope = base.data;
  if (envelope.intentId !== state.runId) return NONE;
  const outcome = decodeEnvelope(envelope, data, state);
  return outcome.ok ? { kind: 'events', events: outcome.events } : rejected(outcome.reason, envelope.type);
}
