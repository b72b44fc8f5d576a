/**
 * Whose step an agent's work is, in Shannon's swarm runs and beside them (upstream
 * swarm_workflow.go, activities/p2p.go, agents/names.go; Shannon's desktop keeps tasks and
 * its agent registry apart and leaves its system agents out of both):
 * - A swarm's TASKLIST_UPDATED lists every task `{id, description, status, owner, …}`;
 *   `owner` is the agent working on it (a generated name such as "Ebisu"), set when the
 *   task goes in_progress and kept once it is completed. That agent's events (AGENT_STARTED,
 *   tools, LLM output and its usage) carry its name as `agent_id`: they belong to the task
 *   it owns at that time, so the graph shows each task once, with its agent named.
 * - An agent that owns no task yet is not a step of its own in a swarm (it would show the
 *   same work twice once it takes a task).
 * - System agents (the supervisor and lead, planner, router, synthesis, …) coordinate; they
 *   are never tasks. Where one becomes a node (it streamed text) it ends when the run
 *   completes, like every agent Shannon did not say ended: never left "pending" or "running"
 *   after the run succeeded.
 */
import type { ShannonTask } from '@/protocol/shannon/shannon-schemas';
import type { ShannonDecoderState } from '@/protocol/shannon/shannon-state';
import type { RunEvent } from '@/protocol/run-event';

const SYSTEM_AGENTS: ReadonlySet<string> = new Set([
  'swarm-lead',
  'swarm-supervisor',
  'swarm-synthesis',
  'lead',
  'orchestrator',
  'supervisor',
  'planner',
  'research-planner',
  'title_generator',
  'title-generator',
  'router',
  'decomposer',
  'decompose',
  'synthesizer',
  'synthesis',
  'final_output',
  'system',
  'tasklist',
  'workspace',
  'user',
]);

/** The agents that write the answer: their streamed text is the run's answer, worth a node. */
const ANSWERING = /synth|final_output/i;

/** A system agent that only coordinates (planner, router, title generator, …): never a step. */
export function isCoordinator(agent: string): boolean {
  return SYSTEM_AGENTS.has(agent.toLowerCase()) && !ANSWERING.test(agent);
}

/** The node an agent's frame belongs to: the task it owns now, else the agent itself. */
export function nodeOfAgent(agent: string | undefined, state: ShannonDecoderState): string | undefined {
  if (agent === undefined) return undefined;
  return state.agentTask.get(agent) ?? agent;
}

/** A swarm agent with no task yet, or a system agent in a swarm: no step of its own. */
export function isUnownedInSwarm(node: string, state: ShannonDecoderState): boolean {
  return state.swarm && !state.taskIds.has(node);
}

/** Who works on what now: an in_progress task's owner works on it; a completed one's keeps it until it takes another. */
export function noteOwners(tasks: readonly ShannonTask[], state: ShannonDecoderState): void {
  // Agents owning tasks (an owner that is not the task itself) make it a swarm.
  if (tasks.some((t) => t.owner && t.owner !== t.id)) state.swarm = true;
  for (const task of tasks) if (task.owner && task.status === 'completed' && !isWorking(task.owner, tasks)) state.agentTask.set(task.owner, task.id);
  for (const task of tasks) if (task.owner && task.status === 'in_progress') state.agentTask.set(task.owner, task.id);
}

function isWorking(owner: string, tasks: readonly ShannonTask[]): boolean {
  return tasks.some((t) => t.owner === owner && t.status === 'in_progress');
}

/** How a task node names its agent ("task · agent Ebisu"), or plain "task" while nobody owns it. */
export function taskKind(task: ShannonTask): string {
  return task.owner ? `task · agent ${task.owner}` : 'task';
}

/**
 * Keeps count of the agent nodes (not tasks: the task list states their status) that started
 * or streamed and have not ended. Shannon often sends no AGENT_COMPLETED (a swarm agent goes
 * idle; system agents never say), so a completed run ends them rather than leave them running.
 */
export function noteOpenAgents(events: readonly RunEvent[], state: ShannonDecoderState): void {
  for (const event of events) {
    if (!('nodeId' in event) || typeof event.nodeId !== 'string' || state.taskIds.has(event.nodeId)) continue;
    if (event.type === 'node.started' || event.type === 'node.output' || event.type === 'node.progress') state.openAgents.add(event.nodeId);
    else if (event.type === 'node.completed' || event.type === 'node.failed' || event.type === 'node.cancelled') state.openAgents.delete(event.nodeId);
  }
}

const NODE_EVENTS: ReadonlySet<string> = new Set(['node.started', 'node.output', 'node.progress', 'node.completed', 'node.failed', 'node.retrying', 'node.status', 'node.skipped', 'node.cancelled']);

/**
 * In a swarm only tasks are steps: what an agent without a task (or a system agent) does stays
 * in the rows. Elsewhere the coordinating system agents are no steps either.
 */
export function keepTaskSteps(events: RunEvent[], state: ShannonDecoderState): RunEvent[] {
  const notAStep = (id: string) => (state.swarm ? !state.taskIds.has(id) : isCoordinator(id) && !state.taskIds.has(id));
  if (!events.some((e) => NODE_EVENTS.has(e.type) && 'nodeId' in e && typeof e.nodeId === 'string' && notAStep(e.nodeId))) return events;
  return events.filter((e) => !(NODE_EVENTS.has(e.type) && 'nodeId' in e && typeof e.nodeId === 'string' && notAStep(e.nodeId)));
}

/** At a successful end: the agents still open end with the run. */
export function endOpenAgents(state: ShannonDecoderState): RunEvent[] {
  const events: RunEvent[] = [...state.openAgents].map((nodeId) => ({ type: 'node.completed', nodeId }));
  state.openAgents.clear();
  return events;
}
