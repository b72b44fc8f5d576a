/**
 * How a Shannon run ends, read from what the real server sends (Kocoro-lab/Shannon
 * go/orchestrator; tests/fixtures/shannon/SOURCE.txt), not from its documents:
 * - WORKFLOW_COMPLETED ends it completed; workflow.cancelled cancelled. WORKFLOW_FAILED is
 *   declared but never published: a failure is an ERROR_OCCURRED (`event: error`, the reason
 *   only in `message`), followed on some paths by `done`.
 * - At `done`: when the last word before it was an error,
 *   the run failed with that error; when a workflow.cancelling came, it was cancelled (`done`
 *   can come before workflow.cancelled, and a fresh connection closes on `done`). Otherwise
 *   the stream did not say: the session's status check (`GET /api/v1/tasks/{id}`) decides.
 * - An error with more work after it (one subtask failing) is not terminal.
 * - One terminal event per session: a later one (a status reply after the stream said, a
 *   workflow.cancelled after `done`) becomes a row, never a second end.
 */
import * as z from 'zod';

import { closeAllChapters } from '@/protocol/shannon/shannon-graph';
import type { ShannonDecoderState } from '@/protocol/shannon/shannon-state';
import type { RunEvent } from '@/protocol/run-event';

/** Frames that say nothing about whether the run moved on after an error. */
const NOT_A_WORD: ReadonlySet<string> = new Set([
  'thread.message.delta',
  'LLM_PARTIAL',
  'LLM_PROMPT',
  'STREAM_END',
  'WARNING',
  'workflow.pausing',
  'workflow.paused',
  'workflow.resumed',
  'workflow.cancelling',
]);

/**
 * An ERROR_OCCURRED: the last word, until something meaningful follows it. A frame that
 * came late (numbered below one already read) is never the last word, nor does it end one:
 * what the run said last must not depend on when a refill brought its earlier frames.
 */
export function noteError(message: string, agentId: string | undefined, state: ShannonDecoderState): void {
  if (state.late) return;
  state.ending.lastError = agentId === undefined ? { message } : { message, agentId };
}

/** Any other frame read in order: the run moved on past an earlier error. */
export function noteWord(type: string, state: ShannonDecoderState): void {
  if (!state.late && type !== 'ERROR_OCCURRED' && !NOT_A_WORD.has(type)) delete state.ending.lastError;
}

const KIND = { 'run.completed': 'completed', 'run.failed': 'failed', 'run.cancelled': 'cancelled' } as const;

/** The one terminal event of the session; a later one that disagrees is said as a row. */
export function terminalOnce(event: RunEvent & { type: keyof typeof KIND }, state: ShannonDecoderState, asRow: string): RunEvent[] {
  const kind = KIND[event.type];
  if (state.ending.terminal === kind) return [];
  if (state.ending.terminal) return [{ type: 'log', level: 'info', source: 'shannon', message: asRow }];
  state.ending.terminal = kind;
  return [event];
}

/** `done` or a STREAM_END row: what the words before it mean. */
export function streamEnded(state: ShannonDecoderState): RunEvent[] {
  const { ending } = state;
  if (ending.terminal) return [];
  if (ending.cancelling !== undefined) return cancelled(ending.cancelling, state);
  if (ending.lastError) return failed(ending.lastError.message, undefined, state);
  return [];
}

export function cancelled(reason: string, state: ShannonDecoderState): RunEvent[] {
  if (state.ending.terminal) return terminalOnce({ type: 'run.cancelled' }, state, reason);
  return [...closeAllChapters('cancelled', state), ...terminalOnce({ type: 'run.cancelled', reason }, state, reason)];
}

/** The run failed (the agent whose error was the last word already failed with it: shannon-agents.ts). */
function failed(message: string, code: string | undefined, state: ShannonDecoderState): RunEvent[] {
  if (state.ending.terminal) return terminalOnce({ type: 'run.failed', error: { message } }, state, `Shannon reports: ${message}`);
  const error = code === undefined ? { message } : { message, code };
  return [...closeAllChapters('failed', state), ...terminalOnce({ type: 'run.failed', error }, state, message)];
}

// ---- the status check -------------------------------------------------------------

/** `GET /api/v1/tasks/{id}` (gateway TaskStatusResponse): only the fields read here. */
const TaskStatusSchema = z.looseObject({
  status: z.string(),
  error: z.string().nullish(),
  result: z.unknown().optional(),
  response: z.unknown().optional(),
});

/** A status reply → the terminal event it names (once), or one row saying where the run stands. */
export function readStatus(body: unknown, state: ShannonDecoderState): RunEvent[] {
  const parsed = TaskStatusSchema.safeParse(body);
  if (!parsed.success) return [{ type: 'log', level: 'warn', source: 'shannon', message: 'the status check answered without a status' }];
  const { status, error, result, response } = parsed.data;
  const word = status.replace(/^TASK_STATUS_/, '');
  switch (word) {
    case 'COMPLETED':
      if (state.ending.terminal) return terminalOnce({ type: 'run.completed' }, state, 'Shannon reports the task completed');
      return [...closeAllChapters('completed', state), ...terminalOnce({ type: 'run.completed', output: response ?? result }, state, '')];
    case 'FAILED':
      // The error the stream showed last, when it did (what the person read); else the server's.
      return failed(state.ending.lastError?.message || error || 'Shannon reports the task failed', undefined, state);
    case 'TIMEOUT':
      return failed(error || 'Shannon reports the task timed out', 'timeout', state);
    case 'CANCELLED':
    case 'CANCELED':
      return cancelled(state.ending.cancelling ?? (error || 'Shannon reports the task cancelled'), state);
    default:
      if (state.ending.terminal || state.ending.lastStatus === word) return [];
      state.ending.lastStatus = word;
      return [{ type: 'log', level: 'info', source: 'shannon', message: `Shannon reports the task ${word.toLowerCase()}` }];
  }
}
