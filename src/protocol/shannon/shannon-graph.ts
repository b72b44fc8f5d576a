/**
 * Graph and chapters for Shannon, which sends neither outright.
 *
 * Graph: TASKLIST_UPDATED is the best source (tests/fixtures/shannon/): task ids become nodes
 * (kind 'task', label from the description) and edges come ONLY from `depends_on`. Agents
 * (AGENT_STARTED, TEAM_RECRUITED members) become nodes of kind 'agent' when no task has
 * their id; they get no edges, because Shannon states none and inventing them would draw
 * dependencies that do not exist. Every declaration is additive (no `replace`), so tasks and
 * agents coexist, and each node or edge is declared once per connection.
 *
 * Chapters (Shannon has none; Runboard's mapping):
 *   'workflow' "Workflow"        opens on WORKFLOW_STARTED, closes on the terminal event;
 *   'agents'   "Agents at work"  opens on the first AGENT_STARTED / TEAM_RECRUITED, closes on
 *                                the final synthesis output or the terminal event.
 * Tool calls are rows inside the open chapter, not chapters of their own.
 */
import { toNodeStatus } from '@/protocol/decode-util';
import type { ShannonTask } from '@/protocol/shannon/shannon-schemas';
import { isCoordinator, noteOwners, taskKind } from '@/protocol/shannon/shannon-swarm';
import type { ShannonDecoderState } from '@/protocol/shannon/shannon-state';
import type { GraphEdge, GraphNode, RunEvent } from '@/protocol/run-event';

export const WORKFLOW_CHAPTER = { chapterId: 'workflow', title: 'Workflow' } as const;
export const AGENTS_CHAPTER = { chapterId: 'agents', title: 'Agents at work' } as const;

/** graph.defined for the tasks and edges not declared yet, plus node.status for changed statuses. */
export function taskListEvents(tasks: readonly ShannonTask[], state: ShannonDecoderState): RunEvent[] {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const statuses: RunEvent[] = [];
  noteOwners(tasks, state);
  for (const task of tasks) {
    state.taskIds.add(task.id);
    const status = task.status === undefined ? undefined : toNodeStatus(task.status);
    const kind = taskKind(task);
    if (!state.declaredNodes.has(task.id) || state.taskOwner.get(task.id) !== kind) {
      // A new owner re-declares the node: the graph merges it, naming the agent now at work.
      const known = state.declaredNodes.has(task.id);
      state.declaredNodes.add(task.id);
      state.taskOwner.set(task.id, kind);
      nodes.push({ id: task.id, label: task.description || task.id, kind, ...(status && !known ? { status } : {}) });
    }
    for (const source of task.depends_on ?? []) {
      const key = `${source}>${task.id}`;
      if (state.declaredEdges.has(key)) continue;
      state.declaredEdges.add(key);
      edges.push({ source, target: task.id });
    }
    if (status && state.taskStatus.get(task.id) !== status) {
      state.taskStatus.set(task.id, status);
      // A swarm task done says what its agent answered last: that is the task's output (its agent
      // goes idle, no AGENT_COMPLETED per task).
      const reply = status === 'succeeded' && state.swarm ? state.taskReply.get(task.id) : undefined;
      statuses.push(reply === undefined ? { type: 'node.status', nodeId: task.id, status } : { type: 'node.completed', nodeId: task.id, output: reply });
    }
  }
  const graph: RunEvent[] = nodes.length > 0 || edges.length > 0 ? [{ type: 'graph.defined', nodes, edges }] : [];
  return [...graph, ...statuses];
}

/** graph.defined (no edges) for agents that are neither a task nor declared yet. */
export function agentNodeEvents(agents: readonly { id: string; label?: string | undefined }[], state: ShannonDecoderState): RunEvent[] {
  // A swarm's agents work on its tasks: they are named on them, never steps of their own.
  if (state.swarm) return [];
  const nodes: GraphNode[] = [];
  for (const agent of agents) {
    if (state.taskIds.has(agent.id) || state.declaredNodes.has(agent.id) || isCoordinator(agent.id)) continue;
    state.declaredNodes.add(agent.id);
    nodes.push({ id: agent.id, label: agent.label || agent.id, kind: 'agent' });
  }
  return nodes.length > 0 ? [{ type: 'graph.defined', nodes, edges: [] }] : [];
}

export function openChapter(chapter: { chapterId: string; title: string }, state: ShannonDecoderState): RunEvent[] {
  if (state.openChapters.has(chapter.chapterId)) return [];
  state.openChapters.add(chapter.chapterId);
  return [{ type: 'chapter.started', chapterId: chapter.chapterId, title: chapter.title, chapterKey: chapter.chapterId }];
}

/**
 * Closes a chapter this connection opened. After a reconnect the opening frame was consumed
 * by an earlier connection, so a resumed decoder closes it anyway (closing is idempotent).
 */
export function closeChapter(chapterId: string, status: string, state: ShannonDecoderState): RunEvent[] {
  if (!state.openChapters.has(chapterId) && !state.resumed) return [];
  state.openChapters.delete(chapterId);
  return [{ type: 'chapter.completed', chapterId, status }];
}

/** Closes 'agents' then 'workflow' at a terminal event. */
export function closeAllChapters(status: string, state: ShannonDecoderState): RunEvent[] {
  return [...closeChapter(AGENTS_CHAPTER.chapterId, status, state), ...closeChapter(WORKFLOW_CHAPTER.chapterId, status, state)];
}

/** Shannon's final answer comes from a synthesis agent ("synthesis", "final-synthesizer", ...). */
export function isFinalSynthesis(agentId: string | undefined): boolean {
  return agentId !== undefined && /synth/i.test(agentId);
}
