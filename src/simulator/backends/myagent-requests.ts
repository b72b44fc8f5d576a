/**
 * Reading what a myagent client asked: which story a message names, what a signed state says,
 * the run user.solve_tasks plays, and where a reconnect resumes the history.
 */
import type { Binding } from '@/simulator/backends/myagent-connection';
import type { Scenario, SimStep } from '@/simulator/engine/scenario';

/** At most this many history frames are replayed after a restore. */
export const REPLAY_LIMIT = 200;
const SCENARIO_IDS = ['fanout', 'retry', 'gate', 'cancel', 'deadline', 'chat', 'xss', 'tools'];

/** The story a run's instructions name: a `[scenario:<id>]` marker, a scenario's title (the start page's one-click runs), or a leading word. */
export function scenarioOf(content: unknown, scenarios: readonly { id: string; title: string }[]): string {
  const text = typeof content === 'string' ? content : '';
  const marked = /\[scenario:([a-z]+)\]/i.exec(text)?.[1]?.toLowerCase();
  if (marked && SCENARIO_IDS.includes(marked)) return marked;
  const titled = scenarios.find((s) => SCENARIO_IDS.includes(s.id) && text.trim().toLowerCase() === s.title.toLowerCase());
  if (titled) return titled.id;
  const first = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  return first && SCENARIO_IDS.includes(first) ? first : 'fanout';
}

export function readSignedState(signed: unknown): { session?: string; run?: string } | undefined {
  const state = typeof signed === 'object' && signed !== null ? (signed as { state?: { session_id?: unknown; run?: unknown } }).state : undefined;
  if (!state) return undefined;
  return {
    ...(typeof state.session_id === 'string' ? { session: state.session_id } : {}),
    ...(typeof state.run === 'string' ? { run: state.run } : {}),
  };
}

/** One step per task a client asked user.solve_tasks to solve: start, a few words, done. */
export function solveScenario(tasks: readonly unknown[]): Scenario {
  const nodes = tasks.map((task, i) => {
    const object = typeof task === 'object' && task !== null ? (task as { id?: unknown; title?: unknown }) : {};
    const id = typeof object.id === 'string' || typeof object.id === 'number' ? String(object.id) : String(i + 1);
    return { id, label: typeof object.title === 'string' ? object.title : `Task ${id}` };
  });
  const steps: SimStep[] = [{ op: 'plan', nodes, edges: [] }];
  for (const node of nodes) {
    steps.push({ op: 'node.start', node: node.id }, { op: 'tokens', node: node.id, text: `Solved ${node.label}. ` }, { op: 'node.done', node: node.id, output: { done: node.id } });
  }
  steps.push({ op: 'run.done', output: null });
  return { id: 'solve', title: 'Solve the given tasks', description: 'user.solve_tasks', tickMs: 120, steps };
}

/**
 * The history index after the last run frame the client saw (`last_seq` in the named session's
 * numbering; before any run frame of it: where that session started); the whole buffer when unknown.
 */
export function resumeIndex(binding: Binding | undefined, lastSeq: unknown, historyLength: number): number {
  if (!binding || typeof lastSeq !== 'number') return Math.max(0, historyLength - REPLAY_LIMIT);
  let index = binding.start - 1;
  for (const entry of binding.sent) if (entry.seq <= lastSeq) index = entry.index;
  return index + 1;
}

