/** Helpers every dialect shares: reading SSE frames, naming frames, quarantining bad ones. */
import * as z from 'zod';

import type { Interpretation } from '@/protocol/dialect';
import type { GateOption, NodeStatus, RunEvent } from '@/protocol/run-event';
import { errorMessage } from '@/lib/error-message';

/**
 * Whether a frame is an SSE transport frame `{id?, event?, data}` rather than a bare event
 * object (recordings, fixtures, tests): it carries `data` and no string `type` (every bare
 * event of the SSE dialects has one). The one test every SSE dialect's locate makes, once.
 */
export function isSseEnvelope(frame: Record<string, unknown>): boolean {
  return 'data' in frame && typeof frame.type !== 'string';
}

/** An SSE frame's `id:` as text (a recording may hold it as a number); undefined when it has none. */
export function sseIdOf(frame: Record<string, unknown>): string | undefined {
  const id = frame.id;
  if (typeof id === 'string') return id === '' ? undefined : id;
  return typeof id === 'number' && Number.isFinite(id) ? String(id) : undefined;
}

/** A readable, bounded reason from a zod error (paths included). */
export function reasonOf(error: z.ZodError): string {
  const text = z.prettifyError(error);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/**
 * JSON text of a wire value that never throws: a hostile value nested too deeply for
 * JSON.stringify (RangeError) becomes a note. Decoders never throw: a bad frame is an issue
 * and the stream goes on. Guarded by tests/integration/fuzz-decoders.test.ts.
 */
export function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch (error) {
    return `[unserialisable: ${errorMessage(error)}]`;
  }
}

export function rejected(reason: string, frameType?: string): Interpretation {
  return frameType === undefined ? { kind: 'rejected', reason } : { kind: 'rejected', reason, frameType };
}

/** Keeps an unknown frame type as a raw event: a newer server, never an error. */
export function unknownFrame(frameType: string, summary?: string): RunEvent {
  return summary === undefined ? { type: 'raw', frameType, unknown: true } : { type: 'raw', frameType, unknown: true, summary };
}

/**
 * A string field of a frame or of the event inside it (`{data}` for SSE, `{event, data}` for
 * Socket.IO): how a dialect names the run a recorded frame belongs to (Dialect.runIdOf).
 */
export function stringField(frame: unknown, key: string): string | undefined {
  if (typeof frame !== 'object' || frame === null) return undefined;
  const record = frame as Record<string, unknown>;
  const own = record[key];
  if (typeof own === 'string' && own !== '') return own;
  const inner = record.data;
  return inner !== frame && typeof inner === 'object' && inner !== null ? stringField(inner, key) : undefined;
}

export function typeOf(value: unknown, key = 'type'): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const type = (value as Record<string, unknown>)[key];
  return typeof type === 'string' ? type : undefined;
}

export const APPROVE_OPTION: GateOption = { value: 'approved', label: 'Approve', tone: 'approve' };
export const REJECT_OPTION: GateOption = { value: 'rejected', label: 'Reject', tone: 'reject' };

/** Reads free-form status words from graph sources (task lists, DAG snapshots) into NodeStatus. */
export function toNodeStatus(word: string): NodeStatus | undefined {
  switch (word.toLowerCase()) {
    case 'pending':
    case 'queued':
    case 'waiting_dependencies':
    case 'not_started':
    case 'todo':
      return 'pending';
    case 'running':
    case 'in_progress':
    case 'executing':
    case 'started':
    case 'processing':
      return 'running';
    case 'completed':
    case 'complete':
    case 'succeeded':
    case 'success':
    case 'done':
      return 'succeeded';
    case 'failed':
    case 'error':
      return 'failed';
    case 'skipped':
    case 'not_run':
      return 'not_run';
    case 'retrying':
      return 'retrying';
    case 'waiting':
    case 'waiting_approval':
    case 'paused':
      return 'waiting';
    case 'cancelled':
    case 'canceled':
      return 'cancelled';
    default:
      return undefined;
  }
}
