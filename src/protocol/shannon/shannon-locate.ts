/**
 * Where a Shannon frame goes (stateless; Dialect.locate).
 *
 * Order: `{scope: 'wf:<workflow_id>', seq}` whenever the envelope has a seq above 0 (the
 * server numbers every event of a workflow from 1, token deltas included; 0 means "none"),
 * and the cursor is then the SSE `id:` (a Redis stream id such as `1700000000000-0`, or the
 * seq). Frames the server numbers without saying so — `done` (STREAM_END) and the renamed
 * control frames `workflow.pausing|paused|resumed|cancelling|cancelled`, whose data has no
 * seq — are placed by identity, their stream id, so a resumed stream repeats none of them;
 * they move no cursor. `event: done` / `data: [DONE]` ends the stream: the run is over and
 * nothing reconnects after it.
 *
 * A history page (`GET /api/v1/tasks/{id}/events`) stands for the persisted rows it holds:
 * each is placed like its live frame — at its seq (rows come ordered by timestamp, not seq),
 * with its stream id as the SSE id; a row with seq 0 (none stored) by identity — so history
 * fills holes in seq order with the stream.
 */
import { isSseEnvelope, sseIdOf } from '@/protocol/decode-util';
import { isHttpReplyFrame, placed, unplaceable, type HttpReplyFrame, type Location, type LocateContext, type Placement } from '@/protocol/dialect';
import { isHistoryReply } from '@/protocol/shannon/shannon-replies';
import { isWireObject, type Loose } from '@/protocol/wire-checks';

/**
 * What locate hands the interpreter for an event (the envelope decided here, once): the event
 * object — or, for `event: error` and `[DONE]`, the text — with the SSE event name it came
 * under and its SSE id. A history row has no event name; its id is its stream id.
 */
export type ShannonBody = Readonly<{ data: unknown; name?: string; id?: string }>;

export function locateShannonFrame(frame: unknown, ctx: LocateContext): Location {
  if (isHttpReplyFrame(frame)) return isHistoryReply(frame) ? splitHistory(frame, ctx) : placed({ body: frame });
  if (!isWireObject(frame)) return unplaceable('not a shannon frame: expected an SSE frame {id?, event?, data} or an event object');
  return placed(placeEvent(unwrap(frame), ctx));
}

/** An SSE frame `{id?, event?, data}`, or a bare event (recordings, fixtures). */
function unwrap(frame: Loose): ShannonBody {
  if (!isSseEnvelope(frame)) return { data: frame };
  const id = sseIdOf(frame);
  const name = typeof frame.event === 'string' ? frame.event : undefined;
  return { data: frame.data, ...(name === undefined ? {} : { name }), ...(id === undefined ? {} : { id }) };
}

function placeEvent(body: ShannonBody, ctx: LocateContext): Placement {
  const { data, name, id } = body;
  const identity = id === undefined ? {} : { identity: `sid:${id}` };
  if (name === 'done' || (typeof data === 'string' && data.trim() === '[DONE]')) return { body, end: true, ...identity };
  if (!isWireObject(data)) return { body };
  const seq = typeof data.seq === 'number' && Number.isSafeInteger(data.seq) && data.seq > 0 ? data.seq : undefined;
  if (seq === undefined) return { body, ...identity };
  const workflow = typeof data.workflow_id === 'string' && data.workflow_id !== '' ? data.workflow_id : ctx.runId;
  return { body, order: { scope: `wf:${workflow}`, seq }, cursor: id ?? String(seq) };
}

function splitHistory(frame: HttpReplyFrame, ctx: LocateContext): Location {
  const body = frame.body;
  const rows = Array.isArray(body) ? body : isWireObject(body) && Array.isArray(body.events) ? body.events : undefined;
  if (frame.reply.status !== 200 || !rows) return placed({ body: frame }, 'history');
  return { kind: 'placed', placements: rows.map((row) => placeRow(row, ctx)), answer: 'history' };
}

/** One history row, as its live frame: its stream id as the SSE id; without seq or stream id, identified by what it says. */
function placeRow(row: unknown, ctx: LocateContext): Placement {
  if (!isWireObject(row)) return placeEvent({ data: row }, ctx);
  const streamId = typeof row.stream_id === 'string' && row.stream_id !== '' ? row.stream_id : undefined;
  const placedRow = placeEvent(streamId === undefined ? { data: row } : { data: row, id: streamId }, ctx);
  if (placedRow.order || placedRow.identity !== undefined) return placedRow;
  return { ...placedRow, identity: `row:${String(row.type)}|${String(row.timestamp)}|${String(row.agent_id ?? '')}|${String(row.message ?? '')}` };
}
