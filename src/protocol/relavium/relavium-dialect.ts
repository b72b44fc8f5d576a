/**
 * relavium over SSE. Endpoints (the authors publish none; Runboard documents these):
 *   stream    GET  {base}/runs/{runId}/events        (`id:` = sequenceNumber, Last-Event-ID resumes)
 *   snapshot  GET  {base}/runs/{runId}               (state, when a hole could not be refilled)
 *   decide    POST {base}/runs/{runId}/gates/{gateId}/decide {decision, decidedBy, payload?, comment?}
 *   cancel    POST {base}/runs/{runId}/cancel {reason?}
 *
 * Recovery: sequenceNumber is gap-free, so a hole is a lost frame. What follows it waits
 * while the stream is resumed from before the hole (Last-Event-ID replays it); a hole still
 * open after that restores the run's state from the snapshot.
 */
import { bearerHeaders, type Dialect } from '@/protocol/dialect';
import { dialectIdentity } from '@/protocol/dialect-info';
import { stringField } from '@/protocol/decode-util';
import { interpretRelavium } from '@/protocol/relavium/relavium-interpreter';
import { locateRelaviumFrame } from '@/protocol/relavium/relavium-locate';

const runPath = (runId: string) => `/runs/${encodeURIComponent(runId)}`;

export const relaviumDialect: Dialect = {
  ...dialectIdentity('relavium'),
  staleAfterMs: 45_000,
  capabilities: {
    startsRuns: false,
    control: {
      cancel: true,
      pause: 'relavium pauses only at gates and budget caps; it has no pause command',
      resume: 'relavium resumes by answering the pending gate',
    },
  },
  recovery: {
    ordering: { by: 'seq', holes: 'lost', firstSeq: 0 },
    refill: ['resume-stream'],
    unfilled: 'snapshot',
    drop: 'resume',
  },
  locate: (frame) => locateRelaviumFrame(frame),
  createInterpreter: () => interpretRelavium,
  runIdOf: (frame) => stringField(frame, 'runId'),
  connect: ({ baseUrl, runId, token }) => ({
    kind: 'sse',
    url: new URL(`${runPath(runId)}/events`, baseUrl).toString(),
    headers: bearerHeaders(token),
  }),
  onOpen: () => [],
  snapshot: (runId) => [{ via: 'http', method: 'GET', path: runPath(runId) }],
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
};
