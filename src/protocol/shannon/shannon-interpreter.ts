/**
 * Shannon frames → canonical RunEvents (the interpreter; shannon-locate.ts places them and
 * splits history pages into the live frames they stand for).
 *
 * Input: SSE frames `{id?, event?, data}`; the wire type is `data.type ?? event`. Also the
 * renamed frames (`thread.message.delta` = LLM_PARTIAL, `thread.message.completed` =
 * LLM_OUTPUT, `event: error` = ERROR_OCCURRED, never a transport error), the end marker
 * (`event: done` / `data: [DONE]`, text) and HTTP replies to commands.
 *
 * State (shannon-state.ts): agents already priced, nodes and edges declared, open chapters
 * and gates — one interpreter reads the whole session in seq order.
 */
import { isHttpReplyFrame, type HttpReplyFrame, type Interpretation, type Interpreter } from '@/protocol/dialect';
import { asSseFrame, reasonOf, rejected, typeOf, unknownFrame } from '@/protocol/decode-util';
import { UNATTRIBUTED_NODE, llmOutputEvents, toRunEvents } from '@/protocol/shannon/shannon-events';
import { isHistoryReply } from '@/protocol/shannon/shannon-locate';
import {
  MessageCompletedSchema,
  MessageDeltaSchema,
  SHANNON_TYPES,
  ShannonEventSchema,
} from '@/protocol/shannon/shannon-schemas';
import { pickUsage } from '@/protocol/shannon/shannon-cost';
import { createDecoderState, type FrameFacts, type ShannonDecoderState } from '@/protocol/shannon/shannon-state';
import type { RunEvent } from '@/protocol/run-event';
import { parseTimeMs } from '@/lib/parse-time';

const DELTA = 'thread.message.delta';
const COMPLETED = 'thread.message.completed';
const NOTHING: Interpretation = { kind: 'events', events: [] };

type Envelope = Record<string, unknown>;
type Ctx = Readonly<{ runId: string }>;

/** One interpreter per session: its state spans reconnects and history pages. */
export function createShannonInterpreter(ctx: Ctx): Interpreter {
  const state = createDecoderState(false);
  return ({ body, end }) => {
    if (end) return NOTHING;
    if (isHttpReplyFrame(body)) return readReply(body);
    const sse = asSseFrame(body);
    return readBody(sse ? sse.data : body, sse?.event, ctx, state);
  };
}

function readBody(data: unknown, event: string | undefined, ctx: Ctx, state: ShannonDecoderState): Interpretation {
  if (typeof data === 'string' && event === 'error') {
    return { kind: 'events', events: [{ type: 'log', level: 'error', source: 'error_occurred', message: data }] };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return rejected('not a shannon event: expected a JSON object', event);
  }
  const body = data as Envelope;
  const type = normaliseType(typeOf(body) ?? event ?? inferType(body));
  if (type === undefined) return rejected('not a shannon event: no "type" field and no SSE event name');
  if (type === DELTA) return readDelta(body, ctx);
  // History stores a thread.message.completed under its canonical type LLM_OUTPUT, body as is.
  if (type === COMPLETED || (type === 'LLM_OUTPUT' && isCompletedBody(body))) return readCompleted(body, ctx, state);
  if (!SHANNON_TYPES.has(type)) {
    const envelope = { workflow_id: str(body.workflow_id), timestamp: str(body.timestamp) };
    return { kind: 'events', events: stamp([unknownFrame(type, str(body.message))], envelope) };
  }
  // The wire calls the event object `payload`, the document `data`: prefer payload.
  const parsed = ShannonEventSchema.safeParse({ ...body, type, payload: body.payload ?? body.data ?? {} });
  if (!parsed.success) return rejected(reasonOf(parsed.error), type);
  const events = stamp(toRunEvents(parsed.data, factsOf(parsed.data, ctx), state), parsed.data);
  const memo = unanswerableMemo(events);
  return memo ? { kind: 'events', events, memo } : { kind: 'events', events };
}

/** Remembers gates opened without an approval_id, so answerGate can refuse them by id. */
export const UNANSWERABLE_MEMO_PREFIX = 'shannon.unanswerable:';

function unanswerableMemo(events: readonly RunEvent[]): Record<string, string> | undefined {
  const gate = events.find((e) => e.type === 'gate.opened' && e.answerable === false);
  if (gate?.type !== 'gate.opened') return undefined;
  return { [`${UNANSWERABLE_MEMO_PREFIX}${gate.gateId}`]: gate.unanswerableReason ?? 'no approval id' };
}

/** `event: error` is Shannon's ERROR_OCCURRED under another name. */
function normaliseType(type: string | undefined): string | undefined {
  return type === 'error' ? 'ERROR_OCCURRED' : type;
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

function readDelta(body: Envelope, ctx: Ctx): Interpretation {
  const parsed = MessageDeltaSchema.safeParse(body);
  if (!parsed.success) return rejected(reasonOf(parsed.error), DELTA);
  const events: RunEvent[] =
    parsed.data.delta === '' ? [] : [{ type: 'node.output', nodeId: parsed.data.agent_id ?? UNATTRIBUTED_NODE, delta: parsed.data.delta }];
  return { kind: 'events', events: stamp(events, { ...parsed.data, workflow_id: parsed.data.workflow_id ?? ctx.runId }) };
}

function readCompleted(body: Envelope, ctx: Ctx, state: ShannonDecoderState): Interpretation {
  const parsed = MessageCompletedSchema.safeParse(body);
  if (!parsed.success) return rejected(reasonOf(parsed.error), COMPLETED);
  const wire = parsed.data;
  const events = llmOutputEvents(wire.response, pickUsage(wire.metadata, wire.usage), factsOf(wire, ctx), state);
  return { kind: 'events', events: stamp(events, wire) };
}

type EnvelopeFacts = { workflow_id?: string | undefined; seq?: number | undefined; agent_id?: string | undefined; message?: string | undefined; timestamp?: string | undefined };

function factsOf(wire: EnvelopeFacts, ctx: Ctx): FrameFacts {
  return {
    workflowId: wire.workflow_id || ctx.runId,
    seq: wire.seq,
    agentId: wire.agent_id || undefined,
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

// ---- HTTP replies ------------------------------------------------------------------

/** A reply to a command (a decision, a control): a row only when it failed. History pages are split by locate. */
function readReply(frame: HttpReplyFrame): Interpretation {
  const { method, path, status } = frame.reply;
  if (isHistoryReply(frame)) return rejected(status === 200 ? 'history page: expected {events: [...]} or an array' : `history request failed with HTTP ${status}`, 'history');
  if (status >= 200 && status < 300) return NOTHING;
  return { kind: 'events', events: [{ type: 'log', level: 'warn', source: 'runboard', message: `${method} ${path} answered HTTP ${status}` }] };
}
