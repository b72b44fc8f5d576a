/**
 * Console output: the bulk of a MARS stream. On the socket each `output {message}` is one
 * printed text; while watching, `GET /api/runs/{id}/console-log` holds the same text as
 * log lines `[2026-04-22 13:07:58.123] [agent.output] <text>` (a multi-line text continues
 * on lines of its own). Both become `log` rows (source "console") on the node the server
 * files them under (a line read from the file later names none). The log is read by line count: a poll applies only the lines past the
 * ones read, asks only for a tail big enough for what is new, and when a tail does not reach
 * back to the last line read, applies nothing and asks for the whole log next time.
 */
import type { Memo } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import { noteRecent, seenRecently } from '@/protocol/mars/mars-recent';
import { currentNode, type MarsState } from '@/protocol/mars/mars-state';
import { marsTimeMs } from '@/protocol/mars/mars-time';

const PREFIX = /^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?)\] \[([\w.:-]+)\] ?/;
const MIN_TAIL = 200;
const MAX_TAIL = 5_000;

/** A console line from the socket: a log row on the node running now, remembered in case the socket drops. */
export function socketOutput(s: MarsState, message: string, atMs: number | undefined): RunEvent[] {
  if (!s.watching) {
    if (message.includes('\n')) for (const line of message.split('\n')) noteRecent(s.recentConsole, line, atMs);
    else noteRecent(s.recentConsole, message, atMs);
  }
  const nodeId = currentNode(s);
  return [nodeId === undefined ? { type: 'log', level: 'info', source: 'console', message } : { type: 'log', level: 'info', source: 'console', message, nodeId }];
}

/** A line read later from the log file names no node: which one ran when it was written is not known here. */
function consoleRow(text: string, kind: string, atMs?: number): RunEvent {
  const message = kind === 'agent.output' ? text : `${kind}: ${text}`;
  return { type: 'log', level: 'info', source: 'console', message, ...(atMs !== undefined ? { atMs } : {}) };
}

export type ConsoleReply = Readonly<{ total: number; returned: number; content: string }>;

export function readConsole(s: MarsState, reply: ConsoleReply): { events: RunEvent[]; memo: Memo } {
  const first = reply.total - reply.returned;
  if (reply.total < s.consoleLines) {
    s.consoleLines = reply.total;
    return { events: [{ type: 'log', level: 'warn', source: 'console', message: 'the console log started over; reading it from its new end' }], memo: {} };
  }
  // The tail starts after lines not read yet: read the whole log next time, apply nothing now.
  if (first > s.consoleLines) return { events: [], memo: { marsConsoleTail: undefined } };
  const lines = reply.content === '' ? [] : reply.content.split('\n');
  const fresh = lines.slice(s.consoleLines - first);
  const grew = reply.total - s.consoleLines;
  s.consoleLines = reply.total;
  const events = consoleEvents(s, fresh);
  const memo: Memo = { marsConsoleTail: Math.min(MAX_TAIL, Math.max(MIN_TAIL, grew * 4)), ...(grew > 0 ? { marsHistoryDue: true } : {}) };
  return { events, memo };
}

function consoleEvents(s: MarsState, lines: readonly string[]): RunEvent[] {
  const events: RunEvent[] = [];
  let atMs: number | undefined;
  for (const line of lines) {
    const match = PREFIX.exec(line);
    if (match) atMs = marsTimeMs(match[1]);
    const text = match ? line.slice(match[0].length) : line;
    if (seenRecently(s.recentConsole, text, atMs)) continue;
    events.push(consoleRow(text, match?.[2] ?? 'agent.output', atMs));
  }
  return events;
}
