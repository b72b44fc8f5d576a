/**
 * Where a MARS frame goes (stateless; Dialect.locate). MARS has no sequence number: frames
 * apply in arrival order, and each socket frame gets an `identity`, a content hash of its
 * type, time and data, so an exact repeat is dropped; near-repeats (the server re-sets
 * finished nodes at the end) still pass, which is safe because statuses only move forward.
 * DAG frames need no identity — the interpreter applies a DAG only where it moved — and
 * they are the big ones (the whole DAG after every status change), so they are not hashed.
 * Keep-alives (`heartbeat` every second while a run executes, `pong`) are not interpreted.
 * The REST answers of a watching session pass as they are: each poll repeats what the
 * previous one said, and the interpreter applies only what is new (mars-rest.ts).
 */
import { isHttpReplyFrame, placed, unplaceable, type Location } from '@/protocol/dialect';
import { safeJson } from '@/protocol/decode-util';
import { isWireObject, type Loose } from '@/protocol/wire-checks';

const KEEP_ALIVE = new Set(['heartbeat', 'pong']);
/** Frames whose repeat changes nothing (mars-dag.ts): placed without a content hash. */
const IDEMPOTENT = new Set(['dag_created', 'dag_updated', 'dag_node_status_changed', 'heartbeat', 'pong']);
const NOT_MARS = 'not a MARS frame: expected a JSON object with a string "event_type" (or a legacy "type")';

export function locateMarsFrame(frame: unknown): Location {
  if (isHttpReplyFrame(frame)) return placed({ body: frame });
  if (!isWireObject(frame)) return unplaceable(NOT_MARS);
  const type = typeof frame.event_type === 'string' ? frame.event_type : typeof frame.type === 'string' ? frame.type : undefined;
  if (type === undefined) return unplaceable(NOT_MARS);
  if (IDEMPOTENT.has(type)) return placed({ body: frame, ...(KEEP_ALIVE.has(type) ? { heartbeat: true } : {}) });
  return placed({ body: frame, identity: frameIdentity(frame, type) });
}

/**
 * The bulk of a stream (console lines, agent messages: one text each) is told apart by its
 * time, who spoke and what, without serialising the whole frame.
 */
function bulkText(frame: Loose): string | undefined {
  const data = frame.data;
  if (!isWireObject(data) || typeof data.message !== 'string' || typeof frame.timestamp !== 'string') return undefined;
  if (frame.event_type !== 'output' && frame.event_type !== 'agent_message') return undefined;
  // Only strings: String() of a hostile nested value could recurse without bound.
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return `${frame.timestamp}|${text(data.agent) || text(data.source)}|${text(data.role)}|${data.message}`;
}

/**
 * A cheap content hash: two FNV-1a variants over the frame's text (≈64 bits, so a few
 * thousand frames in the sequencer's memory do not collide), prefixed with the type.
 */
export function frameIdentity(frame: Loose, frameType: string): string {
  // safeJson, never String(): a hostile timestamp may be an array nested past the stack's depth.
  const text = 'event_type' in frame ? (bulkText(frame) ?? `${safeJson(frame.timestamp ?? null)}|${safeJson(frame.data ?? null)}`) : safeJson(frame);
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
