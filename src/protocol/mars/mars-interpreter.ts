/**
 * MARS frames → canonical RunEvents (the interpreter; mars-locate.ts places them by arrival
 * with a content identity). Frames of three families arrive on the one socket:
 * - `{event_type, timestamp, data}` events (mapped in mars-events.ts);
 * - legacy `{type, data|message}` frames: output → node.output (or log), status → log,
 *   result → log, complete → run.completed unless a terminal event came already;
 * - the HttpReplyFrame of `GET /api/runs/{id}/dag` (after a reconnect, since MARS has no
 *   replay): graph.defined replace + node.status per node + a log line, and the end when the
 *   snapshot says the run is over.
 * Never throws.
 *
 * Speed: `agent_message` (the bulk of a stream) takes a structural check instead of zod,
 * like the AG-UI interpreter; a frame that check does not accept goes through the full
 * schema, so a bad frame is still rejected with a readable path (mars-interpreter.test.ts
 * compares the two paths).
 */
import { isHttpReplyFrame, type Interpretation, type Interpreter } from '@/protocol/dialect';
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

/** One interpreter per session (mars-events.ts keeps the DAG it learned and the run's end). */
export function createMarsInterpreter(): Interpreter {
  const s = createMarsDecoderState();
  return (frame) => readMarsFrame(s, frame.body);
}

export function readMarsFrame(s: MarsDecoderState, frame: unknown): Interpretation {
  if (isHttpReplyFrame(frame)) return readSnapshot(s, frame.reply.path, frame.reply.status, frame.body);
  return decodeLive(s, frame);
}

function decodeLive(s: MarsDecoderState, frame: unknown): Interpretation {
  const eventType = typeOf(frame, 'event_type');
  if (eventType !== undefined) return decodeEvent(s, frame, eventType);
  const legacyType = typeOf(frame);
  if (legacyType !== undefined) return decodeLegacy(s, frame, legacyType);
  return rejected('not a MARS frame: expected a JSON object with a string "event_type" (or a legacy "type")');
}

function decodeEvent(s: MarsDecoderState, frame: unknown, eventType: string): Interpretation {
  if (!MARS_EVENT_TYPES.has(eventType)) return { kind: 'events', events: [unknownFrame(eventType)] };
  const wire = (eventType === 'agent_message' ? fastAgentMessage(frame) : undefined) ?? MarsEventSchema.safeParse(frame);
  if (!wire.success) return rejected(reasonOf(wire.error), eventType);
  return decodeWire(s, wire.data);
}

/** The schema-checked (or fast-checked) frame → events, stamped with its time and run. */
function decodeWire(s: MarsDecoderState, wire: MarsEvent): Interpretation {
  if (wire.event_type === 'heartbeat' || wire.event_type === 'pong') return { kind: 'events', events: [] };
  const events = toMarsRunEvents(s, wire);
  const atMs = parseTimeMs(wire.timestamp);
  for (const event of events) {
    if (wire.timestamp !== undefined) event.at = wire.timestamp;
    if (atMs !== undefined) event.atMs = atMs;
    if (wire.run_id !== undefined) event.runId = wire.run_id;
  }
  return { kind: 'events', events };
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

// ---- legacy frames ----------------------------------------------------------------

function decodeLegacy(s: MarsDecoderState, frame: unknown, type: string): Interpretation {
  if (!MARS_LEGACY_TYPES.has(type)) return { kind: 'events', events: [unknownFrame(type)] };
  const parsed = MarsLegacySchema.safeParse(frame);
  if (!parsed.success) return rejected(reasonOf(parsed.error), type);
  if (parsed.data.type === 'pong' || parsed.data.type === 'heartbeat') return { kind: 'events', events: [] };
  return { kind: 'events', events: legacyEvents(s, parsed.data) };
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

function readSnapshot(s: MarsDecoderState, path: string, status: number, body: unknown): Interpretation {
  if (!MARS_SNAPSHOT_PATH.test(path)) return { kind: 'events', events: [unknownFrame('http-reply', path)] };
  if (status !== 200) return rejected(`DAG snapshot request failed with HTTP ${status}`, 'dag-snapshot');
  const parsed = MarsDagSnapshotSchema.safeParse(body);
  if (!parsed.success) return rejected(reasonOf(parsed.error), 'dag-snapshot');
  const snapshot = parsed.data;
  const events = snapshotEvents(s, snapshot);
  // The live frames that carried the end may have been lost with the connection: the snapshot says it.
  const terminal = snapshotTerminal(snapshot.status, snapshot.total_cost);
  if (terminal && !s.terminal) events.push(...finish(s, terminal, snapshot.status ?? 'completed'));
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
