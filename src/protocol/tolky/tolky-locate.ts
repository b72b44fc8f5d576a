/**
 * Where a tolky Socket.IO frame `{event, data}` goes (stateless; Dialect.locate).
 *
 * - `sequential_thinking_event` carries one envelope: order `{scope: 'intent:<id>', seq}`,
 *   cursor `String(seq)` (replay_events' sinceSeq). The same frame arrives up to three
 *   times (session, intent and host rooms): every copy gets the same order, and the
 *   sequencer drops the copies.
 * - `replay_events_response` stands for the live frames it carries: each envelope is placed
 *   on its own, in the live form, so a replay fills holes in seq order with the live stream.
 * - Frames about another intent than the watched one are placed nowhere (a session or host
 *   room carries every intent of the session or host).
 * - Session events (no seq) pass unordered; the interpreter reads them.
 * Content is not validated here: the interpreter does that once.
 */
import { placed, unplaceable, type Location, type LocateContext, type Placement } from '@/protocol/dialect';
import { TOLKY_PIPELINE_EVENT } from '@/protocol/tolky/tolky-session-schemas';
import { isWireObject, type Loose } from '@/protocol/wire-checks';

const NOWHERE: Location = { kind: 'placed', placements: [] };

export const intentScope = (intentId: string) => `intent:${intentId}`;

export function locateTolkyFrame(frame: unknown, ctx: LocateContext): Location {
  if (!isWireObject(frame)) return unplaceable('not a tolky frame: expected a Socket.IO frame {event, data}');
  if (typeof frame.event !== 'string') {
    // A bare envelope (options.onEvent over HTTP, hand-made recordings) goes like a live frame.
    if (typeof frame.type === 'string' && typeof frame.seq === 'number') return placeEnvelope(frame, ctx.runId);
    return unplaceable('not a tolky frame: expected a Socket.IO frame {event, data}');
  }
  // A live frame is already in the form the interpreter reads: no wrapper per frame.
  if (frame.event === TOLKY_PIPELINE_EVENT) return placeEnvelope(frame.data, ctx.runId, frame);
  if (frame.event === 'replay_events_response') return splitReplay(frame.data, ctx.runId);
  return placed({ body: frame });
}

function placeEnvelope(envelope: unknown, runId: string, live?: Loose): Location {
  const frame = placeOne(envelope, runId, live);
  return frame ? placed(frame) : NOWHERE;
}

/** One envelope in its live form (`live`, when it came as one); undefined when it is about another intent. */
function placeOne(envelope: unknown, runId: string, live?: Loose): Placement | undefined {
  const body = live ?? { event: TOLKY_PIPELINE_EVENT, data: envelope };
  if (!isWireObject(envelope)) return { body };
  if (typeof envelope.intentId === 'string' && envelope.intentId !== runId) return undefined;
  const seq = envelope.seq;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq)) return { body };
  return { body, order: { scope: scopeOf(runId), seq }, cursor: String(seq) };
}

/** The intent's scope, made once per run id rather than once per frame (the sequencer looks it up per frame). */
let lastScope: readonly [string, string] | undefined;
function scopeOf(runId: string): string {
  if (lastScope?.[0] !== runId) lastScope = [runId, intentScope(runId)];
  return lastScope[1];
}

/** `{intentId, events}` or a bare array (the shape is not published): the envelopes of this intent. */
function splitReplay(data: unknown, runId: string): Location {
  const envelopes = Array.isArray(data) ? data : isWireObject(data) && Array.isArray(data.events) ? data.events : undefined;
  if (!envelopes) return placed({ body: { event: 'replay_events_response', data } });
  if (isWireObject(data) && typeof data.intentId === 'string' && data.intentId !== runId) return NOWHERE;
  const placements: Placement[] = [];
  for (const envelope of envelopes) {
    const placement = placeOne(envelope, runId);
    if (placement) placements.push(placement);
  }
  return { kind: 'placed', placements, answer: 'replay' };
}
