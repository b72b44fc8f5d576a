/**
 * MARS frames → canonical RunEvents (the interpreter; mars-locate.ts places them by arrival
 * with a content identity). Three families reach it:
 * - socket frames `{event_type, timestamp, data}` (mapped in mars-events.ts);
 * - legacy `{type, data|message}` frames: output → a console row, status/result → log,
 *   complete → run.completed unless the run ended already;
 * - the REST answers of a watching session (HttpReplyFrames, read in mars-rest.ts).
 * The envelope's `run_id` is not one id (the task id on most frames, the database's run id
 * on DAG and workflow frames): events are keyed by the session's task, never by it.
 * Never throws.
 */
import { isHttpReplyFrame, type Interpretation, type Interpreter } from '@/protocol/dialect';
import { reasonOf, rejected, safeJson, typeOf, unknownFrame } from '@/protocol/decode-util';
import { parseWith } from '@/protocol/derive-reader';
import type { RunEvent } from '@/protocol/run-event';
import { complete } from '@/protocol/mars/mars-lifecycle';
import { socketOutput } from '@/protocol/mars/mars-console';
import { toMarsRunEvents } from '@/protocol/mars/mars-events';
import { readRestReply } from '@/protocol/mars/mars-rest';
import { sessionHint } from '@/protocol/mars/mars-run-status';
import { MARS_EVENT_TYPES, MARS_LEGACY_TYPES, MarsEventSchema, MarsLegacySchema, type MarsEvent, type MarsLegacy } from '@/protocol/mars/mars-schemas';
import { createMarsState, type MarsState } from '@/protocol/mars/mars-state';
import { marsTimeMs } from '@/protocol/mars/mars-time';

/** One interpreter per session: it remembers the DAG, the end, and what a watch has read. */
export function createMarsInterpreter(ctx: Readonly<{ runId: string }>): Interpreter {
  const s = createMarsState(ctx.runId);
  return (frame) => readMarsFrame(s, frame.body);
}

export function readMarsFrame(s: MarsState, frame: unknown): Interpretation {
  if (isHttpReplyFrame(frame)) return readRestReply(s, frame);
  const eventType = typeOf(frame, 'event_type');
  if (eventType !== undefined) return decodeEvent(s, frame, eventType);
  const legacyType = typeOf(frame);
  if (legacyType !== undefined) return decodeLegacy(s, frame, legacyType);
  return rejected('not a MARS frame: expected a JSON object with a string "event_type" (or a legacy "type")');
}

/** Every frame is read by the reader derived from its schema (derive-reader.ts); zod only names a bad field. */
const parseEvent = parseWith(MarsEventSchema);
const parseLegacy = parseWith(MarsLegacySchema);

function decodeEvent(s: MarsState, frame: unknown, eventType: string): Interpretation {
  if (!MARS_EVENT_TYPES.has(eventType)) return { kind: 'events', events: [unknownFrame(eventType)] };
  const wire = parseEvent(frame);
  if (!wire.success) return rejected(reasonOf(wire.error), eventType);
  return decodeWire(s, wire.data);
}

/** The checked frame → events, stamped with its time; a `status` frame names the MARS session (for watching later). */
function decodeWire(s: MarsState, wire: MarsEvent): Interpretation {
  const atMs = marsTimeMs(wire.timestamp);
  const events = toMarsRunEvents(s, wire, atMs);
  for (const event of events) {
    if (wire.timestamp !== undefined) event.at = wire.timestamp;
    if (atMs !== undefined) event.atMs = atMs;
  }
  const session = wire.event_type === 'status' ? (wire.data.session_id ?? wire.session_id) : undefined;
  const memo = session ? sessionHint(s, session) : undefined;
  return memo && Object.keys(memo).length > 0 ? { kind: 'events', events, memo } : { kind: 'events', events };
}

// ---- legacy frames ----------------------------------------------------------------

function decodeLegacy(s: MarsState, frame: unknown, type: string): Interpretation {
  if (!MARS_LEGACY_TYPES.has(type)) return { kind: 'events', events: [unknownFrame(type)] };
  const parsed = parseLegacy(frame);
  if (!parsed.success) return rejected(reasonOf(parsed.error), type);
  if (parsed.data.type === 'pong' || parsed.data.type === 'heartbeat') return { kind: 'events', events: [] };
  return { kind: 'events', events: legacyEvents(s, parsed.data) };
}

function legacyEvents(s: MarsState, wire: Exclude<MarsLegacy, { type: 'pong' | 'heartbeat' }>): RunEvent[] {
  const body = 'data' in wire && wire.data !== undefined ? wire.data : wire.message;
  const text = typeof body === 'string' ? body : body === undefined ? '' : safeJson(body);
  switch (wire.type) {
    case 'output':
      return socketOutput(s, text, undefined);
    case 'status':
      return [{ type: 'log', level: 'info', source: 'status', message: text }];
    case 'result':
      return [{ type: 'log', level: 'info', source: 'result', message: `result: ${text}` }];
    case 'complete':
      return complete(s, 'complete');
  }
}
