/**
 * myagent WebSocket frames → canonical RunEvents.
 *
 * Order: the real server stamps `seq` per CONNECTION (from 1; heartbeats take one too),
 * so numbers of different connections cannot be compared: the scope is the connection
 * epoch from DecodeContext (`conn:<epoch>`). Frames without `seq` (the document's
 * examples) have no order; their `event_id`, when present, is their identity for dedupe.
 * The cursor is `<session_id>:<seq>`: `content.last_seq` of `user.reconnect_with_state` counts
 * in the numbering of the session that sent it, so the reconnect names that session too
 * (myagent-dialect.ts). A frame without a session (system.connected before a restore) moves
 * no cursor: its seq would be read against the wrong session.
 *
 * Timestamps are naive (`datetime.now().isoformat()`): the raw text is kept in `at`, and
 * `atMs` reads it as the viewer's local time.
 *
 * Client events (`user.*`) echoed back are kept as raw frames, except `user.cancel`,
 * which ends the run as cancelled on request. The mapping itself is in myagent-events.ts.
 */
import { parseTimeMs } from '@/lib/parse-time';
import type { DecodeContext, DecodeResult, FrameOrder } from '@/protocol/dialect';
import { reasonOf, rejected, typeOf, unknownFrame } from '@/protocol/decode-util';
import { contentText } from '@/protocol/myagent/myagent-content';
import { toRunEvents } from '@/protocol/myagent/myagent-events';
import { cancelRequested } from '@/protocol/myagent/myagent-lifecycle';
import { MYAGENT_SERVER_TYPES, MyagentClientEventSchema, MyagentServerEventSchema } from '@/protocol/myagent/myagent-schemas';
import { newStreamState, type MyagentStreamState } from '@/protocol/myagent/myagent-state';
import type { RunEvent } from '@/protocol/run-event';

type Place = { order?: FrameOrder; cursor?: string; identity?: string };

/**
 * A decoder for one connection; `ctx.epoch` scopes its seq numbers. The epoch is read per
 * frame, so a decoder that ingest keeps across reconnects (with a live epoch) works too.
 */
export function createMyagentDecoder(ctx: DecodeContext): (frame: unknown) => DecodeResult {
  const state = newStreamState();
  return (frame) => decodeMyagentFrame(frame, state, `conn:${ctx.epoch}`);
}

export function decodeMyagentFrame(frame: unknown, state: MyagentStreamState, scope: string): DecodeResult {
  const eventType = typeOf(frame, 'event');
  if (eventType === undefined) return rejected('not a myagent event: expected a JSON object with a string "event"');
  // Every frame with a seq keeps its place, known or not, so no false gap opens.
  const place = placeOf(frame as Record<string, unknown>, scope);
  if (eventType.startsWith('user.')) return { kind: 'events', events: clientEcho(frame, eventType, state), ...place };
  if (!MYAGENT_SERVER_TYPES.has(eventType)) return { kind: 'events', events: [unknownFrame(eventType)], ...place };

  const parsed = MyagentServerEventSchema.safeParse(frame);
  if (!parsed.success) return rejected(reasonOf(parsed.error), eventType);
  const wire = parsed.data;
  const atMs = parseTimeMs(wire.timestamp);
  const mapped = toRunEvents(wire, state, atMs);
  stampTime(mapped.events, wire.timestamp, atMs);
  return {
    kind: 'events',
    events: mapped.events,
    ...place,
    ...(wire.event === 'system.heartbeat' ? { heartbeat: true } : {}),
    ...(mapped.memo ? { memo: mapped.memo } : {}),
  };
}

function placeOf(frame: Record<string, unknown>, scope: string): Place {
  const seq = frame.seq;
  if (typeof seq === 'number' && Number.isInteger(seq) && seq > 0) {
    const session = frame.session_id;
    return { order: { scope, seq }, ...(typeof session === 'string' && session !== '' ? { cursor: `${session}:${seq}` } : {}) };
  }
  const eventId = frame.event_id;
  return typeof eventId === 'string' && eventId.length > 0 ? { identity: eventId } : {};
}

function stampTime(events: RunEvent[], at: string | undefined, atMs: number | undefined): void {
  if (at === undefined) return;
  for (const event of events) {
    event.at = at;
    if (atMs !== undefined) event.atMs = atMs;
  }
}

/** Our own commands seen on the stream: never an error; a cancel ends the run. */
function clientEcho(frame: unknown, eventType: string, state: MyagentStreamState): RunEvent[] {
  const parsed = MyagentClientEventSchema.safeParse(frame);
  if (parsed.success && parsed.data.event === 'user.cancel') {
    return cancelRequested(state, contentText(parsed.data.content, undefined));
  }
  return [{ type: 'raw', frameType: eventType, summary: 'client event (echo)' }];
}
