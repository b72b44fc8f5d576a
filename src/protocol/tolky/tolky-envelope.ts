/**
 * One tolky pipeline envelope → canonical events: validates the payload of its type,
 * runs the type's handler and stamps time and run id. Shared by live frames and by the
 * envelopes inside a `replay_events_response`.
 */
import { parseTimeMs } from '@/lib/parse-time';
import { reasonOf, unknownFrame } from '@/protocol/decode-util';
import type { RunEvent } from '@/protocol/run-event';
import { GATE_HANDLERS } from '@/protocol/tolky/tolky-gates';
import { EXECUTION_HANDLERS } from '@/protocol/tolky/tolky-map-execution';
import { PHASE_HANDLERS } from '@/protocol/tolky/tolky-map-phases';
import { isTolkyType, readTolkyPayload, tolkyFrameSchema, type TolkyEnvelope, type TolkyType } from '@/protocol/tolky/tolky-schemas';
import type { TolkyHandler, TolkyHandlers, TolkyState } from '@/protocol/tolky/tolky-state';

/** Every type has exactly one handler: a type added to the schemas fails to compile until mapped. */
const HANDLERS: TolkyHandlers<TolkyType> = { ...EXECUTION_HANDLERS, ...PHASE_HANDLERS, ...GATE_HANDLERS };

export type EnvelopeOutcome = { ok: true; events: RunEvent[] } | { ok: false; reason: string };

/** `envelope` has already passed TolkyEnvelopeSchema; `raw` is what arrived (its payload is read here). */
export function decodeEnvelope(envelope: TolkyEnvelope, raw: unknown, state: TolkyState): EnvelopeOutcome {
  const type = envelope.type;
  if (!isTolkyType(type)) return { ok: true, events: stamp([unknownFrame(type)], envelope) };
  // The envelope was read already: only the payload is (zod runs only to name a bad field).
  let payload = readTolkyPayload(type, (raw as { payload?: unknown }).payload);
  if (payload === undefined) {
    const parsed = tolkyFrameSchema(type).safeParse(raw);
    if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error) };
    payload = parsed.data.payload;
  }
  const events = (HANDLERS[type] as TolkyHandler<typeof type>)(payload, envelope, state);
  return { ok: true, events: stamp(events, envelope) };
}

/** Time and run id on every event of one envelope. */
function stamp(events: RunEvent[], envelope: TolkyEnvelope): RunEvent[] {
  const atMs = parseTimeMs(envelope.timestamp);
  for (const event of events) {
    event.runId = envelope.intentId;
    if (typeof envelope.timestamp === 'string') event.at = envelope.timestamp;
    if (atMs !== undefined) event.atMs = atMs;
  }
  return events;
}
