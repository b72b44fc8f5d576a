/**
 * Shannon over SSE, as the real gateway behaves (tests/fixtures/shannon/SOURCE.txt). Endpoints:
 *   stream    GET  {base}/api/v1/stream/sse?workflow_id=<id>   Authorization header (never ?token=),
 *                                                                Last-Event-ID resumes, `: ping` every 10 s
 *   history   GET  {base}/api/v1/tasks/{id}/events?limit=200&offset=<n>   pages of {events, count}
 *                                                                (limit outside 1..200 is a 400; no token deltas)
 *   status    GET  {base}/api/v1/tasks/{id}   {status: TASK_STATUS_…, result?, error?}
 *   decide    POST {base}/api/v1/approvals/decision {workflow_id, approval_id, approved, feedback?}
 *   review    POST {base}/api/v1/tasks/{id}/review {action: approve | feedback, message?}  (the research
 *                                                                plan's gate: shannon-review.ts)
 *   control   POST {base}/api/v1/tasks/{id}/cancel {reason?} | /pause | /resume
 *   start     POST {base}/api/v1/tasks/stream {query}  → {workflow_id, stream_url}
 *
 * Recovery: seq counts every event of a workflow from 1 (token deltas included), so a hole
 * is a lost event. What follows waits while the stream is resumed from before it and the
 * history pages are read; the stream is a ring of a few hundred events and deltas are never
 * stored, so what neither brings back is said once as no longer available — never fetched
 * again and again. `done` ends the stream; when the stream ends or falls silent without
 * saying how the run ended (a failure need not send `done`), the status check asks.
 */
import { bearerHeaders, type Dialect, type OutboundCommand } from '@/protocol/dialect';
import { dialectIdentity } from '@/protocol/dialect-info';
import { stringField } from '@/protocol/decode-util';
import { NO_APPROVAL_ID_REASON } from '@/protocol/shannon/shannon-gates';
import { UNANSWERABLE_MEMO_PREFIX, createShannonInterpreter } from '@/protocol/shannon/shannon-interpreter';
import { locateShannonFrame } from '@/protocol/shannon/shannon-locate';
import { EXISTS_PROBE } from '@/protocol/shannon/shannon-replies';
import { REVIEW_GATE_MARK, reviewCommands } from '@/protocol/shannon/shannon-review';

const taskPath = (runId: string) => `/api/v1/tasks/${encodeURIComponent(runId)}`;
/** History page size: the gateway answers 400 to a limit outside 1..200 (and pages of 50 without one). */
const HISTORY_PAGE = 200;

/** The persisted events, page after page while a page comes back full. */
function history(runId: string): OutboundCommand[] {
  const paging = { offsetParam: 'offset', pageSize: HISTORY_PAGE, itemsKey: 'events', maxPages: 50 };
  return [{ via: 'http', method: 'GET', path: `${taskPath(runId)}/events?limit=${HISTORY_PAGE}&offset=0`, paging }];
}

/**
 * A gate opened without an approval_id: the decoder's memo says so; the id form
 * `<workflow>:<seq>` (shannon-gates.ts) covers a session whose memo was not kept.
 */
function isUnanswerable(gateId: string, runId: string, memo: Readonly<Record<string, unknown>>): boolean {
  if (`${UNANSWERABLE_MEMO_PREFIX}${gateId}` in memo) return true;
  return gateId.startsWith(`${runId}:`) && /:(\d+|unknown)$/.test(gateId);
}

export const shannonDialect: Dialect = {
  ...dialectIdentity('shannon'),
  // The server pings every 10 s; three missed pings plus slack means the stream is stale.
  staleAfterMs: 35_000,
  capabilities: {
    startsRuns: false,
    control: { cancel: true, pause: true, resume: true },
  },
  recovery: {
    ordering: { by: 'seq', holes: 'lost', firstSeq: 1 },
    refill: ['resume-stream', 'commands'],
    unfilled: 'accept',
    drop: 'resume',
    unfilledReason: 'Shannon keeps only its newest few hundred stream events and never stores token deltas',
  },
  locate: locateShannonFrame,
  createInterpreter: createShannonInterpreter,
  runIdOf: (frame) => stringField(frame, 'workflow_id'),
  connect: ({ baseUrl, runId, token }) => ({
    kind: 'sse',
    url: new URL(`/api/v1/stream/sse?workflow_id=${encodeURIComponent(runId)}`, baseUrl).toString(),
    headers: bearerHeaders(token),
    resumeHeader: 'last-event-id',
  }),
  // A watched run is looked up once: the stream of an unknown workflow says so only after 30 s of silence.
  onOpen: ({ runId, reconnect, start }) => (reconnect || start !== undefined ? [] : [{ via: 'http', method: 'GET', path: `${taskPath(runId)}?${EXISTS_PROBE}` }]),
  answerGate(gate, answer, memo) {
    if (gate.gateId.includes(REVIEW_GATE_MARK)) return reviewCommands(gate.runId, answer);
    if (isUnanswerable(gate.gateId, gate.runId, memo)) return { unavailable: NO_APPROVAL_ID_REASON };
    const approved = answer.option ? answer.option.tone !== 'reject' && answer.option.value !== 'rejected' : true;
    const body: Record<string, unknown> = { workflow_id: gate.runId, approval_id: gate.gateId, approved };
    if (answer.text) body.feedback = answer.text;
    return [{ via: 'http', method: 'POST', path: '/api/v1/approvals/decision', body }];
  },
  control(action, runId, reason) {
    const body = action === 'cancel' && reason ? { reason } : {};
    return [{ via: 'http', method: 'POST', path: `${taskPath(runId)}/${action}`, body }];
  },
  startRun: (instructions) => [{ via: 'http', method: 'POST', path: '/api/v1/tasks/stream', body: { query: instructions } }],
  // After `done` without a final status, the history first: `done` carries no seq, so an event
  // lost just before it (WORKFLOW_COMPLETED, the last error) leaves no hole to see.
  checkStatus: (runId, why) => [...(why === 'ended' ? history(runId) : []), { via: 'http', method: 'GET', path: taskPath(runId) }],
  refill: (runId) => history(runId),
};
