/**
 * MARS WebSocket frames → canonical RunEvents (mars-workflow-ws.md + protocols/README.md "mars").
 *
 * Ordering: MARS has no sequence number. Every frame gets an `identity`, a content hash
 * of event_type + timestamp + data, so an exact duplicate (the real server sometimes
 * sends dag_node_status_changed twice) is dropped by the sequencer; near-duplicates
 * still pass, which is safe because node.status is idempotent downstream.
 *
 * Three frame families arrive on the one socket:
 * - `{event_type, timestamp, data}` events (mapped in mars-events.ts);
 * - legacy `{type, data|message}` frames: output → node.output (or log), status → log,
 *   result → log, complete → run.completed unless a terminal event came already;
 * - the HttpReplyFrame of `GET /api/runs/{id}/dag` (resync after a reconnect, since MARS
 *   has no replay): graph.defined replace + node.status per node + a log line.
 *
 * Reconnects: a fresh decoder per connection (the dialect's createDecoder). On a
 * reconnect (epoch > 0) it knows nothing of the DAG until the snapshot reply arrives, so it
 * HOLDS state-bearing frames (returning only their identity) and decodes them right after
 * the snapshot: the snapshot sets the state, then every frame of this connection replays
 * over it in order, so the result is the latest state whichever came first. A failed
 * snapshot or more than MAX_HELD frames release the held frames anyway. Never throws.
 *
 * Speed: `agent_message` (the bulk of a stream) takes a structural check instead of zod,
 * like the AG-UI decoder; a frame that check does not accept goes through the full
 * schema, so a bad frame is still rejected with a readable path (mars-decoder.test.ts
 * compares the two paths).
 */
import type { DecodeContext, DecodeResult } from '@/protocol/dialect';
import { isHttpReplyFrame } from '@/protocol/dialect';
import { reasonOf, rejected, safeJson, typeOf, unknownFrame } from '@/protocol/decode-util';
import {
  createMarsDecoderState,
  currentStepNode,
  finish,
  learnDag,
  nodeStatusEvent,
  toMarsRunEvents,
  type MarsDecoderState,
} from '@/protocol/mars/mars-events';
import {
  MARS_EVENT_TYPES,
  MARS_LEGACY_TYPES,
  MarsDagSnapshotSchema,
  MarsEventSchema,
  MarsLegacySchema,
  type MarsDagSnapshot,
  type MarsEvent,
  type MarsLegacy,
} from '@/protocol/mars/mars-schemas';
import type { RunEvent } from '@/protocol/run-event';
import { decimalToMicros } from '@/lib/to-micros';
import { parseTimeMs } from '@/lib/parse-time';

export const MARS_SNAPSHOT_PATH = /\/api\/runs\/[^/]+\/dag$/;
/** Safety valve: a session that never fetches the snapshot still sees its frames. */
export const MAX_HELD = 256;

/** Frames that carry no run state pass at once even while a snapshot is awaited. */
const STATELESS = new Set(['connected', 'disconnected', 'reconnected', 'heartbeat', 'pong']);

type Decoder = { s: MarsDecoderState; held: unknown[] | undefined };

export function createMarsDecoder(ctx?: Pick<DecodeContext, 'epoch'>): (frame: unknown) => DecodeResult {
  const decoder: Decoder = { s: createMarsDecoderState(), held: ctx !== undefined && ctx.epoch > 0 ? [] : undefined };
  return (frame) => decodeMarsFrame(decoder, frame);
}

function decodeMarsFrame(d: Decoder, frame: unknown): DecodeResult {
  if (isHttpReplyFrame(frame)) return decodeSnapshot(d, frame.reply.path, frame.reply.status, frame.body);
  return (d.held !== undefined ? hold(d, d.held, frame) : undefined) ?? decodeLive(d.s, frame);
}

/** Holds a valid, state-bearing frame until the snapshot; undefined lets it decode now. */
function hold(d: Decoder, held: unknown[], frame: unknown): DecodeResult | undefined {
  const eventType = typeOf(frame, 'event_type');
  const type = eventType ?? typeOf(frame);
  if (type === undefined || STATELESS.has(type)) return undefined;
  const schema = eventType !== undefined ? MarsEventSchema : MarsLegacySchema;
  if (!(eventType !== undefined ? MARS_EVENT_TYPES : MARS_LEGACY_TYPES).has(type)) return undefined;
  // Validation only (no mapping yet): an invalid frame is rejected at once by decodeLive.
  if (!schema.safeParse(frame).success) return undefined;
  held.push(frame);
  const identity = frameIdentity(frame, type);
  return { kind: 'events', events: held.length < MAX_HELD ? [] : release(d), identity };
}

/** Decodes the held frames in arrival order (their identities were reported when held). */
function release(d: Decoder): RunEvent[] {
  const held = d.held ?? [];
  d.held = undefined;
  return held.flatMap((frame) => {
    const result = decodeLive(d.s, frame);
    return result.kind === 'events' ? result.events : [];
  });
}

function decodeLive(s: MarsDecoderState, frame: unknown): DecodeResult {
  const eventType = typeOf(frame, 'event_type');
  if (eventType !== undefined) return decodeEvent(s, frame, eventType);
  const legacyType = typeOf(frame);
  if (legacyType !== undefined) return decodeLegacy(s, frame, legacyType);
  return rejected('not a MARS frame: expected a JSON object with a string "event_type" (or a legacy "type")');
}

function decodeEvent(s: MarsDecoderState, frame: unknown, eventType: string): DecodeResult {
  const identity = frameIdentity(frame, eventType);
  if (!MARS_EVENT_TYPES.has(eventType)) return { kind: 'events', events: [unknownFrame(eventType)], identity };
  const wire = (eventType === 'agent_message' ? fastAgentMessage(frame) : undefined) ?? MarsEventSchema.safeParse(frame);
  if (!wire.success) return rejected(reasonOf(wire.error), eventType);
  return decodeWire(s, wire.data, identity);
}

/** The schema-checked (or fast-checked) frame → events, stamped with its time and run. */
function decodeWire(s: MarsDecoderState, wire: MarsEvent, identity: string): DecodeResult {
  if (wire.event_type === 'heartbeat' || wire.event_type === 'pong') return { kind: 'events', events: [], heartbeat: true, identity };
  const events = toMarsRunEvents(s, wire);
  const atMs = parseTimeMs(wire.timestamp);
  for (const event of events) {
    if (wire.timestamp !== undefined) event.at = wire.timestamp;
    if (atMs !== undefined) event.atMs = atMs;
    if (wire.run_id !== undefined) event.runId = wire.run_id;
  }
  return { kind: 'events', events, identity };
}

// ---- fast path ---------------------------------------------------------------------

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
/** What the schema's `optional(z.string())` accepts: absent, null or a string. */
const isText = (value: unknown) => value == null || typeof value === 'string';
const orUndefined = (value: unknown) => (value ?? undefined) as string | undefined;

/**
 * `agent_message` checked by hand: every field the schema checks, no zod, and the same
 * normalised frame (null → undefined) the schema's transforms would give. Undefined
 * sends the frame to the full schema.
 */
export function fastAgentMessage(frame: unknown): { success: true; data: MarsEvent } | undefined {
  if (!isObject(frame) || !isText(frame.timestamp) || !isText(frame.run_id) || !isText(frame.session_id)) return undefined;
  const data = frame.data;
  if (!isObject(data) || typeof data.message !== 'string') return undefined;
  if (!isText(data.step_id) || !isText(data.agent) || !isText(data.role)) return undefined;
  const step = data.step_number;
  if (step != null && (!Number.isSafeInteger(step) || (step as number) < 0)) return undefined;
  const wire: MarsEvent = {
    event_type: 'agent_message',
    timestamp: orUndefined(frame.timestamp),
    run_id: orUndefined(frame.run_id),
    session_id: orUndefined(frame.session_id),
    data: { step_id: orUndefined(data.step_id), step_number: (step ?? undefined) as number | undefined, agent: orUndefined(data.agent), message: data.message, role: orUndefined(data.role) },
  };
  return { success: true, data: wire };
}

// ---- identity ------------------------------------------------------------------

/**
 * A cheap content hash: two FNV-1a variants over the frame's text (≈64 bits, so a few
 * thousand frames in the sequencer's memory do not collide), prefixed with the type.
 */
export function frameIdentity(frame: unknown, frameType: string): string {
  const record = frame as { timestamp?: unknown; data?: unknown };
  const text = 'event_type' in (frame as object) ? `${String(record.timestamp)}|${safeJson(record.data ?? null)}` : safeJson(frame);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `${frameType}:${hex(a)}${hex(b)}`;
}

// ---- legacy frames ----------------------------------------------------------------

function decodeLegacy(s: MarsDecoderState, frame: unknown, type: string): DecodeResult {
  const identity = frameIdentity(frame, type);
  if (!MARS_LEGACY_TYPES.has(type)) return { kind: 'events', events: [unknownFrame(type)], identity };
  const parsed = MarsLegacySchema.safeParse(frame);
  if (!parsed.success) return rejected(reasonOf(parsed.error), type);
  if (parsed.data.type === 'pong' || parsed.data.type === 'heartbeat') return { kind: 'events', events: [], heartbeat: true, identity };
  return { kind: 'events', events: legacyEvents(s, parsed.data), identity };
}

function legacyEvents(s: MarsDecoderState, wire: Exclude<MarsLegacy, { type: 'pong' | 'heartbeat' }>): RunEvent[] {
  const body = 'data' in wire && wire.data !== undefined ? wire.data : wire.message;
  const text = typeof body === 'string' ? body : body === undefined ? '' : safeJson(body);
  switch (wire.type) {
    case 'output': {
      const nodeId = currentStepNode(s);
      if (nodeId !== undefined) return [{ type: 'node.output', nodeId, delta: text }];
      return [{ type: 'log', level: 'info', source: 'output', message: text }];
    }
    case 'status':
      return [{ type: 'log', level: 'info', source: 'status', message: text }];
    case 'result':
      return [{ type: 'log', level: 'info', source: 'result', message: `result: ${text}` }];
    case 'complete':
      if (s.terminal) return [{ type: 'log', level: 'debug', source: 'status', message: 'complete' }];
      return finish(s, { type: 'run.completed' }, 'completed');
  }
}

// ---- snapshot -------------------------------------------------------------------------

function decodeSnapshot(d: Decoder, path: string, status: number, body: unknown): DecodeResult {
  if (!MARS_SNAPSHOT_PATH.test(path)) return { kind: 'events', events: [unknownFrame('http-reply', path)] };
  const failure = status !== 200 ? `DAG snapshot request failed with HTTP ${status}` : undefined;
  const parsed = failure === undefined ? MarsDagSnapshotSchema.safeParse(body) : undefined;
  if (parsed === undefined || !parsed.success) {
    const reason = failure ?? (parsed && !parsed.success ? reasonOf(parsed.error) : 'invalid snapshot');
    if (d.held === undefined) return rejected(reason, 'dag-snapshot');
    // Frames were waiting on this reply: let them through rather than lose them.
    return { kind: 'events', events: [{ type: 'log', level: 'error', source: 'runboard', message: reason }, ...release(d)] };
  }
  const snapshot = parsed.data;
  const events = snapshotEvents(d.s, snapshot);
  events.push(...release(d));
  // The live frames that carried the end may have fallen in the gap: the snapshot says it.
  const terminal = snapshotTerminal(snapshot.status, snapshot.total_cost);
  if (terminal && !d.s.terminal) events.push(...finish(d.s, terminal, snapshot.status ?? 'completed'));
  return { kind: 'events', events };
}

function snapshotEvents(s: MarsDecoderState, snapshot: MarsDagSnapshot): RunEvent[] {
  const stamp = { runId: snapshot.run_id };
  const events: RunEvent[] = [
    { type: 'log', level: 'warn', source: 'runboard', message: 'resynced from DAG snapshot', ...stamp },
    { type: 'graph.defined', nodes: learnDag(s, snapshot.nodes), edges: snapshot.edges.map(({ source, target }) => ({ source, target })), replace: true, ...stamp },
  ];
  for (const node of snapshot.nodes) {
    if (node.status !== undefined) events.push({ ...nodeStatusEvent(s, node.id, node.status), ...stamp });
  }
  return events;
}

function snapshotTerminal(status: string | undefined, totalCost: number | undefined): RunEvent | undefined {
  switch (status?.toLowerCase()) {
    case 'completed':
      return { type: 'run.completed', ...(totalCost !== undefined ? { totalCost: { micros: decimalToMicros(totalCost), currency: 'USD' } } : {}) };
    case 'failed':
      return { type: 'run.failed', error: { message: 'the run failed (from the DAG snapshot)' } };
    case 'cancelled':
    case 'canceled':
      return { type: 'run.cancelled' };
    default:
      return undefined;
  }
}
