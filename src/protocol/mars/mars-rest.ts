/**
 * Reads the REST answers of a watching MARS session (mars-watch.ts asks; each answer is an
 * HttpReplyFrame fed through locate and this interpreter like any frame, so a recording
 * replays it). Every reader applies only what is new since the previous poll and steers the
 * next round through the memo. The first answer means the socket is gone (or was never this
 * session's): approvals still open can no longer be answered from here, and they say so.
 */
import type * as z from 'zod';

import type { HttpReplyFrame, Interpretation, Memo } from '@/protocol/dialect';
import { reasonOf, rejected, unknownFrame } from '@/protocol/decode-util';
import type { RunEvent } from '@/protocol/run-event';
import { applyDag, settleUnseenFailures } from '@/protocol/mars/mars-dag';
import { readConsole } from '@/protocol/mars/mars-console';
import { costDifference } from '@/protocol/mars/mars-costs';
import { readHistory } from '@/protocol/mars/mars-history';
import {
  MarsHistoryRowSchema,
  MarsRestConsoleSchema,
  MarsRestCostsSchema,
  MarsRestDagSchema,
  MarsRestHistorySchema,
  MarsRestRunsSchema,
  MarsRestSessionsSchema,
} from '@/protocol/mars/mars-rest-schemas';
import { dagSaysOver, dagTerminal, readSessionRuns, readSessions, searchAgain } from '@/protocol/mars/mars-run-status';
import { costNode, type MarsState } from '@/protocol/mars/mars-state';
import { SOCKET_ONLY } from '@/protocol/mars/mars-watch';

type Read = { events: RunEvent[]; memo?: Memo };

const ROUTES: readonly [RegExp, (s: MarsState, body: unknown, match: RegExpExecArray) => Read | string][] = [
  [/^\/api\/runs\/[^/]+\/dag$/, readDag],
  [/^\/api\/runs\/[^/]+\/costs$/, readCosts],
  [/^\/api\/runs\/[^/]+\/console-log$/, readConsoleLog],
  [/^\/api\/runs\/[^/]+\/history$/, readHistoryReply],
  [/^\/api\/sessions\/?$/, readSessionsReply],
  [/^\/api\/sessions\/([^/]+)\/runs$/, readRunsReply],
];

export function readRestReply(s: MarsState, frame: HttpReplyFrame): Interpretation {
  const path = frame.reply.path.split('?')[0] ?? '';
  const route = ROUTES.find(([pattern]) => pattern.test(path));
  if (!route) return { kind: 'events', events: [unknownFrame('http-reply', `${frame.reply.method} ${path}`)] };
  const lead = startWatching(s);
  // No console log yet: the backend's buffered log has not flushed (or the run waits at a gate). Not an error: ask again, less often.
  if (frame.reply.status === 404 && route[1] === readConsoleLog) return { kind: 'events', events: lead, memo: consoleNotYet(s) };
  if (frame.reply.status !== 200) return rejected(`GET ${path} answered HTTP ${frame.reply.status}`, 'rest-reply');
  const read = route[1](s, frame.body, route[0].exec(path) as RegExpExecArray);
  if (typeof read === 'string') return rejected(`GET ${path}: ${read}`, 'rest-reply');
  return { kind: 'events', events: [...lead, ...read.events], ...(read.memo && Object.keys(read.memo).length > 0 ? { memo: read.memo } : {}) };
}

/** The first REST answer: open approvals turn unanswerable here, with the reason. */
function startWatching(s: MarsState): RunEvent[] {
  if (s.watching) return [];
  s.watching = true;
  return [...s.openGates.values()].map((gate) => ({ ...gate, answerable: false, unanswerableReason: SOCKET_ONLY }));
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> | string {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : reasonOf(parsed.error);
}

function readDag(s: MarsState, body: unknown): Read | string {
  const dag = parse(MarsRestDagSchema, body);
  if (typeof dag === 'string') return dag;
  const events = applyDag(s, dag.nodes, dag.edges, false);
  const historyDue = events.length > 0 || s.unseenFailures.size > 0;
  return { events, memo: { ...searchAgain(s), ...consoleWaited(s), ...(historyDue ? { marsHistoryDue: true } : {}), ...(dagSaysOver(s) ? { marsEnded: true } : {}) } };
}

function readCosts(s: MarsState, body: unknown): Read | string {
  const costs = parse(MarsRestCostsSchema, body);
  if (typeof costs === 'string') return costs;
  const models = (costs.model_breakdown ?? []).map((m) => ({ model: m.model, usd: m.cost ?? 0, prompt: m.prompt_tokens, completion: m.completion_tokens, tokens: m.tokens }));
  const at = s.costsRead ? costNode(s) : {};
  s.costsRead = true;
  const events = costDifference(s, { usd: costs.total_cost_usd, tokens: costs.total_tokens, prompt: costs.total_prompt_tokens, completion: costs.total_completion_tokens }, models, at);
  return { events, ...(events.length > 0 ? { memo: { marsHistoryDue: true } } : {}) };
}

/** After n "not yet" answers in a row, skip the next 1, 2, 4 (at most 4) rounds: about 3, 6, 12, 15 s apart. */
function consoleNotYet(s: MarsState): Memo {
  s.consoleMisses += 1;
  s.consoleWait = Math.min(2 ** (s.consoleMisses - 1), CONSOLE_MAX_WAIT_ROUNDS);
  return { marsConsoleWait: s.consoleWait };
}

const CONSOLE_MAX_WAIT_ROUNDS = 4;

/** A round without the console log: one fewer to wait (the DAG is read every round). */
function consoleWaited(s: MarsState): Memo {
  if (s.consoleWait === 0) return {};
  s.consoleWait -= 1;
  return { marsConsoleWait: s.consoleWait };
}

function readConsoleLog(s: MarsState, body: unknown): Read | string {
  s.consoleMisses = 0;
  const log = parse(MarsRestConsoleSchema, body);
  if (typeof log === 'string') return log;
  return readConsole(s, { total: log.total_lines, returned: log.returned_lines, content: log.content });
}

function readHistoryReply(s: MarsState, body: unknown): Read | string {
  const history = parse(MarsRestHistorySchema, body);
  if (typeof history === 'string') return history;
  const rows = history.events.flatMap((row) => {
    const parsed = MarsHistoryRowSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
  const skipped = history.events.length - rows.length;
  const { events, complete } = readHistory(s, rows);
  s.historyPending = !complete;
  if (complete) events.push(...settleUnseenFailures(s), ...dagTerminal(s));
  if (skipped > s.badHistoryRows) events.push({ type: 'log', level: 'warn', source: 'history', message: `${skipped} history row${skipped === 1 ? '' : 's'} in an unknown shape left out` });
  s.badHistoryRows = Math.max(s.badHistoryRows, skipped);
  return { events, memo: { marsHistoryDue: !complete } };
}

function readSessionsReply(s: MarsState, body: unknown): Read | string {
  const reply = parse(MarsRestSessionsSchema, body);
  if (typeof reply === 'string') return reply;
  return { events: [], memo: readSessions(s, reply.sessions) };
}

function readRunsReply(s: MarsState, body: unknown, match: RegExpExecArray): Read | string {
  const reply = parse(MarsRestRunsSchema, body);
  if (typeof reply === 'string') return reply;
  const read = readSessionRuns(s, decodeURIComponent(match[1] ?? ''), reply.runs);
  return { events: read.events, memo: { ...read.memo, ...ended(s) } };
}

/** The run ended (or a status said so once): the next round reads the history whatever changed. */
const ended = (s: MarsState): Memo => (s.terminal || s.endSeen !== undefined ? { marsEnded: true } : {});
