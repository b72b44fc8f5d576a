/**
 * How a myagent run ends, in every way the real server ends one (JasonDZS/myagent
 * myagent/ws/session.py and plan_solver.py):
 *   pipeline.completed (then an agent.final_answer that only repeats the summary)   succeeded
 *   agent.final_answer of a plain agent (no plan)                                     succeeded, with the answer
 *   agent.final_answer "Plan was declined by user." / "Plan was cancelled"            cancelled (the plan never ran)
 *   agent.final_answer "Plan confirmation contained invalid tasks: …"                 failed
 *   agent.interrupted "Execution cancelled" (user.cancel)                             cancelled
 *   agent.error "Execution error: …" (after the server's own retries)                 failed; running tasks failed with it
 *   user.solve_tasks: every task it named finished (the server sends no end event)    succeeded
 *   a dropped connection: the server cancels the session's run when its socket closes;
 *   the replay after reconnect_with_state ends ("Replay completed") and nothing runs   cancelled, saying why
 */
import { clip, contentText } from '@/protocol/myagent/myagent-content';
import { finish, log, resolveGates } from '@/protocol/myagent/myagent-lifecycle';
import { plainNodeOf, plainStart } from '@/protocol/myagent/myagent-agent-node';
import { wholeText } from '@/protocol/myagent/myagent-preview';
import type { MyagentStreamState } from '@/protocol/myagent/myagent-state';
import type { RunEvent } from '@/protocol/run-event';

export const DECLINED = 'Plan was declined by user.';
const CANCELLED_PLAN = 'Plan was cancelled';
const INVALID_TASKS = 'Plan confirmation contained invalid tasks';
const EXECUTION_ERROR = 'Execution error:';
export const DISCONNECT_REASON = "the connection dropped, and myagent cancels a session's run when its socket closes; the run did not finish";

/** The node that holds a plain agent's answer (and task-less partial answers). */
export const AGGREGATE_NODE = 'aggregate';

export function finalAnswer(state: MyagentStreamState, content: unknown): RunEvent[] {
  const text = contentText(content, undefined) ?? '';
  if (state.terminal) return [log('info', clip(text || 'final answer'), 'final_answer')];
  if (text.startsWith(DECLINED)) {
    // Our own answer closed its gate already (myagent-own-commands.ts): one still open was never answered, and the server's wait ran out.
    const reason = state.openGates.size > 0 ? `Nobody answered the plan confirmation within the server's wait, so myagent declined the plan (it says “${text}”)` : text;
    return [...resolveGates(state, 'rejected', 'timeout'), ...finish(state, { type: 'run.cancelled', reason }, 'cancelled')];
  }
  if (text.startsWith(CANCELLED_PLAN)) return [...resolveGates(state, 'rejected', 'decision'), ...finish(state, { type: 'run.cancelled', reason: text }, 'cancelled')];
  if (text.startsWith(INVALID_TASKS)) return finish(state, { type: 'run.failed', error: { message: text } }, 'failed');
  const answered: RunEvent[] = state.runStarted ? [] : [{ type: 'run.started' }];
  state.runStarted = true;
  // A plain tool agent's answer completes its one node; a pipeline's, the aggregate.
  const owner = state.planned ? AGGREGATE_NODE : plainNodeOf(state);
  const node: RunEvent[] = plainStart(state, owner);
  const whole = wholeText(state.previews, owner, text);
  return [...answered, ...node, ...whole, { type: 'node.completed', nodeId: owner, output: text }, ...finish(state, { type: 'run.completed', output: text }, 'completed')];
}

/** agent.error: "Execution error: …" ends the run (tasks still running fail with it); anything else is a row. */
export function agentError(state: MyagentStreamState, message: string, taskId: string | undefined): RunEvent[] | undefined {
  if (!message.startsWith(EXECUTION_ERROR) || state.terminal) return undefined;
  const error = { message };
  const running: RunEvent[] = state.active.map((nodeId) => ({ type: 'node.failed', nodeId, error }));
  return [log('error', message, 'agent', taskId), ...running, ...finish(state, { type: 'run.failed', error }, 'failed')];
}

/** user.solve_tasks names the tasks: the run is over once each has finished. */
export function solveTaskFinished(state: MyagentStreamState, taskId: string): RunEvent[] {
  if (state.solveTasks === undefined) return [];
  state.finishedTasks.add(taskId);
  if (state.finishedTasks.size < state.solveTasks || state.terminal) return [];
  return finish(state, { type: 'run.completed' }, 'completed');
}

/** The replay after our own reconnect_with_state is over: the run it belonged to was cancelled by the disconnect. */
export function replayCompleted(state: MyagentStreamState): RunEvent[] {
  if (!state.reconnected || state.terminal) return [];
  state.reconnected = false;
  const running: RunEvent[] = state.active.map((nodeId) => ({ type: 'node.cancelled', nodeId, reason: DISCONNECT_REASON }));
  return [...running, ...finish(state, { type: 'run.cancelled', reason: DISCONNECT_REASON }, 'cancelled')];
}
