/**
 * The small state a myagent decoder keeps while it reads one session's stream: which
 * tasks are running (partial answers often name none), the text each node has shown so
 * far (the real server's partial answers are cumulative), the chapter that is open, open
 * plan-confirmation gates and whether the run has started or ended.
 *
 * Why one decoder reads the whole session: a disconnect ends the myagent server session and
 * `user.reconnect_with_state` replays only what the old connection missed, on a NEW
 * connection; the first cumulative partial answer after a resume must be cut against the
 * text already shown, and 'solve' must not open twice. The dialect sets `decodeInOrder`, so
 * ingest keeps one decoder (one state) for the session and feeds it frames in seq order;
 * out of order, a cumulative answer would be cut against the wrong text.
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
  /** Text shown so far per node, to cut the new suffix out of cumulative answers. */
  texts: Map<string, string>;
  /** user_confirm step ids not resolved yet (the server sends no resolution event). */
  openGates: Set<string>;
};

export function newStreamState(): MyagentStreamState {
  return {
    runStarted: false,
    terminal: false,
    chapter: undefined,
    solveOpened: false,
    active: [],
    texts: new Map(),
    openGates: new Set(),
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

/**
 * The part of `content` not shown yet for `nodeId`. A cumulative answer (starts with
 * everything shown so far) yields its new suffix; anything else is a chunk of its own.
 */
export function newText(state: MyagentStreamState, nodeId: string, content: string): string {
  const shown = state.texts.get(nodeId) ?? '';
  if (shown.length > 0 && content.startsWith(shown)) {
    state.texts.set(nodeId, content);
    return content.slice(shown.length);
  }
  state.texts.set(nodeId, shown + content);
  return content;
}
