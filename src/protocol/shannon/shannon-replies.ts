/**
 * HTTP replies to Shannon commands, as frames (HttpReplyFrame): the history page
 * (`GET /api/v1/tasks/{id}/events`, split into its rows by shannon-locate.ts), the status
 * check (`GET /api/v1/tasks/{id}`, read by shannon-ending.ts) and the answers to decisions
 * and controls (a row only when they failed). The gateway's errors are `{"error": "…"}`.
 */
import type { HttpReplyFrame, Interpretation } from '@/protocol/dialect';
import { rejected } from '@/protocol/decode-util';
import { readStatus } from '@/protocol/shannon/shannon-ending';
import type { ShannonDecoderState } from '@/protocol/shannon/shannon-state';
import type { RunEvent } from '@/protocol/run-event';

const HISTORY_PATH = /^\/api\/v1\/tasks\/[^/?]+\/events(?:\?|$)/;
const STATUS_PATH = /^\/api\/v1\/tasks\/[^/?]+(?:\?|$)/;

/** Marks the status lookup made when a watch opens: its answer only tells whether the task exists. */
export const EXISTS_PROBE = 'probe=exists';

export function isHistoryReply(frame: HttpReplyFrame): boolean {
  return frame.reply.method === 'GET' && HISTORY_PATH.test(frame.reply.path);
}

export function isStatusReply(frame: HttpReplyFrame): boolean {
  return frame.reply.method === 'GET' && STATUS_PATH.test(frame.reply.path);
}

export function readReply(frame: HttpReplyFrame, state: ShannonDecoderState, runId: string): Interpretation {
  const { method, path, status } = frame.reply;
  const detail = errorText(frame.body);
  if (isHistoryReply(frame)) {
    return rejected(status === 200 ? 'history page: expected {events: [...]} or an array' : `history request failed with HTTP ${status}${detail}`, 'history');
  }
  const probe = path.includes(EXISTS_PROBE);
  if (probe && status !== 404) return events([]);
  if (isStatusReply(frame) && status === 200) return events(readStatus(frame.body, state));
  if (isStatusReply(frame) && status === 404) {
    const said = `Shannon does not know task ${runId} (HTTP 404${detail}): check the run id`;
    return events([warn(said), { type: 'run.unknown', reason: `GET /api/v1/tasks/{id} answered HTTP 404${detail}` }]);
  }
  if (status >= 200 && status < 300) return events([]);
  return events([warn(`${method} ${path} answered HTTP ${status}${detail}`)]);
}

function events(list: RunEvent[]): Interpretation {
  return { kind: 'events', events: list };
}

function warn(message: string): RunEvent {
  return { type: 'log', level: 'warn', source: 'runboard', message };
}

/** ` (Invalid limit parameter)` from the gateway's `{"error": …}`, or nothing. */
function errorText(body: unknown): string {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' && error !== '' ? ` (${error.slice(0, 200)})` : '';
}
