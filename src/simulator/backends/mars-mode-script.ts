/**
 * What a simulated MARS run does in the mode its start frame asked for, as the real executor
 * runs each mode (UJ2202/MARS backend/execution/task_executor.py:748-1048):
 * - one-shot, planning-control, idea-generation: nobody is ever asked ("NO approval gates",
 *   :749): a story's gate is passed as if approved, and nothing waits;
 * - hitl-interactive: the planning phase asks for the plan's review first (variants
 *   full_interactive and planning_only; cmbagent/phases/hitl_planning.py:296-330), then —
 *   full_interactive, approvalMode not on_error — the story's gates are the control phase's
 *   step approvals (hitl_control.py:714-734); planning_only and error_recovery pass them;
 * - copilot: the story's gates are its step approvals unless approvalMode is "none".
 */
import { randomUUID } from 'node:crypto';

import type { Scenario, SimNode, SimStep } from '@/simulator/engine/scenario';

export type MarsRunConfig = Readonly<{ mode: string; hitlVariant: string; approvalMode: string }>;

export const PLAN_REVIEW = 'during_planning';

const modes = new WeakMap<object, string>();

/** The mode a run was started in, for its row in the run list (workflow_runs.mode). */
export function rememberMarsMode(run: object, mode: string): void {
  modes.set(run, mode);
}

/** Seeded runs were not started through the socket: they may wait at a gate, so they are human-in-the-loop runs. */
export const marsModeOf = (run: object): string => modes.get(run) ?? 'hitl-interactive';

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);

/** The start frame's config as the executor reads it, with its defaults (task_executor.py:156, 777-779, 886). */
export function readMarsConfig(config: unknown): MarsRunConfig {
  const c = (typeof config === 'object' && config !== null ? config : {}) as Record<string, unknown>;
  const mode = text(c.mode, 'one-shot');
  return { mode, hitlVariant: text(c.hitlVariant, 'full_interactive'), approvalMode: text(c.approvalMode, mode === 'copilot' ? 'after_step' : 'both') };
}

const reviewsPlan = (c: MarsRunConfig) => c.mode === 'hitl-interactive' && c.hitlVariant !== 'error_recovery';
const asksAtSteps = (c: MarsRunConfig) =>
  (c.mode === 'hitl-interactive' && c.hitlVariant === 'full_interactive' && c.approvalMode !== 'on_error') || (c.mode === 'copilot' && c.approvalMode !== 'none');

export function scriptForMode(scenario: Scenario, config: MarsRunConfig, task: string): Scenario {
  const steps = passGates(scenario.steps, asksAtSteps(config));
  return { ...scenario, steps: reviewsPlan(config) ? withPlanReview(steps, task) : steps };
}

/** Gates kept where the mode asks at steps; elsewhere each gate is its approved branch, run at once. */
function passGates(steps: readonly SimStep[], ask: boolean): SimStep[] {
  return steps.flatMap((step): SimStep[] => {
    if (step.op !== 'gate') return [step];
    const approved = passGates(step.approved, ask);
    return ask ? [{ ...step, approved, rejected: passGates(step.rejected, ask) }] : approved;
  });
}

/** The planning phase's review: once the plan is written, before planning ends. */
function withPlanReview(steps: readonly SimStep[], task: string): SimStep[] {
  const plan = steps.find((s): s is Extract<SimStep, { op: 'plan' }> => s.op === 'plan');
  if (!plan) return [...steps];
  const endOfPlanning = steps.findIndex((s) => s.op === 'chapter.end' && s.key === 'planning');
  const at = endOfPlanning === -1 ? steps.indexOf(plan) + 1 : endOfPlanning;
  // A gate's branches are the rest of the story (the engine plays the chosen one in its place).
  return [...steps.slice(0, at), planReview(plan.nodes, task, steps.slice(at))];
}

function planReview(nodes: readonly SimNode[], task: string, rest: readonly SimStep[]): SimStep {
  const plan = nodes.map((n) => ({ sub_task: n.label, sub_task_agent: n.kind === 'tool' ? 'executor' : 'engineer', bullet_points: [] as string[] }));
  return {
    op: 'gate',
    id: randomUUID(),
    node: '',
    kind: 'approval',
    message: planReviewMessage(plan),
    options: [
      { value: 'approve', label: 'Approve', tone: 'approve' },
      { value: 'reject', label: 'Reject', tone: 'reject' },
      { value: 'revise', label: 'Revise', tone: 'neutral' },
      { value: 'modify', label: 'Modify', tone: 'neutral' },
    ],
    context: { checkpoint: PLAN_REVIEW, plan, iteration: 1, task },
    approved: rest,
    rejected: [{ op: 'run.fail', error: 'Plan rejected by human: ' }],
  };
}

/** hitl_planning.py:596-637 (_build_approval_message, _format_plan). */
function planReviewMessage(plan: readonly { sub_task: string; sub_task_agent: string }[]): string {
  return [
    'Planning iteration 1 complete.',
    '',
    '## Generated Plan:',
    '',
    ...plan.map((step, i) => `**Step ${i + 1}** (${step.sub_task_agent}): ${step.sub_task}`),
    '',
    '**Options:**',
    '- **Approve**: Accept the plan and proceed to execution',
    '- **Reject**: Cancel the workflow',
    '- **Revise**: Provide feedback for plan revision',
    '- **Modify**: Directly edit the plan structure',
  ].join('\n');
}
