/**
 * The small state a myagent decoder keeps while it reads one session's stream: which
 * tasks are running (partial answers often name none), the text each node has shown so
 * far (the real server's partial answers are cumulative), the chapter that is open, open
 * plan-confirmation gates and whether the run has started or ended.
 *
 * Why it outlives a connection: a disconnect ends the myagent server session and
 * `user.reconnect_with_state` replays only what the old connection missed, on a NEW
 * connection, i.e. a new decoder (dialect.ts creates one per connection and passes no
 * previous state). Without carrying this over, the first cumulative partial answer after
 * a resume would repeat text already shown and the 'solve' chapter would open twice.
 * The carry-over is keyed by run id and taken only by a LATER epoch of the same run, so a
 * new session (epoch 0 again, e.g. replaying a recording) always starts clean.
 */
import type { DecodeContext } from '@/protocol/dialect';

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

const CARRY_LIMIT = 32;
const carried = new Map<string, { epoch: number; state: MyagentStreamState }>();

/** The state for a new decoder: the run's previous one on a reconnect, else a fresh one. */
export function streamStateFor(ctx: DecodeContext): MyagentStreamState {
  const previous = carried.get(ctx.runId);
  if (previous && ctx.epoch > previous.epoch) {
    previous.epoch = ctx.epoch;
    return previous.state;
  }
  const state = newStreamState();
  carried.delete(ctx.runId);
  carried.set(ctx.runId, { epoch: ctx.epoch, state });
  if (carried.size > CARRY_LIMIT) {
    const oldest = carried.keys().next().value;
    if (oldest !== undefined) carried.delete(oldest);
  }
  return state;
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
