/**
 * The run's lifecycle frames → run and chapter events. How a MARS run ends, by path:
 * - success: `workflow_completed` (then `complete`); isolated modes send only `complete`;
 * - failure: `workflow_failed {error}` then `error {message}`;
 * - cancel: `workflow_failed {message, status: "cancelled"}` WITHOUT `error` (the socket
 *   handler's acknowledgement), then `workflow_cancelled` from the executor;
 * - `workflow_state_changed {status: "cancelled"}` (a `request_state` answer).
 * Whichever comes first ends the run; the rest only log.
 */
import { decimalToMicros } from '@/lib/to-micros';
import type { RunEvent } from '@/protocol/run-event';
import { enterExecution, finish, openPlanning } from '@/protocol/mars/mars-chapters';

/** The modes whose run begins with planning (task_executor.py:271). */
const PLANNING_MODES: ReadonlySet<string> = new Set(['planning-control', 'idea-generation', 'hitl-interactive', 'copilot', 'deep-research-extended', 'deepresearch-research']);
import type { MarsEventOf } from '@/protocol/mars/mars-schemas';
import type { MarsState } from '@/protocol/mars/mars-state';

const already = (what: string): RunEvent[] => [{ type: 'log', level: 'debug', source: 'workflow', message: `${what} (the run had ended already)` }];

export function workflowStarted(s: MarsState, data: MarsEventOf<'workflow_started'>['data']): RunEvent[] {
  const title = s.titled ? [] : [{ type: 'run.started' as const, ...(data.task_description ? { title: data.task_description } : {}) }];
  s.titled = true;
  // Modes without a planning phase start in execution (task_executor.py:271-274).
  return [...title, ...(data.mode !== undefined && !PLANNING_MODES.has(data.mode) ? enterExecution(s) : openPlanning(s))];
}

export function workflowCompleted(s: MarsState, data: MarsEventOf<'workflow_completed'>['data']): RunEvent[] {
  const seconds = data.total_duration_seconds ?? data.execution_time;
  const terminal: RunEvent = {
    type: 'run.completed',
    ...(data.final_result !== undefined ? { output: data.final_result } : {}),
    ...(seconds !== undefined ? { durationMs: Math.round(seconds * 1000) } : {}),
    ...(data.total_cost !== undefined ? { totalCost: { micros: decimalToMicros(data.total_cost), currency: 'USD' } } : {}),
  };
  return orLog(finish(s, terminal, 'completed'), 'workflow completed');
}

export function workflowFailed(s: MarsState, data: MarsEventOf<'workflow_failed'>['data']): RunEvent[] {
  if (data.error === undefined && data.status?.toLowerCase() === 'cancelled') {
    return orLog(finish(s, { type: 'run.cancelled', ...(data.message ? { reason: data.message } : {}) }, 'cancelled'), 'cancel acknowledged');
  }
  const message = data.error ?? data.message ?? 'the workflow failed';
  if (data.error) s.lastError = data.error;
  return orLog(finish(s, { type: 'run.failed', error: { message, ...(data.traceback ? { detail: data.traceback } : {}) } }, 'failed'), 'workflow failed');
}

export function workflowCancelled(s: MarsState, message: string | undefined): RunEvent[] {
  return orLog(finish(s, { type: 'run.cancelled', ...(message ? { reason: message } : {}) }, 'cancelled'), 'workflow cancelled');
}

export function complete(s: MarsState, message: string | undefined): RunEvent[] {
  return orLog(finish(s, { type: 'run.completed' }, 'completed'), message ?? 'complete');
}

/** completed / failed / paused have frames of their own (with totals and reasons): here they only log; `cancelled` has none. */
export function stateChanged(s: MarsState, status: string): RunEvent[] {
  const word = status.toLowerCase();
  if (word === 'cancelled' || word === 'canceled') return workflowCancelled(s, undefined);
  return [{ type: 'log', level: 'debug', source: 'workflow', message: `workflow ${word}` }];
}

export function resultLog(data: MarsEventOf<'result'>['data']): RunEvent {
  const parts = [data.execution_time !== undefined ? `finished in ${data.execution_time.toFixed(1)} s` : undefined, data.work_dir ? `work dir ${data.work_dir}` : undefined];
  return { type: 'log', level: 'info', source: 'result', message: `result: ${parts.filter(Boolean).join(' · ') || 'received'}` };
}

function orLog(events: RunEvent[], what: string): RunEvent[] {
  return events.length > 0 ? events : already(what);
}
