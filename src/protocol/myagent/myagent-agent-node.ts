/**
 * Who owns a task-less event. A plan/solve pipeline's events name their task (or belong to
 * the run); a plain tool agent (`create_toolcall_agent` behind the same server) sends no
 * plan and no task at all: its thinking, tool calls, partial answers and final answer are
 * the work of ONE node, named for the agent (`agent.session_created.metadata.agent_name`).
 * Tool confirmations are resolved here too: the server sends no event when one ends, but the
 * tool's own result follows it (session.py wraps the tool collection), and "Tool execution
 * cancelled by user" on a confirmation nobody answered is the server's 300 s denial.
 */
import { currentTask, type MyagentStreamState } from '@/protocol/myagent/myagent-state';
import type { RunEvent } from '@/protocol/run-event';

/** The plain agent's node: named (and identified) by the agent, `agent` when the server named none. */
export function plainNodeOf(state: MyagentStreamState): string {
  return state.agentName ?? 'agent';
}

/** base_tool.py: what a denied (or timed-out) confirmation makes the tool return. */
const DENIED = 'Tool execution cancelled by user';

/** The node a task-less event belongs to: the running task, or a plain agent's one node. */
export function ownerOf(state: MyagentStreamState): string | undefined {
  return currentTask(state) ?? (state.planned ? undefined : plainNodeOf(state));
}

/** The plain agent's node, started once, before the first event that belongs to it. */
export function plainStart(state: MyagentStreamState, owner: string | undefined): RunEvent[] {
  if (state.planned || owner !== plainNodeOf(state) || state.plainStarted) return [];
  state.plainStarted = true;
  return [{ type: 'node.started', nodeId: owner, label: state.agentName ?? 'Agent', kind: 'agent' }];
}

/** A tool's result ends the confirmation that asked about it, if nobody here answered it. */
export function toolConfirmationEnded(state: MyagentStreamState, tool: string, denied: boolean): RunEvent[] {
  const gateId = state.toolGates.get(tool);
  if (gateId === undefined) return [];
  state.toolGates.delete(tool);
  if (!state.openGates.delete(gateId)) return [];
  // A tool that ran (even one that failed) was confirmed; only the denial text means it was not.
  return [denied ? { type: 'gate.resolved', gateId, decision: 'rejected', cause: 'timeout' } : { type: 'gate.resolved', gateId, decision: 'approved', cause: 'decision' }];
}

/** Did the tool's result say its confirmation was denied? (`metadata.error`, or the content text.) */
export function wasDenied(error: unknown, content: unknown): boolean {
  return (typeof error === 'string' && error.startsWith(DENIED)) || (typeof content === 'string' && content.includes(DENIED));
}
