/**
 * What the simulated Shannon server stores and how it shows it, as the real one does
 * (upstream go/orchestrator, read for facts; see tests/fixtures/shannon/SOURCE.txt):
 * - a stored event is the Go `streaming.Event` — `workflow_id, type, agent_id?, message?,
 *   payload?, timestamp, seq, stream_id` in that field order; every published event,
 *   token deltas included, takes the next seq of its workflow (manager.go:393-423);
 * - on SSE (`mapEvent`, streaming.go:150-243) most events are that JSON under `event: <type>`;
 *   LLM_PARTIAL, LLM_OUTPUT and the control events are renamed and rebuilt as Go maps
 *   (alphabetical keys, every key present, the control ones without seq), ERROR_OCCURRED is
 *   `event: error`, STREAM_END is `event: done` with `data: [DONE]`; the `id:` line is the
 *   stream id (or the seq when there is none);
 * - the history (Postgres) keeps every type but LLM_PARTIAL, LLM_PROMPT and heartbeats
 *   (manager.go:514-549); rows are `{workflow_id, type, agent_id?, message?, timestamp, seq,
 *   stream_id?, payload?}` (handlers/task.go:1043-1064).
 */

export type ShannonWire = Readonly<{
  workflow_id: string;
  type: string;
  agent_id?: string;
  message?: string;
  payload?: Readonly<Record<string, unknown>>;
  timestamp: string;
  seq: number;
  stream_id: string;
}>;

/** One SSE message as the server writes it: `data` is the text after `data:`. */
export type ShannonSse = Readonly<{ id: string; event: string; data: string }>;

const NEVER_PERSISTED: ReadonlySet<string> = new Set(['LLM_PARTIAL', 'LLM_PROMPT', 'HEARTBEAT', 'PING']);

const CONTROL: ReadonlyMap<string, string> = new Map([
  ['WORKFLOW_PAUSING', 'workflow.pausing'],
  ['WORKFLOW_PAUSED', 'workflow.paused'],
  ['WORKFLOW_RESUMED', 'workflow.resumed'],
  ['WORKFLOW_CANCELLING', 'workflow.cancelling'],
  ['WORKFLOW_CANCELLED', 'workflow.cancelled'],
]);

export function isPersisted(type: string): boolean {
  return !NEVER_PERSISTED.has(type);
}

export function isStreamEnd(event: ShannonWire): boolean {
  return event.type === 'STREAM_END';
}

/** The SSE message the gateway writes for a stored event. */
export function toSse(event: ShannonWire): ShannonSse {
  const id = event.stream_id || String(event.seq);
  const [name, data] = mapEvent(event);
  return { id, event: name, data };
}

function mapEvent(event: ShannonWire): [string, string] {
  const common = { agent_id: event.agent_id ?? '', workflow_id: event.workflow_id };
  switch (event.type) {
    case 'LLM_PARTIAL':
      return ['thread.message.delta', sorted({ ...common, delta: event.message ?? '', seq: event.seq, stream_id: event.stream_id })];
    case 'LLM_OUTPUT':
      return ['thread.message.completed', sorted({ ...common, response: event.message ?? '', seq: event.seq, stream_id: event.stream_id, ...(event.payload ? { metadata: event.payload } : {}) })];
    case 'ERROR_OCCURRED':
      return ['error', JSON.stringify(event)];
    case 'STREAM_END':
      return ['done', '[DONE]'];
    default:
      return [CONTROL.get(event.type) ?? event.type, CONTROL.has(event.type) ? controlData(event, common) : JSON.stringify(event)];
  }
}

/** The control frames keep only what the gateway copies: checkpoint and was_paused where they apply. */
function controlData(event: ShannonWire, common: { agent_id: string; workflow_id: string }): string {
  const base = { ...common, message: event.message ?? '' };
  const checkpoint = typeof event.payload?.checkpoint === 'string' ? event.payload.checkpoint : '';
  if (event.type === 'WORKFLOW_PAUSED') return sorted({ ...base, checkpoint });
  if (event.type === 'WORKFLOW_CANCELLED') return sorted({ ...base, checkpoint, was_paused: event.payload?.was_paused === true });
  return sorted(base);
}

/** Go's json.Marshal of a map: keys in byte order, nested maps too. */
function sorted(value: Record<string, unknown>): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** A history row (`GET /api/v1/tasks/{id}/events`): payload omitted when empty. */
export function toHistoryRow(event: ShannonWire): Record<string, unknown> {
  const { workflow_id, type, agent_id, message, payload, timestamp, seq, stream_id } = event;
  return {
    workflow_id,
    type,
    ...(agent_id ? { agent_id } : {}),
    ...(message ? { message } : {}),
    timestamp,
    seq,
    ...(stream_id ? { stream_id } : {}),
    ...(payload && Object.keys(payload).length > 0 ? { payload } : {}),
  };
}
