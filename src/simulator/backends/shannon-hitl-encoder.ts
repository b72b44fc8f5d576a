/**
 * The Shannon frames of two upstream paths the generic steps do not show as the real server
 * does (upstream orchestrator_router.go, the gateway's review handler, swarm_workflow.go,
 * activities/p2p.go):
 * - the research-plan review: a `review` gate is RESEARCH_PLAN_READY (agent "planner", the
 *   plan in `message`, `{round, intent}`); a feedback round is REVIEW_USER_FEEDBACK (agent
 *   "user") and RESEARCH_PLAN_UPDATED (agent "research-planner", `{round, version, intent}`);
 *   approval is RESEARCH_PLAN_APPROVED "Got it — starting research"; the timer firing is
 *   ERROR_OCCURRED "Review timed out" then WORKFLOW_COMPLETED "All done", with no STREAM_END.
 * - swarm runs (plan nodes that name an `agent`): the supervisor starts the run, the task
 *   list is created unowned, each agent (a generated name) takes its task (owner, agent_id),
 *   streams no deltas, goes idle when done (the task completed, owner kept), and the run ends
 *   with a final_output LLM_OUTPUT and the supervisor's WORKFLOW_COMPLETED.
 */
import type { ShannonWire } from '@/simulator/backends/shannon-wire';
import type { SimStep } from '@/simulator/engine/scenario';
import type { RunFacts } from '@/simulator/engine/scripted-run';

type Body = Readonly<{ agent?: string | undefined; message?: string; payload?: Record<string, unknown> }>;
export type Emit = (run: RunFacts, type: string, body: Body) => ShannonWire;

/** The gateway's reply to feedback and the frames it publishes: one round of revision. */
export function reviewRound(step: Extract<SimStep, { op: 'gate.revised' }>, run: RunFacts, ev: Emit): ShannonWire[] {
  const round = { round: step.round, version: step.round };
  return [
    ev(run, 'REVIEW_USER_FEEDBACK', { agent: 'user', message: step.feedback, payload: round }),
    ev(run, 'RESEARCH_PLAN_UPDATED', { agent: 'research-planner', message: step.message, payload: { ...round, intent: 'ready' } }),
  ];
}

export function planReady(step: Extract<SimStep, { op: 'gate' }>, run: RunFacts, ev: Emit): ShannonWire {
  return ev(run, 'RESEARCH_PLAN_READY', { agent: 'planner', message: step.message, payload: { round: 1, intent: 'ready' } });
}

/** What the workflow sends once the review wait ends: approved, or the timer fired. */
export function reviewEnded(step: Extract<SimStep, { op: 'gate.resolved' }>, run: RunFacts, ev: Emit): ShannonWire[] {
  if (step.cause === 'timeout') {
    return [ev(run, 'ERROR_OCCURRED', { agent: 'planner', message: 'Review timed out' }), ev(run, 'WORKFLOW_COMPLETED', { agent: 'orchestrator', message: 'All done' })];
  }
  return [ev(run, 'RESEARCH_PLAN_APPROVED', { agent: 'planner', message: 'Got it — starting research' })];
}

/** Does this scenario play a swarm (its plan names the agents on its tasks)? */
export function isSwarm(run: RunFacts): boolean {
  return run.scenario.steps.some((s) => s.op === 'plan' && s.nodes.some((n) => n.agent !== undefined));
}

export function swarmStarted(run: RunFacts, ev: Emit): ShannonWire[] {
  return [
    ev(run, 'WORKFLOW_STARTED', { agent: 'swarm-supervisor', message: 'Assembling the team' }),
    ev(run, 'PROGRESS', { agent: 'swarm-lead', message: 'Thinking about the approach...' }),
  ];
}

export function swarmDone(output: unknown, run: RunFacts, ev: Emit): ShannonWire[] {
  const answer = typeof output === 'string' ? output : JSON.stringify(output);
  return [
    ev(run, 'LLM_OUTPUT', { agent: 'final_output', message: answer }),
    ev(run, 'WORKFLOW_COMPLETED', { agent: 'swarm-supervisor', message: 'All done' }),
    ev(run, 'STREAM_END', { agent: 'orchestrator', message: 'Done' }),
  ];
}
