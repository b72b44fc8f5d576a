/**
 * Where a Shannon frame goes (stateless; Dialect.locate).
 *
 * Order: `{scope: 'wf:<workflow_id>', seq}` whenever the envelope has an integer seq (the
 * server numbers a workflow's events from 1); cursor: the SSE `id:` (a Redis stream id such
 * as `1700000000000-0`) or the seq. `event: done` / `data: [DONE]` ends the stream: the run
 * is over, nothing reconnects after it. A history page (`GET /api/v1/tasks/{id}/events`)
 * stands for the persisted events it holds: each is placed like its live frame (its
 * `stream_id` as the SSE id), so history fills holes in seq order with the stream.
 */
import { isHttpReplyFrame, placed, unplaceable, type HttpReplyFrame, type Location, type LocateContext, type PlacedFrame } from '@/protocol/dialect';

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

const HISTORY_PATH = /\/api\/v1\/tasks\/[^/]+\/events/;

export function isHistoryReply(frame: HttpReplyFrame): boolean {
  return frame.reply.method === 'GET' && HISTORY_PATH.test(frame.reply.path);
}

export function locateShannonFrame(frame: unknown, ctx: LocateContext): Location {
  if (isHttpReplyFrame(frame)) return isHistoryReply(frame) ? splitHistory(frame, ctx) : placed({ body: frame });
  if (!isObject(frame)) return unplaceable('not a shannon frame: expected an SSE frame {id?, event?, data} or an event object');
  return placed(placeSse(frame, ctx));
}

/** An SSE frame `{id?, event?, data}` (or a bare envelope: recordings, fixtures). */
function placeSse(frame: Loose, ctx: LocateContext): PlacedFrame {
  const sse = 'data' in frame && typeof frame.type !== 'string';
  const data = sse ? frame.data : frame;
  const event = sse && typeof frame.event === 'string' ? frame.event : undefined;
  if (event === 'done' || (typeof data === 'string' && data.trim() === '[DONE]')) return { body: frame, end: true };
  if (!isObject(data)) return { body: frame };
  const seq = typeof data.seq === 'number' && Number.isSafeInteger(data.seq) && data.seq >= 0 ? data.seq : undefined;
  const id = sse && typeof frame.id === 'string' ? frame.id : undefined;
  const cursor = id ?? (seq !== undefined ? String(seq) : undefined);
  const workflow = typeof data.workflow_id === 'string' && data.workflow_id !== '' ? data.workflow_id : ctx.runId;
  return {
    body: frame,
    ...(seq !== undefined ? { order: { scope: `wf:${workflow}`, seq } } : {}),
    ...(cursor !== undefined ? { cursor } : {}),
  };
}

function splitHistory(frame: HttpReplyFrame, ctx: LocateContext): Location {
  const body = frame.body;
  const envelopes = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.events) ? body.events : undefined;
  if (frame.reply.status !== 200 || !envelopes) return placed({ body: frame }, 'history');
  const frames = envelopes.map((envelope) => {
    const streamId = isObject(envelope) && typeof envelope.stream_id === 'string' && envelope.stream_id !== '' ? envelope.stream_id : undefined;
    return placeSse(streamId !== undefined ? { id: streamId, data: envelope } : { data: envelope }, ctx);
  });
  return { kind: 'placed', frames, answer: 'history' };
}
