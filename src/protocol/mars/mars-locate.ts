/**
 * Where a MARS frame goes (stateless; Dialect.locate). MARS has no sequence number: frames
 * apply in arrival order, and each socket frame gets an `identity`, a content hash of its
 * type, time and data, so an exact repeat is dropped; near-repeats (the server re-sets
 * finished nodes at the end) still pass, which is safe because statuses only move forward.
 * Keep-alives (`heartbeat` every second while a run executes, `pong`) are not interpreted.
 * The REST answers of a watching session pass as they are: each poll repeats what the
 * previous one said, and the interpreter applies only what is new (mars-rest.ts).
 */
import { isHttpReplyFrame, placed, unplaceable, type Location } from '@/protocol/dialect';
import { safeJson } from '@/protocol/decode-util';

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

const KEEP_ALIVE = new Set(['heartbeat', 'pong']);
const NOT_MARS = 'not a MARS frame: expected a JSON object with a string "event_type" (or a legacy "type")';

export function locateMarsFrame(frame: unknown): Location {
  if (isHttpReplyFrame(frame)) return placed({ body: frame });
  if (!isObject(frame)) return unplaceable(NOT_MARS);
  const type = typeof frame.event_type === 'string' ? frame.event_type : typeof frame.type === 'string' ? frame.type : undefined;
  if (type === undefined) return unplaceable(NOT_MARS);
  return placed({ body: frame, identity: frameIdentity(frame, type), ...(KEEP_ALIVE.has(type) ? { heartbeat: true } : {}) });
}

/**
 * A cheap content hash: two FNV-1a variants over the frame's text (≈64 bits, so a few
 * thousand frames in the sequencer's memory do not collide), prefixed with the type.
 */
export function frameIdentity(frame: Loose, frameType: string): string {
  const text = 'event_type' in frame ? `${String(frame.timestamp)}|${safeJson(frame.data ?? null)}` : safeJson(frame);
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
