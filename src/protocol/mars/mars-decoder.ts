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
 * A fresh decoder per connection (the dialect's createDecoder); never throws.
 */
import type { DecodeResult } from '@/protocol/dialect';
import { isHttpReplyFrame } from '@/protocol/dialect';
import { reasonOf, rejected, typeOf, unknownFrame } from '@/protocol/decode-util';
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
  type MarsLegacy,
} from '@/protocol/mars/mars-schemas';
import type { RunEvent } from '@/protocol/run-event';
import { decimalToMicros } from '@/lib/to-micros';
import { parseTimeMs } from '@/lib/parse-time';

export const MARS_SNAPSHOT_PATH = /\/api\/runs\/[^/]+\/dag$/;

export function createMarsDecoder(): (frame: unknown) => DecodeResult {
  const state = createMarsDecoderState();
  return (frame) => decodeMarsFrame(state, frame);
}

function decodeMarsFrame(s: MarsDecoderState, frame: unknown): DecodeResult {
  if (isHttpReplyFrame(frame)) return decodeSnapshot(s, frame.reply.path, frame.reply.status, frame.body);
  const eventType = typeOf(frame, 'event_type');
  if (eventType !== undefined) return decodeEvent(s, frame, eventType);
  const legacyType = typeOf(frame);
  if (legacyType !== undefined) return decodeLegacy(s, frame, legacyType);
  return rejected('not a MARS frame: expected a JSON object with a string "event_type" (or a legacy "type")');
}

function decodeEvent(s: MarsDecoderState, frame: unknown, eventType: string): DecodeResult {
  const identity = frameIdentity(frame, eventType);
  if (!MARS_EVENT_TYPES.has(eventType)) return { kind: 'events', events: [unknownFrame(eventType)], identity };
  const parsed = MarsEventSchema.safeParse(frame);
  if (!parsed.success) return rejected(reasonOf(parsed.error), eventType);
  const wire = parsed.data;
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

// ---- identity ------------------------------------------------------------------

/**
 * A cheap content hash: two FNV-1a variants over the frame's text (≈64 bits, so a few
 * thousand frames in the sequencer's memory do not collide), prefixed with the type.
 */
export function frameIdentity(frame: unknown, frameType: string): string {
  const record = frame as { timestamp?: unknown; data?: unknown };
  const text = 'event_type' in (frame as object) ? `${String(record.timestamp)}|${JSON.stringify(record.data ?? null)}` : JSON.stringify(frame);
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
  const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
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

function decodeSnapshot(s: MarsDecoderState, path: string, status: number, body: unknown): DecodeResult {
  if (!MARS_SNAPSHOT_PATH.test(path)) return { kind: 'events', events: [unknownFrame('http-reply', path)] };
  if (status !== 200) return rejected(`DAG snapshot request failed with HTTP ${status}`, 'dag-snapshot');
  const parsed = MarsDagSnapshotSchema.safeParse(body);
  if (!parsed.success) return rejected(reasonOf(parsed.error), 'dag-snapshot');
  const snapshot = parsed.data;
  const nodes = learnDag(s, snapshot.nodes);
  const events: RunEvent[] = [
    { type: 'log', level: 'warn', source: 'runboard', message: 'resynced from DAG snapshot' },
    { type: 'graph.defined', nodes, edges: snapshot.edges.map(({ source, target }) => ({ source, target })), replace: true },
  ];
  for (const node of snapshot.nodes) {
    if (node.status !== undefined) events.push(nodeStatusEvent(s, node.id, node.status));
  }
  // The live frames that carried the end may have fallen in the gap: the snapshot says it.
  const terminal = snapshotTerminal(snapshot.status, snapshot.total_cost);
  if (terminal && !s.terminal) events.push(...finish(s, terminal, snapshot.status ?? 'completed'));
  for (const event of events) event.runId = snapshot.run_id;
  return { kind: 'events', events };
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
