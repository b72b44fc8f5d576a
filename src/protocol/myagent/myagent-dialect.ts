/**
 * myagent over a plain WebSocket at the server root (`ws://host:port`).
 *
 * The run id is the myagent SESSION id. A run starts in two steps: on open we send
 * `user.create_session`; the server answers `agent.session_created` (its id reaches the
 * session as memo.session_id) and the session then calls `startRun`, which sends
 * `user.message {session_id, content}`.
 *
 * A disconnect ends the server session. The only way back is `user.reconnect_with_state`
 * with a `signed_state` exported earlier (`exportStateCommand` → `user.request_state` →
 * agent.state_exported → memo.signed_state). The server answers with a NEW session id
 * (agent.state_restored → memo.session_id), replays what the old connection missed,
 * renumbered for the new one, and says "Replay completed".
 *
 * A start given as a JSON list of tasks sends `user.solve_tasks` instead (solver-only: the
 * server sends no end event, so the interpreter counts the tasks it asked for).
 *
 * Gate answers: `user.response {session_id, step_id, content:{confirmed, approved, feedback?, tasks?}}`.
 * Control: cancel only (`user.cancel`); myagent has no pause or resume.
 * The server sends `system.heartbeat` every 60 s, so no client ping is needed.
 *
 * Recovery: seq holes are normal (the server numbers frames before it coalesces partial
 * answers), so a hole is noted and never fetched — and never a reason to drop the socket,
 * which would cancel the run upstream. Only a connection that dropped by itself is resumed,
 * with `user.reconnect_with_state`.
 */
import type { Dialect, OutboundCommand } from '@/protocol/dialect';
import { dialectIdentity } from '@/protocol/dialect-info';
import { createMyagentInterpreter } from '@/protocol/myagent/myagent-interpreter';
import { locateMyagentFrame } from '@/protocol/myagent/myagent-locate';
import { responseContent } from '@/protocol/myagent/myagent-gate';
import { stringField } from '@/protocol/decode-util';

const CLIENT = { client_id: 'runboard', client_version: '0.1.0' };

const socket = (message: Record<string, unknown>): OutboundCommand => ({ via: 'socket', message });

/** Asks the server for a signed state to resume with after a disconnect (agent.state_exported). */
export function exportStateCommand(sessionId: string): OutboundCommand {
  return socket({ event: 'user.request_state', session_id: sessionId, metadata: { include_history: false } });
}

/** ws(s)://host:port without a trailing slash; http(s) bases are turned into ws(s). */
function socketUrl(baseUrl: string): string {
  return baseUrl.replace(/^http(s?):\/\//, 'ws$1://').replace(/\/+$/, '');
}

function sessionOf(memo: Readonly<Record<string, unknown>>, fallback: string): string {
  return typeof memo.session_id === 'string' && memo.session_id.length > 0 ? memo.session_id : fallback;
}

/**
 * The decoder's cursor `<session_id>:<seq>` (a bare seq in older recordings): last_seq is
 * read in the numbering of the session that sent it, so the reconnect names that session,
 * whichever session the memo holds by then.
 */
function readCursor(cursor: string | undefined): { session?: string; lastSeq?: number } {
  if (cursor === undefined) return {};
  const at = cursor.lastIndexOf(':');
  const lastSeq = Number(cursor.slice(at + 1));
  const valid = Number.isInteger(lastSeq) && lastSeq > 0 ? { lastSeq } : {};
  return at > 0 ? { session: cursor.slice(0, at), ...valid } : valid;
}

function tasksOf(instructions: string): unknown[] | undefined {
  if (!/^\s*[[{]/.test(instructions)) return undefined;
  try {
    const parsed = JSON.parse(instructions) as unknown;
    const tasks = Array.isArray(parsed) ? parsed : (parsed as { tasks?: unknown }).tasks;
    return Array.isArray(tasks) && tasks.length > 0 ? tasks : undefined;
  } catch {
    return undefined;
  }
}

export const myagentDialect: Dialect = {
  ...dialectIdentity('myagent'),
  // Heartbeats every 60 s (the document says 30): stale after two missed ones and some slack.
  staleAfterMs: 150_000,
  // The socket stays open after the run's end (it is the chat session's): the session closes it
  // shortly after the final status, so the run reads closed. Closing it earlier would cancel the task.
  closeAfterEndMs: 2_000,
  capabilities: {
    startsRuns: true,
    serverNamesRuns: true,
    control: {
      cancel: true,
      pause: 'myagent has no pause command (only cancel, or cancel_task per task)',
      resume: 'myagent has no pause, so nothing to resume',
    },
  },
  recovery: {
    // A coalesced partial answer arrives at most ~75 ms after the frames stamped after it.
    ordering: { by: 'seq', holes: 'normal', firstSeq: 1, waitMs: 150 },
    refill: [],
    unfilled: 'accept',
    drop: 'resume',
  },
  locate: locateMyagentFrame,
  createInterpreter: createMyagentInterpreter,
  // The interpreter learns the tasks of a user.solve_tasks (no end event follows them) and its own reconnects.
  readsOwnCommands: true,
  // Closing the socket (a reload) ends the server session: only the latest signed_state brings the run back.
  keptForReload: ['signed_state', 'session_id'],
  runIdOf: (frame) => stringField(frame, 'session_id'),
  connect: ({ baseUrl }) => ({ kind: 'websocket', url: socketUrl(baseUrl) }),
  onOpen(ctx) {
    if (ctx.reconnect && ctx.memo.signed_state !== undefined) {
      const { session, lastSeq } = readCursor(ctx.cursor);
      return [
        socket({
          event: 'user.reconnect_with_state',
          session_id: session ?? sessionOf(ctx.memo, ctx.runId),
          signed_state: ctx.memo.signed_state,
          content: lastSeq !== undefined ? { last_seq: lastSeq } : {},
        }),
      ];
    }
    // Without an exported state a lost session cannot be resumed: a new one would be empty.
    if (ctx.reconnect) return [];
    return [socket({ event: 'user.create_session', content: CLIENT, metadata: { source: 'web' } })];
  },
  startRun: (instructions, sessionId) => {
    // Instructions that are a JSON list of tasks (or {tasks: [...]}) solve exactly those tasks, with no planning.
    const tasks = tasksOf(instructions);
    if (tasks) return [socket({ event: 'user.solve_tasks', session_id: sessionId, content: { tasks }, metadata: { source: 'web_console', ...CLIENT } })];
    return [socket({ event: 'user.message', session_id: sessionId, content: instructions, metadata: { source: 'web_console', ...CLIENT } })];
  },
  answerGate(gate, answer, memo) {
    return [
      socket({
        event: 'user.response',
        session_id: sessionOf(memo, gate.runId),
        step_id: gate.gateId,
        content: responseContent(answer),
        metadata: { decided_by: answer.decidedBy },
      }),
    ];
  },
  control(action, runId, reason) {
    if (action !== 'cancel') return { unavailable: this.capabilities.control[action] as string };
    return [socket({ event: 'user.cancel', session_id: runId, content: reason ?? 'Cancelled from Runboard' })];
  },
  onMemo({ memo, previous, start }) {
    const sessionId = memo.session_id;
    if (typeof sessionId !== 'string' || sessionId === previous.session_id) return { commands: [] };
    // A new server session: start the run (first time only) and export a state to resume with.
    const commands: OutboundCommand[] = [];
    if (start !== undefined && previous.session_id === undefined) commands.push(...this.startRun!(start, sessionId, memo));
    commands.push(exportStateCommand(sessionId));
    return { commands, runId: sessionId };
  },
};
