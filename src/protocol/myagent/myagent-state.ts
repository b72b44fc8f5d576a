/**
 * The small state the myagent interpreter keeps while it reads one session's stream: which
 * tasks are running (partial answers often name none), the chapter that is open, open
 * plan-confirmation gates and whether the run has started or ended.
 *
 * Why one interpreter reads the whole session: a disconnect ends the myagent server session
 * and `user.reconnect_with_state` replays only what the old connection missed, on a NEW
 * connection; 'solve' must not open twice and a gate opened before the drop is still open.
 */
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
