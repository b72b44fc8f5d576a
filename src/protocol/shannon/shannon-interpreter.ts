/**
 * Shannon frames → canonical RunEvents (the interpreter; shannon-locate.ts places them and
 * splits history pages into the live frames they stand for).
 *
 * Input: each event as shannon-locate.ts unwrapped it (`ShannonBody`: the event object, the
 * SSE event name it came under and its id; a history row has no name and its stream id), the
 * end marker (`event: done` / `data: [DONE]`; its history row STREAM_END) and HTTP replies.
 * The wire type is `type ?? event name`. Also the renamed frames (`thread.message.delta` =
 * LLM_PARTIAL, `thread.message.completed` = LLM_OUTPUT, `event: error` = ERROR_OCCURRED,
 * never a transport error; the control frames `workflow.*`, whose history rows are named
 * WORKFLOW_PAUSED etc.).
 *
 * State (shannon-state.ts): agents already priced, nodes and edges declared, open chapters
 * and gates, control frames read, and how the run is ending (shannon-ending.ts) — one
 * interpreter reads the whole session in seq order.
 */
import { isHttpReplyFrame, type Interpretation, type Interpreter } from '@/protocol/dialect';
import { reasonOf, rejected, typeOf, unknownFrame } from '@/protocol/decode-util';
import { parseWith } from '@/protocol/derive-reader';
import { noteError, noteWord, streamEnded } from '@/protocol/shannon/shannon-ending';
import { llmOutputEvents, streamedText, toRunEvents } from '@/protocol/shannon/shannon-events';
import type { ShannonBody } from '@/protocol/shannon/shannon-locate';
import { readReply } from '@/protocol/shannon/shannon-replies';
import {
  MessageCompletedSchema,
  MessageDeltaSchema,
  SHANNON_TYPES,
  ShannonEventSchema,
} from '@/protocol/shannon/shannon-schemas';
import { pickUsage } from '@/protocol/shannon/shannon-cost';
import { createDecoderState, type FrameFacts, type ShannonDecoderState } from '@/protocol/shannon/shannon-state';
import { keepTaskSteps, nodeOfAgent, noteOpenAgents } from '@/protocol/shannon/shannon-swarm';
import type { RunEvent } from '@/protocol/run-event';
import { parseTimeMs } from '@/lib/parse-time';

const DELTA = 'thread.message.delta';
const COMPLETED = 'thread.message.completed';
const NOTHING: Interpretation = { kind: 'events', events: [] };

/** Every frame is read by the reader derived from its schema (derive-reader.ts); zod only names a bad field. */
const parseEvent = parseWith(ShannonEventSchema);
const parseDelta = parseWith(MessageDeltaSchema);
const parseCompleted = parseWith(MessageCompletedSchema);

type Envelope = Record<string, unknown>;
type Ctx = Readonly<{ runId: string }>;

/** One interpreter per session: its state spans reconnects and history pages. */
export function createShannonInterpreter(ctx: Ctx): Interpreter {
  const state = createDecoderState(false);
  return ({ body, end, order }) => {
    // Frames come in seq order, except one released after a hole was given up: it is late.
    state.late = order !== undefined && order.seq < state.highestSeq;
    if (order !== undefined && order.seq > state.highestSeq) state.highestSeq = order.seq;
    if (end) return timed({ kind: 'events', events: streamEnded(state) }, state);
    if (isHttpReplyFrame(body)) return timed(readReply(body, state, ctx.runId), state);
    // Anything else is an event as locate unwrapped it (shannon-locate.ts decides the envelope, once).
    return noteTime(keepSteps(readBody(body as ShannonBody, ctx, state), state), state);
  };
}

/** In a swarm only tasks are steps; system agents that became nodes are tracked so they end with the run. */
function keepSteps(result: Interpretation, state: ShannonDecoderState): Interpretation {
  if (result.kind !== 'events') return result;
  const events = keepTaskSteps(result.events, state);
  noteOpenAgents(events, state);
  return events === result.events ? result : { ...result, events };
}

/** The producer time of the latest frame that carried one. */
function noteTime(result: Interpretation, state: ShannonDecoderState): Interpretation {
  if (result.kind === 'events') for (const event of result.events) if (event.atMs !== undefined && event.atMs > (state.lastAtMs ?? -Infinity)) state.lastAtMs = event.atMs;
  return result;
}

/**
 * `done` and the backend's replies carry no time: what they end (the run, its chapters, the
 * failing step) ended at the run's last word. Their rows keep the time they arrived.
 */
function timed(result: Interpretation, state: ShannonDecoderState): Interpretation {
  if (result.kind !== 'events' || state.lastAtMs === undefined) return result;
  for (const event of result.events) if (event.type !== 'log') event.atMs ??= state.lastAtMs;
  return result;
}

function readBody(arrived: ShannonBody, ctx: Ctx, state: ShannonDecoderState): Interpretation {
  const data = arrived.data;
  if (typeof data === 'string' && arrived.name === 'error') {
    noteError(data, undefined, state);
    return { kind: 'events', events: [{ type: 'log', level: 'error', source: 'error_occurred', message: data }] };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return rejected('not a shannon event: expected a JSON object', arrived.name);
  }
  const body = data as Envelope;
  const type = normaliseType(typeOf(body) ?? arrived.name ?? inferType(body));
  if (type === undefined) return rejected('not a shannon event: no "type" field and no SSE event name');
  const result = readTyped(type, body, arrived, ctx, state);
  if (result.kind === 'events') noteWord(type, state);
  return result;
}

function readTyped(type: string, body: Envelope, arrived: ShannonBody, ctx: Ctx, state: ShannonDecoderState): Interpretation {
  if (type === DELTA) return readDelta(body, ctx, state);
  // History stores a thread.message.completed under its canonical type LLM_OUTPUT, body as is.
  if (type === COMPLETED || (type === 'LLM_OUTPUT' && isCompletedBody(body))) return readCompleted(body, ctx, state);
  if (!SHANNON_TYPES.has(type)) {
    const envelope = { workflow_id: str(body.workflow_id), timestamp: str(body.timestamp) };
    return { kind: 'events', events: stamp([unknownFrame(type, str(body.message))], envelope) };
  }
  if (CONTROL.has(type) && !firstReading(arrived, body, state)) return NOTHING;
  if (type === 'ERROR_OCCURRED' && isGatewaySaying(body, arrived) && !firstSaying(body, state)) return NOTHING;
  // The wire calls the event object `payload`, the document `data`: prefer payload. The
  // renamed control frames carry theirs (checkpoint, was_paused) beside the envelope.
  const payload = body.payload ?? body.data ?? (CONTROL.has(type) ? { checkpoint: body.checkpoint, was_paused: body.was_paused } : {});
  const parsed = parseEvent({ ...body, type, payload });
  if (!parsed.success) return rejected(reasonOf(parsed.error), type);
  const events = [...stamp(toRunEvents(parsed.data, factsOf(parsed.data, ctx, state), state), parsed.data), ...workflowUnknown(type, body, arrived)];
  const memo = unanswerableMemo(events);
  return memo ? { kind: 'events', events, memo } : { kind: 'events', events };
}

/** The control frames, whose live form carries no seq; their history rows carry the canonical names. */
const CONTROL_NAMES: ReadonlyMap<string, string> = new Map([
  ['WORKFLOW_PAUSING', 'workflow.pausing'],
  ['WORKFLOW_PAUSED', 'workflow.paused'],
  ['WORKFLOW_RESUMED', 'workflow.resumed'],
  ['WORKFLOW_CANCELLING', 'workflow.cancelling'],
  ['WORKFLOW_CANCELLED', 'workflow.cancelled'],
]);
const CONTROL: ReadonlySet<string> = new Set(CONTROL_NAMES.values());

/**
 * An error the gateway itself writes (no seq, no id: "Workflow not found" when nothing came
 * for 30 s) is said again on every reconnect: shown once per message.
 */
function isGatewaySaying(body: Envelope, arrived: ShannonBody): boolean {
  return body.seq === undefined && !arrived.id && body.stream_id === undefined;
}

/**
 * The gateway says exactly "Workflow not found" only when Temporal answered NotFound for the
 * id (upstream go/orchestrator/internal/httpapi/streaming.go); "…or unavailable" means it
 * could not ask, which says nothing about the run.
 */
function workflowUnknown(type: string, body: Envelope, arrived: ShannonBody): RunEvent[] {
  if (type !== 'ERROR_OCCURRED' || !isGatewaySaying(body, arrived) || str(body.message) !== 'Workflow not found') return [];
  return [{ type: 'run.unknown', reason: 'Shannon’s stream says “Workflow not found”' }];
}

function firstSaying(body: Envelope, state: ShannonDecoderState): boolean {
  const message = str(body.message) ?? '';
  if (state.gatewaySaid.has(message)) return false;
  state.gatewaySaid.add(message);
  return true;
}

/** A control frame is read once, live or as its history row: both name the same stream id. */
function firstReading(arrived: ShannonBody, body: Envelope, state: ShannonDecoderState): boolean {
  const key = arrived.id || str(body.stream_id) || (typeof body.seq === 'number' && body.seq > 0 ? String(body.seq) : undefined);
  if (key === undefined) return true;
  if (state.controlSeen.has(key)) return false;
  state.controlSeen.add(key);
  return true;
}

/** Remembers gates opened without an approval_id, so answerGate can refuse them by id. */
export const UNANSWERABLE_MEMO_PREFIX = 'shannon.unanswerable:';

function unanswerableMemo(events: readonly RunEvent[]): Record<string, string> | undefined {
  const gate = events.find((e) => e.type === 'gate.opened' && e.answerable === false);
  if (gate?.type !== 'gate.opened') return undefined;
  return { [`${UNANSWERABLE_MEMO_PREFIX}${gate.gateId}`]: gate.unanswerableReason ?? 'no approval id' };
}

/** `event: error` is Shannon's ERROR_OCCURRED under another name; history names control frames canonically. */
function normaliseType(type: string | undefined): string | undefined {
  if (type === 'error') return 'ERROR_OCCURRED';
  return type === undefined ? undefined : (CONTROL_NAMES.get(type) ?? type);
}

/** A thread.message.completed body (response and metadata on the envelope, no payload). */
function isCompletedBody(body: Envelope): boolean {
  return 'response' in body && body.payload === undefined && body.data === undefined;
}

/** A renamed frame body seen without its SSE event name (recordings, fixtures). */
function inferType(body: Envelope): string | undefined {
  if (typeof body.delta === 'string') return DELTA;
  if ('response' in body) return COMPLETED;
  return undefined;
}

function readDelta(body: Envelope, ctx: Ctx, state: ShannonDecoderState): Interpretation {
  const parsed = parseDelta(body);
  if (!parsed.success) return rejected(reasonOf(parsed.error), DELTA);
  const events: RunEvent[] =
    // The server writes every key of a renamed frame: agent_id may be "".
    parsed.data.delta === '' ? [] : [streamedText(nodeOfAgent(parsed.data.agent_id || undefined, state), parsed.data.delta, state)];
  return { kind: 'events', events: stamp(events, { ...parsed.data, workflow_id: parsed.data.workflow_id ?? ctx.runId }) };
}

function readCompleted(body: Envelope, ctx: Ctx, state: ShannonDecoderState): Interpretation {
  const parsed = parseCompleted(body);
  if (!parsed.success) return rejected(reasonOf(parsed.error), COMPLETED);
  const wire = parsed.data;
  const events = llmOutputEvents(wire.response, pickUsage(wire.metadata, wire.usage), factsOf(wire, ctx, state), state, wire.metadata?.duration_ms);
  return { kind: 'events', events: stamp(events, wire) };
}

type EnvelopeFacts = { workflow_id?: string | undefined; seq?: number | undefined; agent_id?: string | undefined; message?: string | undefined; timestamp?: string | undefined };

function factsOf(wire: EnvelopeFacts, ctx: Ctx, state: ShannonDecoderState): FrameFacts {
  return {
    workflowId: wire.workflow_id || ctx.runId,
    seq: wire.seq,
    agentId: nodeOfAgent(wire.agent_id || undefined, state),
    agentName: wire.agent_id || undefined,
    message: wire.message || undefined,
    atMs: parseTimeMs(wire.timestamp),
  };
}

/** Producer time and run id on every event of the frame. */
function stamp(events: RunEvent[], wire: EnvelopeFacts): RunEvent[] {
  const atMs = parseTimeMs(wire.timestamp);
  for (const event of events) {
    if (wire.timestamp !== undefined) event.at = wire.timestamp;
    if (atMs !== undefined) event.atMs = atMs;
    if (wire.workflow_id) event.runId = wire.workflow_id;
  }
  return events;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
