/**
 * Shannon over SSE (shannon-sse.zh.md + README "shannon"). Endpoints:
 *   stream    GET  {base}/api/v1/stream/sse?workflow_id=<id>   Authorization header (never ?token=),
 *                                                                Last-Event-ID resumes, `: ping` every 10 s
 *   history   GET  {base}/api/v1/tasks/{id}/events?limit=&offset=   (no token deltas)
 *   decide    POST {base}/api/v1/approvals/decision {workflow_id, approval_id, approved, feedback?}
 *   control   POST {base}/api/v1/tasks/{id}/cancel {reason?} | /pause | /resume
 *   start     POST {base}/api/v1/tasks/stream {query}  → {workflow_id, stream_url}
 */
import { bearerHeaders, type Dialect } from '@/protocol/dialect';
import { NO_APPROVAL_ID_REASON } from '@/protocol/shannon/shannon-gates';
import { UNANSWERABLE_MEMO_PREFIX, createShannonDecoder, splitShannonFrame } from '@/protocol/shannon/shannon-decoder';

const taskPath = (runId: string) => `/api/v1/tasks/${encodeURIComponent(runId)}`;

/**
 * A gate opened without an approval_id: the decoder's memo says so; the id form
 * `<workflow>:<seq>` (shannon-gates.ts) covers a session whose memo was not kept.
 */
function isUnanswerable(gateId: string, runId: string, memo: Readonly<Record<string, unknown>>): boolean {
  if (`${UNANSWERABLE_MEMO_PREFIX}${gateId}` in memo) return true;
  return gateId.startsWith(`${runId}:`) && /:(\d+|unknown)$/.test(gateId);
}

export const shannonDialect: Dialect = {
  id: 'shannon',
  label: 'Shannon (SSE)',
  transport: 'sse',
  // The server pings every 10 s; three missed pings plus slack means the stream is stale.
  staleAfterMs: 35_000,
  firstSeq: 1,
  capabilities: {
    startsRuns: false,
    control: { cancel: true, pause: true, resume: true },
  },
  createDecoder: (ctx) => createShannonDecoder(ctx),
  // The decoder remembers priced agents, declared nodes, open chapters and gates: frames are
  // decoded in seq order by one decoder for the session; history pages split into frames.
  decodeInOrder: { split: splitShannonFrame },
  connect: ({ baseUrl, runId, token }) => ({
    kind: 'sse',
    url: new URL(`/api/v1/stream/sse?workflow_id=${encodeURIComponent(runId)}`, baseUrl).toString(),
    headers: bearerHeaders(token),
    resumeHeader: 'last-event-id',
  }),
  onOpen: () => [],
  answerGate(gate, answer, memo) {
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
  // History fallback for when the server's ~256-event buffer no longer reaches back.
  resync: (runId) => [{ via: 'http', method: 'GET', path: `${taskPath(runId)}/events?limit=1000&offset=0` }],
};
