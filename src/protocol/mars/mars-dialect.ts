/**
 * MARS (UJ2202/MARS, a cmbagent fork) as its server behaves (tests/fixtures/mars/SOURCE.txt):
 *   socket    ws://host:port/ws/{task_id}. The FIRST client frame `{task, config}` starts the
 *             run; anything else first is answered `error "No task provided"` and closed. A
 *             new socket for the same task closes the previous one ("Reconnection") and waits
 *             for a `{task}` of its own — so only the session that starts a run opens it, it
 *             sends nothing before the start frame, and it never opens it again.
 *   watching  everyone else — a reload, a shared link, a second viewer, and the starter once
 *             its socket dropped — polls the REST API (recovery.drop 'watch', mars-watch.ts).
 *   gates     `{type:"resolve_approval", approval_id, resolution, feedback, modifications}` (mars-answer.ts)
 *   control   `{type:"pause"|"resume"|"cancel"}`. Gates and controls exist only on the
 *             starter's socket: a watching session says so instead of offering them.
 * No auth on the socket or the REST routes, so a token is never sent.
 */
import type { Dialect, OutboundCommand, StartConfig } from '@/protocol/dialect';
import { dialectIdentity } from '@/protocol/dialect-info';
import { isHttpReplyFrame } from '@/protocol/dialect';
import { stringField } from '@/protocol/decode-util';
import { buildApprovalAnswer } from '@/protocol/mars/mars-answer';
import { createMarsInterpreter } from '@/protocol/mars/mars-interpreter';
import { locateMarsFrame } from '@/protocol/mars/mars-locate';
import { buildMarsConfig, MARS_START_OPTIONS } from '@/protocol/mars/mars-modes';
import { SOCKET_ONLY, isWatching, watchPlan } from '@/protocol/mars/mars-watch';


/** The socket lives on ws(s); a base given as http(s) is turned into its ws(s) twin. */
function wsBase(baseUrl: string): string {
  return baseUrl.replace(/^http(s?):\/\//, 'ws$1://').replace(/\/+$/, '');
}

/** The start frame: the task and the config of the mode the person chose (mars-modes.ts). */
function startFrame(instructions: string, chosen?: StartConfig): OutboundCommand[] {
  return [{ via: 'socket', message: { task: instructions, config: buildMarsConfig(chosen) } }];
}

/**
 * The run a recorded frame names: a REST answer by its path (the task id it asked for); a
 * socket frame by its `run_id` — the task id on the first frame a starter hears (`status`),
 * while DAG and workflow frames carry the database's run id, so the first frame names it best.
 */
function marsRunIdOf(frame: unknown): string | undefined {
  if (!isHttpReplyFrame(frame)) return stringField(frame, 'run_id');
  const id = /^\/api\/runs\/([^/?]+)/.exec(frame.reply.path)?.[1];
  return id === undefined ? undefined : decodeURIComponent(id);
}

export const marsDialect: Dialect = {
  ...dialectIdentity('mars'),
  // The starter pings every 30 s (after its start frame) and the server answers: two missed pongs plus slack.
  staleAfterMs: 75_000,
  capabilities: { startsRuns: true, control: { cancel: true, pause: true, resume: true } },
  startOptions: MARS_START_OPTIONS,
  // After a failure or a cancel the real backend sends its last frames and never closes the
  // socket (seen against it: the executor's thread pool still holds the cancelled work, and
  // nothing in the handler closes): the starter closes it, or it would ping forever.
  closeAfterEndMs: 2_000,
  recovery: { ordering: { by: 'arrival' }, refill: [], unfilled: 'accept', drop: 'watch' },
  locate: locateMarsFrame,
  createInterpreter: createMarsInterpreter,
  runIdOf: marsRunIdOf,
  connect: ({ baseUrl, runId }) => ({
    kind: 'websocket',
    url: `${wsBase(baseUrl)}/ws/${encodeURIComponent(runId)}`,
    heartbeat: { message: { type: 'ping' }, everyMs: 30_000 },
  }),
  watchPlan,
  // The start frame goes first on the starter's one socket; a watch sends nothing (and the socket is never reopened).
  onOpen: (ctx) => (ctx.start === undefined || ctx.reconnect || isWatching(ctx.memo) ? [] : startFrame(ctx.start, ctx.startConfig)),
  answerGate: (gate, answer, memo) => (isWatching(memo) ? { unavailable: SOCKET_ONLY } : buildApprovalAnswer(gate.gateId, answer)),
  control(action, _runId, reason, memo) {
    if (memo && isWatching(memo)) return { unavailable: SOCKET_ONLY };
    const message: Record<string, unknown> = { type: action };
    if (action === 'cancel' && reason) message.reason = reason;
    return [{ via: 'socket', message }];
  },
  startRun: (instructions) => startFrame(instructions),
};
