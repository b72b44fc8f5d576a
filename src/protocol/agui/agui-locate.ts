/**
 * Where an AG-UI frame goes (stateless; Dialect.locate). AG-UI has no ordering key and no
 * event id: frames apply in arrival order, with no identity (token deltas legitimately
 * repeat, and dedupe by content would drop them). The body is the event object inside the
 * SSE frame `{data}`; a bare event object (replays, tests) is accepted too.
 */
import { isSseEnvelope } from '@/protocol/decode-util';
import { isHttpReplyFrame, placed, unplaceable, type Location } from '@/protocol/dialect';

export function locateAguiFrame(frame: unknown): Location {
  if (isHttpReplyFrame(frame)) return placed({ body: frame });
  const body = bodyOf(frame);
  return body === undefined ? unplaceable('not an AG-UI event: expected a JSON object with a string "type"') : placed({ body });
}

/** The event object inside an SSE frame `{data}`, or a bare event; cheap (no zod). */
function bodyOf(frame: unknown): Record<string, unknown> | undefined {
  if (typeof frame !== 'object' || frame === null) return undefined;
  let body = frame as Record<string, unknown>;
  if (isSseEnvelope(body)) body = body.data as Record<string, unknown>;
  return typeof body === 'object' && body !== null && typeof body.type === 'string' ? body : undefined;
}
