/**
 * The modes a MARS run starts in and their options, as the backend reads them from the start
 * frame's `config` (UJ2202/MARS backend/execution/task_executor.py; the upstream UI's choices
 * in mars-ui/components/TaskInput.tsx, lib/modes.ts):
 *   one-shot          one agent, no plan, never asks a person                (task_executor.py:1034-1048)
 *   planning-control  a plan, then its steps; "NO approval gates"            (task_executor.py:748-770)
 *   idea-generation   idea maker / hater through planning and control        (task_executor.py:927-948)
 *   hitl-interactive  a person approves the plan and the steps               (task_executor.py:771-855)
 *                     hitlVariant full_interactive | planning_only | error_recovery,
 *                     approvalMode both | before_step | after_step | on_error (full_interactive only),
 *                     maxHumanIterations, allowPlanModification, allowStepSkip, allowStepRetry
 *   copilot           adapts to the task; approvalMode after_step | before_step | both | none,
 *                     enablePlanning, autoApproveSimple                      (task_executor.py:856-926)
 * Every mode reads `model` (default gpt-4o, :237); plan modes `maxPlanSteps` (10, :294) and
 * `nPlanReviews` (1, :295); one-shot `agent` (engineer, :240). OCR, arXiv and input
 * enhancement take file paths or URLs rather than a task, so the form does not offer them.
 */
import { startOptionApplies, type StartConfig, type StartOption } from '@/protocol/dialect';

const PLANS = ['planning-control', 'idea-generation', 'hitl-interactive', 'copilot'];
const HITL = { mode: ['hitl-interactive'] };

export const MARS_START_OPTIONS: readonly StartOption[] = [
  {
    id: 'mode',
    label: 'Mode',
    kind: 'choice',
    default: 'one-shot',
    choices: [
      { value: 'one-shot', label: 'One shot', help: 'One agent answers in a single pass. MARS never asks a person in this mode.' },
      { value: 'planning-control', label: 'Planning and control', help: 'A planner writes a plan, then each step runs. No approvals: MARS runs the plan as written.' },
      { value: 'idea-generation', label: 'Idea generation', help: 'An idea maker and an idea critic work through a plan. No approvals.' },
      { value: 'hitl-interactive', label: 'Human in the loop', help: 'A person approves, revises or rejects the plan, and (by the options below) each step.' },
      { value: 'copilot', label: 'Copilot', help: 'MARS plans when the task needs it and asks a person at the points chosen below.' },
    ],
  },
  { id: 'agent', label: 'Agent', kind: 'choice', default: 'engineer', when: { mode: ['one-shot'] }, choices: [{ value: 'engineer', label: 'Engineer' }, { value: 'researcher', label: 'Researcher' }] },
  { id: 'model', label: 'Model', kind: 'text', default: 'gpt-4o', help: 'The engineer agent\'s model' },
  {
    id: 'hitlVariant',
    label: 'Human-in-the-loop variant',
    kind: 'choice',
    default: 'full_interactive',
    when: HITL,
    choices: [
      { value: 'full_interactive', label: 'Full interactive (plan and steps)' },
      { value: 'planning_only', label: 'Planning only (steps run on their own)' },
      { value: 'error_recovery', label: 'Error recovery (asked only when a step fails)' },
    ],
  },
  {
    id: 'approvalMode',
    label: 'Ask before or after steps',
    kind: 'choice',
    default: 'both',
    when: { ...HITL, hitlVariant: ['full_interactive'] },
    choices: [
      { value: 'both', label: 'Before and after each step' },
      { value: 'before_step', label: 'Before each step' },
      { value: 'after_step', label: 'After each step' },
      { value: 'on_error', label: 'Only on errors' },
    ],
  },
  { id: 'maxHumanIterations', label: 'Plan revisions at most', kind: 'number', default: 3, min: 1, max: 10, when: { ...HITL, hitlVariant: ['full_interactive', 'planning_only'] } },
  { id: 'allowPlanModification', label: 'Allow editing the plan', kind: 'boolean', default: true, when: { ...HITL, hitlVariant: ['full_interactive', 'planning_only'] } },
  { id: 'allowStepSkip', label: 'Allow skipping a step', kind: 'boolean', default: true, when: { ...HITL, hitlVariant: ['full_interactive', 'error_recovery'] } },
  { id: 'allowStepRetry', label: 'Allow retrying a step', kind: 'boolean', default: true, when: { ...HITL, hitlVariant: ['full_interactive', 'error_recovery'] } },
  {
    id: 'copilotApprovalMode',
    label: 'Ask a person',
    kind: 'choice',
    default: 'after_step',
    when: { mode: ['copilot'] },
    choices: [
      { value: 'after_step', label: 'After each step' },
      { value: 'before_step', label: 'Before each step' },
      { value: 'both', label: 'Before and after each step' },
      { value: 'none', label: 'Never (runs on its own)' },
    ],
  },
  { id: 'enablePlanning', label: 'Plan complex tasks', kind: 'boolean', default: true, when: { mode: ['copilot'] } },
  { id: 'autoApproveSimple', label: 'Skip approval for simple tasks', kind: 'boolean', default: true, when: { mode: ['copilot'] } },
  { id: 'maxPlanSteps', label: 'Plan steps at most', kind: 'number', default: 10, min: 1, max: 20, when: { mode: PLANS } },
  { id: 'nPlanReviews', label: 'Plan reviews', kind: 'number', default: 1, min: 0, max: 5, when: { mode: ['planning-control', 'idea-generation', 'hitl-interactive'] } },
];

/** An option id → the config key MARS reads, where they differ (copilot's approval choices share HITL's key). */
const CONFIG_KEY: Readonly<Record<string, string>> = { copilotApprovalMode: 'approvalMode' };

/** The start frame's `config`: the mode and every option that applies to it (chosen or default). */
export function buildMarsConfig(chosen: StartConfig = {}): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {};
  for (const option of MARS_START_OPTIONS) values[option.id] = chosen[option.id] ?? option.default;
  const config: Record<string, string | number | boolean> = {};
  for (const option of MARS_START_OPTIONS) {
    if (startOptionApplies(option, values)) config[CONFIG_KEY[option.id] ?? option.id] = values[option.id] ?? option.default;
  }
  return config;
}
