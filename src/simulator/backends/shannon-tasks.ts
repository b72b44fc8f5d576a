/**
 * The run's task list as Shannon publishes it: the plan is a TASKLIST_UPDATED (task id = scenario
 * node id, owner = the node, depends_on from the scenario edges), re-sent on every status change.
 * A plan whose nodes name an `agent` is a swarm's task list: created unowned by the lead, each
 * agent owning its task from in_progress on (UpdateTaskStatus); an idle agent takes another task.
 */
import type { Emit } from '@/simulator/backends/shannon-hitl-encoder';
import type { ShannonWire } from '@/simulator/backends/shannon-wire';
import type { SimStep } from '@/simulator/engine/scenario';
import type { RunFacts } from '@/simulator/engine/scripted-run';

/** A swarm's SwarmTask keeps its struct order and sends `depends_on: null` when it has none. */
type Task = { id: string; description: string; status: string; owner: string; created_by?: string; depends_on: string[] | null; completed_at?: string };

export class ShannonTasks {
  private readonly tasks: Task[] = [];
  /** Swarm runs: who works on each task. */
  private readonly agents = new Map<string, string>();
  /** Swarm runs: the agents that already started. */
  private readonly started = new Set<string>();

  constructor(private readonly ev: Emit) {}

  get isSwarm(): boolean {
    return this.agents.size > 0;
  }

  isSwarmTask(node: string): boolean {
    return this.agents.has(node);
  }

  who(node: string): string {
    return this.agents.get(node) ?? node;
  }

  /** What a task asks (an agent's query); the node id where the plan did not name it. */
  describe(node: string): string {
    return this.tasks.find((t) => t.id === node)?.description ?? node;
  }

  plan(step: Extract<SimStep, { op: 'plan' }>, run: RunFacts): ShannonWire[] {
    for (const node of step.nodes) {
      const depends = step.edges.filter((e) => e.target === node.id).map((e) => e.source);
      if (node.agent === undefined) {
        this.tasks.push({ id: node.id, description: node.label, status: 'pending', owner: node.id, depends_on: depends });
        continue;
      }
      this.agents.set(node.id, node.agent);
      this.tasks.push({ id: node.id, description: node.label, status: 'pending', owner: '', created_by: 'lead', depends_on: depends.length > 0 ? depends : null });
    }
    const message = this.agents.size > 0 ? `Created ${this.tasks.length} tasks` : `plan with ${this.tasks.length} tasks`;
    return [this.ev(run, 'TASKLIST_UPDATED', { agent: 'tasklist', message, payload: { tasks: this.copy() } })];
  }

  agentStarted(run: RunFacts, node: string): ShannonWire[] {
    const agent = this.who(node);
    if (this.agents.has(node) && this.started.has(agent)) return this.update(run, node, 'in_progress');
    this.started.add(agent);
    const message = this.agents.has(node) ? `${agent} is on it` : `Agent ${node} started`;
    return [this.ev(run, 'AGENT_STARTED', { agent, message, payload: { role: this.agents.has(node) ? 'researcher' : node } }), ...this.update(run, node, 'in_progress')];
  }

  /** The list again after a status change; nothing when the status is already that. */
  update(run: RunFacts, node: string, status: string): ShannonWire[] {
    const task = this.tasks.find((t) => t.id === node);
    if (!task || task.status === status) return [];
    task.status = status;
    if (!this.agents.has(node)) return [this.ev(run, 'TASKLIST_UPDATED', { agent: 'tasklist', message: `task=${node} status=${status}`, payload: { tasks: this.copy() } })];
    // A swarm agent's own update (UpdateTaskStatus): it owns the task from in_progress on, and keeps it.
    task.owner = this.who(node);
    if (status === 'completed') task.completed_at = new Date(run.nowMs).toISOString().replace(/\.\d+Z$/, 'Z');
    return [this.ev(run, 'TASKLIST_UPDATED', { agent: this.who(node), payload: { tasks: this.copy() } })];
  }

  private copy(): Task[] {
    return this.tasks.map((t) => ({ ...t }));
  }
}
