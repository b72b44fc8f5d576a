/**
 * Where a MARS frame goes (stateless; Dialect.locate). MARS has no sequence number: frames
 * apply in arrival order, and each gets an `identity`, a content hash of its type, time and
 * data, so an exact repeat (the real server sometimes sends dag_node_status_changed twice)
 * is dropped; near-repeats still pass, which is safe because node.status is idempotent
 * downstream. Keep-alives (`heartbeat`, `pong`) are not interpreted. The DAG snapshot reply
 * (`GET /api/runs/{id}/dag`) is an answer of kind 'snapshot'.
 */
import { isHttpReplyFrame, placed, unplaceable, type Location } from '@/protocol/dialect';
import { safeJson } from '@/protocol/decode-util';

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

const KEEP_ALIVE = new Set(['heartbeat', 'pong']);

export function locateMarsFrame(frame: unknown): Location {
  if (isHttpReplyFrame(frame)) return placed({ body: frame }, 'snapshot');
  if (!isObject(frame)) return unplaceable('not a MARS frame: expected a JSON object with a string "event_type" (or a legacy "type")');
  const type = typeof frame.event_type === 'string' ? frame.event_type : typeof frame.type === 'string' ? frame.type : undefined;
  if (type === undefined) return unplaceable('not a MARS frame: expected a JSON object with a string "event_type" (or a legacy "type")');
  return placed({ body: frame, identity: frameIdentity(frame, type), ...(KEEP_ALIVE.has(type) ? { heartbeat: true } : {}) });
}

/**
 * A cheap content hash: two FNV-1a variants over the frame's text (≈64 bits, so a few
 * thousand frames in the sequencer's memory do not collide), prefixed with the type.
 */
export function frameIdentity(frame: Loose, frameType: string): string {
  // safeJson, never String(): a hostile timestamp may be an array nested past the stack's depth.
  const text = 'event_type' in frame ? `${safeJson(frame.timestamp ?? null)}|${safeJson(frame.data ?? null)}` : safeJson(frame);
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
