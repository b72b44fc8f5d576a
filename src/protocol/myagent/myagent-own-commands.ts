/**
 * What the myagent interpreter learns from this session's own commands (the dialect sets
 * readsOwnCommands; recordings keep them as `out` lines, so a replay reads them alike):
 *   user.message        the run's title (a plain agent sends no plan.start)
 *   user.solve_tasks    the tasks it named: the graph, and how many must finish (no end event comes)
 *   user.reconnect_with_state   the replay that follows ends a run the disconnect cancelled
 *   user.response       our answer to a confirmation: the server echoes nothing, so this is
 *                       the only word that the gate was decided, and how (it reads `confirmed`)
 */
import { contentObject } from '@/protocol/myagent/myagent-content';
import { openChapter, runStarted } from '@/protocol/myagent/myagent-lifecycle';
import type { MyagentStreamState } from '@/protocol/myagent/myagent-state';
import type { RunEvent } from '@/protocol/run-event';

export function readOwnCommand(state: MyagentStreamState, command: unknown): RunEvent[] {
  const message = contentObject(contentObject(command)?.message);
  switch (message?.event) {
    case 'user.message':
      return runStarted(state, typeof message.content === 'string' ? message.content : undefined);
    case 'user.solve_tasks':
      return solveTasks(state, contentObject(message.content)?.tasks);
    case 'user.response':
      return answered(state, message);
    case 'user.reconnect_with_state':
      state.reconnected = true;
      state.reconnectPending = true;
      return [];
    default:
      return [];
  }
}

function answered(state: MyagentStreamState, message: Record<string, unknown>): RunEvent[] {
  const gateId = message.step_id;
  if (typeof gateId !== 'string' || !state.openGates.delete(gateId)) return [];
  const content = contentObject(message.content);
  const decidedBy = contentObject(message.metadata)?.decided_by;
  return [
    {
      type: 'gate.resolved',
      gateId,
      decision: content?.confirmed === true ? 'approved' : 'rejected',
      cause: 'decision',
      ...(typeof decidedBy === 'string' ? { decidedBy } : {}),
      ...(content ? { payload: content } : {}),
    },
  ];
}

function solveTasks(state: MyagentStreamState, tasks: unknown): RunEvent[] {
  if (!Array.isArray(tasks)) return [];
  const nodes = tasks.flatMap((task, i) => {
    const object = contentObject(task);
    const id = object?.id ?? i + 1;
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    const title = object?.title ?? object?.objective ?? object?.description;
    return [{ id: String(id), label: typeof title === 'string' ? title : `Task ${String(id)}`, kind: 'task' }];
  });
  state.solveTasks = nodes.length;
  state.solveOpened = true;
  return [...runStarted(state, `Solve ${nodes.length} task${nodes.length === 1 ? '' : 's'}`), ...openChapter(state, 'solve'), { type: 'graph.defined', nodes, edges: [] }];
}
