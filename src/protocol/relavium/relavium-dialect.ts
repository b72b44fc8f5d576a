/**
 * relavium over SSE. Endpoints (the authors publish none; Runboard documents these):
 *   stream    GET  {base}/runs/{runId}/events        (`id:` = sequenceNumber, Last-Event-ID resumes)
 *   snapshot  GET  {base}/runs/{runId}               (resync after a sequenceNumber gap)
 *   decide    POST {base}/runs/{runId}/gates/{gateId}/decide {decision, decidedBy, payload?, comment?}
 *   cancel    POST {base}/runs/{runId}/cancel {reason?}
 */
import { bearerHeaders, type Dialect } from '@/protocol/dialect';
import { decodeRelaviumFrame } from '@/protocol/relavium/relavium-decoder';

const runPath = (runId: string) => `/runs/${encodeURIComponent(runId)}`;

export const relaviumDialect: Dialect = {
  id: 'relavium',
  label: 'Relavium (SSE)',
  transport: 'sse',
  staleAfterMs: 45_000,
  firstSeq: 0,
  capabilities: {
    startsRuns: false,
    control: {
      cancel: true,
      pause: 'relavium pauses only at gates and budget caps; it has no pause command',
      resume: 'relavium resumes by answering the pending gate',
    },
  },
  createDecoder: () => decodeRelaviumFrame,
  connect: ({ baseUrl, runId, token }) => ({
    kind: 'sse',
    url: new URL(`${runPath(runId)}/events`, baseUrl).toString(),
    headers: bearerHeaders(token),
  }),
  onOpen: () => [],
  answerGate(gate, answer) {
    const decision = answer.option?.value ?? 'input_provided';
    const body: Record<string, unknown> = { decision, decidedBy: answer.decidedBy };
    if (answer.edits !== undefined) body.payload = answer.edits;
    else if (answer.text && decision === 'input_provided') body.payload = answer.text;
    if (answer.text && decision !== 'input_provided') body.comment = answer.text;
    return [{ via: 'http', method: 'POST', path: `${runPath(gate.runId)}/gates/${encodeURIComponent(gate.gateId)}/decide`, body }];
  },
  control(action, runId, reason) {
    if (action !== 'cancel') return { unavailable: this.capabilities.control[action] as string };
    return [{ via: 'http', method: 'POST', path: `${runPath(runId)}/cancel`, body: reason ? { reason } : {} }];
  },
  resync: (runId) => [{ via: 'http', method: 'GET', path: runPath(runId) }],
};
