/**
 * Shannon SSE frames → canonical RunEvents.
 *
 * Input: SSE frames `{id?, event?, data}`; the wire type is `data.type ?? event`. Also the
 * renamed frames (`thread.message.delta` = LLM_PARTIAL, `thread.message.completed` =
 * LLM_OUTPUT, `event: error` = ERROR_OCCURRED, never a transport error), the end marker
 * (`event: done` / `data: [DONE]`, text) and HTTP replies, of which the history page
 * (`GET /api/v1/tasks/{id}/events`) is decoded event by event.
 *
 * Order: `{scope: 'wf:<workflow_id>', seq}` whenever seq is a number (seq is gap-free from 1
 * per workflow); cursor: the SSE `id:` (a Redis stream id such as `1700000000000-0`) or the
 * seq. History events carry no order; each is keyed like its live twin (orderKey), so ingest
 * drops the copies it already has.
 *
 * End of stream: STREAM_END and done produce no events (memo `streamEnded`); the run's
 * outcome comes from WORKFLOW_COMPLETED / WORKFLOW_FAILED / workflow.cancelled.
 */
import { isHttpReplyFrame, orderKey, type DecodeContext, type DecodeResult, type HttpReplyFrame } from '@/protocol/dialect';
import { asSseFrame, reasonOf, rejected, typeOf, unknownFrame } from '@/protocol/decode-util';
import { UNATTRIBUTED_NODE, llmOutputEvents, toRunEvents } from '@/protocol/shannon/shannon-events';
import {
  HistoryReplySchema,
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
const STREAM_ENDED: DecodeResult = { kind: 'events', events: [], memo: { streamEnded: true } };

type Envelope = Record<string, unknown>;

export function createShannonDecoder(ctx: DecodeContext): (frame: unknown) => DecodeResult {
  const state = createDecoderState(ctx.epoch > 0);
  return (frame) => {
    if (isHttpReplyFrame(frame)) return decodeReply(frame, ctx, state);
    const sse = asSseFrame(frame);
    return decodeBody(sse ? sse.data : frame, sse?.event, sse?.id, ctx, state);
  };
}

function decodeBody(data: unknown, event: string | undefined, id: string | undefined, ctx: DecodeContext, state: ShannonDecoderState): DecodeResult {
  if (event === 'done' || (typeof data === 'string' && data.trim() === '[DONE]')) return STREAM_ENDED;
  if (typeof data === 'string' && event === 'error') {
    return { kind: 'events', events: [{ type: 'log', level: 'error', source: 'error_occurred', message: data }] };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return rejected('not a shannon event: expected a JSON object', event);
  }
  const body = data as Envelope;
  const type = normaliseType(typeOf(body) ?? event ?? inferType(body));
  if (type === undefined) return rejected('not a shannon event: no "type" field and no SSE event name');
  const position = positionOf(body, id, ctx);
  if (type === DELTA) return decodeDelta(body, position, ctx);
  // History stores a thread.message.completed under its canonical type LLM_OUTPUT, body as is.
  if (type === COMPLETED || (type === 'LLM_OUTPUT' && isCompletedBody(body))) return decodeCompleted(body, position, ctx, state);
  if (!SHANNON_TYPES.has(type)) {
    const envelope = { workflow_id: str(body.workflow_id), timestamp: str(body.timestamp) };
    return { kind: 'events', events: stamp([unknownFrame(type, str(body.message))], envelope), ...position };
  }
  // The wire calls the event object `payload`, the document `data`: prefer payload.
  const parsed = ShannonEventSchema.safeParse({ ...body, type, payload: body.payload ?? body.data ?? {} });
  if (!parsed.success) return rejected(reasonOf(parsed.error), type);
  const events = stamp(toRunEvents(parsed.data, factsOf(parsed.data, ctx), state), parsed.data);
  const memo = unanswerableMemo(events);
  return { kind: 'events', events, ...position, ...(memo ? { memo } : {}) };
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

function positionOf(body: Envelope, id: string | undefined, ctx: DecodeContext): Pick<Extract<DecodeResult, { kind: 'events' }>, 'order' | 'cursor'> {
  const seq = typeof body.seq === 'number' && Number.isInteger(body.seq) && body.seq >= 0 ? body.seq : undefined;
  const cursor = id ?? (seq !== undefined ? String(seq) : undefined);
  return {
    ...(seq !== undefined ? { order: { scope: scopeOf(str(body.workflow_id), ctx), seq } } : {}),
    ...(cursor !== undefined ? { cursor } : {}),
  };
}

function scopeOf(workflowId: string | undefined, ctx: DecodeContext): string {
  return `wf:${workflowId || ctx.runId}`;
}

function decodeDelta(body: Envelope, position: object, ctx: DecodeContext): DecodeResult {
  const parsed = MessageDeltaSchema.safeParse(body);
  if (!parsed.success) return rejected(reasonOf(parsed.error), DELTA);
  const events: RunEvent[] =
    parsed.data.delta === '' ? [] : [{ type: 'node.output', nodeId: parsed.data.agent_id ?? UNATTRIBUTED_NODE, delta: parsed.data.delta }];
  return { kind: 'events', events: stamp(events, { ...parsed.data, workflow_id: parsed.data.workflow_id ?? ctx.runId }), ...position };
}

function decodeCompleted(body: Envelope, position: object, ctx: DecodeContext, state: ShannonDecoderState): DecodeResult {
  const parsed = MessageCompletedSchema.safeParse(body);
  if (!parsed.success) return rejected(reasonOf(parsed.error), COMPLETED);
  const wire = parsed.data;
  const events = llmOutputEvents(wire.response, pickUsage(wire.metadata, wire.usage), factsOf(wire, ctx), state);
  return { kind: 'events', events: stamp(events, wire), ...position };
}

type EnvelopeFacts = { workflow_id?: string | undefined; seq?: number | undefined; agent_id?: string | undefined; message?: string | undefined; timestamp?: string | undefined };

function factsOf(wire: EnvelopeFacts, ctx: DecodeContext): FrameFacts {
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

function decodeReply(frame: HttpReplyFrame, ctx: DecodeContext, state: ShannonDecoderState): DecodeResult {
  const { method, path, status } = frame.reply;
  const isHistory = isHistoryPath(method, path);
  if (!isHistory) {
    if (status >= 200 && status < 300) return { kind: 'events', events: [] };
    return { kind: 'events', events: [{ type: 'log', level: 'warn', source: 'runboard', message: `${method} ${path} answered HTTP ${status}` }] };
  }
  if (status !== 200) return rejected(`history request failed with HTTP ${status}`, 'history');
  const parsed = HistoryReplySchema.safeParse(frame.body);
  if (!parsed.success) return rejected(reasonOf(parsed.error), 'history');
  return { kind: 'events', events: historyEvents(Array.isArray(parsed.data) ? parsed.data : parsed.data.events, ctx, state) };
}

/**
 * decodeInOrder (shannon-dialect.ts): a history page stands for the live frames it holds;
 * each is placed and decoded on its own, in seq order with the live stream. Its `stream_id`
 * becomes the SSE id, so a resume after a history fill sends the id the server wrote.
 */
export function splitShannonFrame(frame: unknown): unknown[] | undefined {
  if (!isHttpReplyFrame(frame) || frame.reply.status !== 200 || !isHistoryPath(frame.reply.method, frame.reply.path)) return undefined;
  const parsed = HistoryReplySchema.safeParse(frame.body);
  if (!parsed.success) return undefined;
  const envelopes: readonly unknown[] = Array.isArray(parsed.data) ? parsed.data : parsed.data.events;
  return envelopes.map((envelope) => {
    const streamId = typeof envelope === 'object' && envelope !== null ? (envelope as Envelope).stream_id : undefined;
    return typeof streamId === 'string' && streamId !== '' ? { id: streamId, data: envelope } : { data: envelope };
  });
}

function isHistoryPath(method: string, path: string): boolean {
  return method === 'GET' && /\/api\/v1\/tasks\/[^/]+\/events/.test(path);
}

/** Every envelope of a history page, keyed `wf:<id>#<seq>` like the live frame, unordered. */
function historyEvents(envelopes: readonly unknown[], ctx: DecodeContext, state: ShannonDecoderState): RunEvent[] {
  const events: RunEvent[] = [];
  let unreadable = 0;
  for (const envelope of envelopes) {
    const result = decodeBody(envelope, undefined, undefined, ctx, state);
    if (result.kind === 'rejected') {
      unreadable += 1;
      continue;
    }
    const key = result.order ? orderKey(result.order) : undefined;
    for (const event of result.events) events.push(key === undefined ? event : { ...event, key });
  }
  if (unreadable > 0) {
    events.push({ type: 'log', level: 'warn', source: 'runboard', message: `${unreadable} history event(s) could not be read` });
  }
  return events;
}
