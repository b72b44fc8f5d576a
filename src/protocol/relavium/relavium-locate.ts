/**
 * Where a relavium frame goes (stateless; Dialect.locate). Ordering key: `sequenceNumber`,
 * gap-free from 0 per run; agent sessions (`sessionId` without `runId`) count on their own,
 * hence the scope. Cursor: the SSE `id:` (the sequenceNumber as text). The `GET /runs/{id}`
 * snapshot reply restores state up to its `lastSequenceNumber` (advance). Content is not
 * validated here: the interpreter does that once.
 */
import { isSseEnvelope } from '@/protocol/decode-util';
import { isWireObject, type Loose } from '@/protocol/wire-checks';
import { isHttpReplyFrame, placed, unplaceable, type HttpReplyFrame, type Location, type Placement } from '@/protocol/dialect';


export const RUN_SCOPE = 'run';

export function locateRelaviumFrame(frame: unknown): Location {
  if (isHttpReplyFrame(frame)) return locateReply(frame);
  if (!isWireObject(frame)) return unplaceable('not a relavium event: expected a JSON object with a string "type"');
  // An SSE frame {id?, event?, data}, or a bare event (hand-made recordings, fixtures): the interpreter gets the event.
  const body = isSseEnvelope(frame) ? frame.data : frame;
  if (!isWireObject(body) || typeof body.type !== 'string') return unplaceable('not a relavium event: expected a JSON object with a string "type"');
  const seq = body.sequenceNumber;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return placed({ body });
  const id = body === frame ? undefined : frame.id;
  const located: Placement = { body, order: { scope: scopeOf(body), seq }, cursor: typeof id === 'string' ? id : String(seq) };
  return placed(located);
}

function scopeOf(body: Loose): string {
  return typeof body.sessionId === 'string' && body.runId == null ? `session:${body.sessionId}` : RUN_SCOPE;
}

/** The snapshot reply is read by the interpreter as it is; a good one moves the order past its last event. */
function locateReply(reply: HttpReplyFrame): Location {
  const last = isWireObject(reply.body) ? reply.body.lastSequenceNumber : undefined;
  if (reply.reply.status !== 200 || typeof last !== 'number' || !Number.isSafeInteger(last) || last < 0) return placed({ body: reply }, 'snapshot');
  return placed({ body: reply, advance: { scope: RUN_SCOPE, seq: last }, cursor: String(last) }, 'snapshot');
}
