/**
 * MARS over a plain WebSocket (mars-workflow-ws.md, protocols/README.md "mars"):
 *   socket    ws://host:port/ws/{task_id}; `{type:"ping"}` every 30 s (→ pong)
 *   start     the FIRST client frame `{task, config}` starts the run. It is sent once, on
 *             the first open of a connection that starts a run, and NEVER on a reconnect:
 *             the server would restart the run.
 *   resync    MARS has no replay: a reconnect asks GET /api/runs/{id}/dag and the
 *             interpreter rebuilds statuses from it.
 *   gates     `{type:"resolve_approval", approval_id, resolution, feedback, modifications}`
 *   control   `{type:"pause"|"resume"|"cancel"}` on the socket (cancel may carry a reason).
 * No auth is documented, so a token is not sent (it never goes into a URL).
 */
import type { Dialect, OutboundCommand } from '@/protocol/dialect';
import { stringField } from '@/protocol/decode-util';
import { createMarsInterpreter } from '@/protocol/mars/mars-interpreter';
import { locateMarsFrame } from '@/protocol/mars/mars-locate';
import { toResolution } from '@/protocol/mars/mars-gate';

/** What a Runboard-started run asks of MARS: one-shot mode with the engineer agent (the server's defaults). */
export const MARS_DEFAULT_CONFIG = { mode: 'one-shot', agent: 'engineer', model: 'gpt-4o' } as const;

/** The socket lives on ws(s); a base given as http(s) is turned into its ws(s) twin. */
function wsBase(baseUrl: string): string {
  return baseUrl.replace(/^http(s?):\/\//, 'ws$1://').replace(/\/+$/, '');
}

const dagSnapshot = (runId: string): OutboundCommand => ({ via: 'http', method: 'GET', path: `/api/runs/${encodeURIComponent(runId)}/dag` });

function startFrame(instructions: string): OutboundCommand[] {
  return [{ via: 'socket', message: { task: instructions, config: { ...MARS_DEFAULT_CONFIG } } }];
}

export const marsDialect: Dialect = {
  id: 'mars',
  label: 'MARS (WebSocket)',
  wire: 'websocket',
  address: { kind: 'origin', example: 'ws://host:port' },
  // The client pings every 30 s and the server answers: two missed pongs plus slack.
  staleAfterMs: 75_000,
  capabilities: { startsRuns: true, control: { cancel: true, pause: true, resume: true } },
  recovery: { ordering: { by: 'arrival' }, refill: [], unfilled: 'accept', drop: 'resume' },
  locate: locateMarsFrame,
  createInterpreter: createMarsInterpreter,
  // The task id (the socket's); some frames carry the database run id instead, so a recording's first frame names it best.
  runIdOf: (frame) => stringField(frame, 'run_id'),
  connect: ({ baseUrl, runId }) => ({
    kind: 'websocket',
    url: `${wsBase(baseUrl)}/ws/${encodeURIComponent(runId)}`,
    heartbeat: { message: { type: 'ping' }, everyMs: 30_000 },
  }),
  onOpen(ctx) {
    // Never on reconnect: a second `{task}` frame restarts the run upstream. What the
    // connection missed comes from the DAG snapshot instead.
    if (ctx.reconnect) return [dagSnapshot(ctx.runId)];
    return ctx.start === undefined ? [] : startFrame(ctx.start);
  },
  answerGate(gate, answer) {
    const edits = answer.edits ?? undefined;
    const resolution = toResolution(answer.option?.value, edits !== undefined || Boolean(answer.text));
    const modifications = edits ?? (resolution === 'modified' && answer.text ? answer.text : null);
    return [
      {
        via: 'socket',
        message: {
          type: 'resolve_approval',
          approval_id: gate.gateId,
          resolution,
          feedback: answer.text ?? '',
          modifications,
        },
      },
    ];
  },
  control(action, _runId, reason) {
    const message: Record<string, unknown> = { type: action };
    if (action === 'cancel' && reason) message.reason = reason;
    return [{ via: 'socket', message }];
  },
  startRun: (instructions) => startFrame(instructions),
};
