/**
 * The small state the myagent interpreter keeps while it reads one session's stream: which
 * tasks are running (partial answers often name none), the chapter that is open, open
 * plan-confirmation gates and whether the run has started or ended.
 *
 * Why one interpreter reads the whole session: a disconnect ends the myagent server session
 * and `user.reconnect_with_state` replays only what the old connection missed, on a NEW
 * connection; 'solve' must not open twice and a gate opened before the drop is still open.
 */
import type { Preview } from '@/protocol/myagent/myagent-preview';

export type MyagentChapter = 'plan' | 'solve' | 'aggregate';

export type MyagentStreamState = {
  runStarted: boolean;
  terminal: boolean;
  chapter: MyagentChapter | undefined;
  /** Set once the first solver.start closed 'plan': later solver.starts open nothing. */
  solveOpened: boolean;
  /** Started, unfinished task ids in start order; the last one owns task-less output. */
  active: string[];
  /** user_confirm step ids not resolved yet (the server sends no resolution event). */
  openGates: Set<string>;
  /** user.solve_tasks: how many tasks this session asked for, and which have finished. */
  solveTasks: number | undefined;
  finishedTasks: Set<string>;
  /** This session sent reconnect_with_state: the replay that follows closes a cancelled run. */
  reconnected: boolean;
  /** The preview note was shown (streamed fragments may be dropped by the server). */
  previewNoted: boolean;
  /** Each node's streamed preview, until its whole text replaces it (myagent-preview.ts). */
  previews: Map<string, Preview>;
  /** Our reconnect_with_state is unanswered: a refusal now ends what this tab can follow. */
  reconnectPending: boolean;
  /** A plan (or solve_tasks) was seen: this is a plan/solve pipeline, not a plain tool agent. */
  planned: boolean;
  /** The agent's name (agent.session_created `metadata.agent_name`): a plain agent's one node. */
  agentName: string | undefined;
  /** The plain agent's node was started. */
  plainStarted: boolean;
  /** Open tool confirmations by tool name (`confirm_<hex>_<tool>`): the tool's result tells how they ended. */
  toolGates: Map<string, string>;
  /** Tokens already booked from per-call statistics, so a closing total books only the rest. */
  bookedTokens: { input: number; output: number };
};

export function newStreamState(): MyagentStreamState {
  return {
    runStarted: false,
    terminal: false,
    chapter: undefined,
    solveOpened: false,
    active: [],
    openGates: new Set(),
    solveTasks: undefined,
    finishedTasks: new Set(),
    reconnected: false,
    previewNoted: false,
    previews: new Map(),
    reconnectPending: false,
    planned: false,
    agentName: undefined,
    plainStarted: false,
    toolGates: new Map(),
    bookedTokens: { input: 0, output: 0 },
  };
}

/** Marks a task running (moved to the end: it is now the current one). */
export function startTask(state: MyagentStreamState, taskId: string): void {
  state.active = state.active.filter((id) => id !== taskId);
  state.active.push(taskId);
}

export function endTask(state: MyagentStreamState, taskId: string): void {
  state.active = state.active.filter((id) => id !== taskId);
}

export function currentTask(state: MyagentStreamState): string | undefined {
  return state.active.at(-1);
}
