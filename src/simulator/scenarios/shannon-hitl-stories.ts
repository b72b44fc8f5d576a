/**
 * Shannon runs with a person in the loop, and a swarm (the start page offers them under
 * Shannon only): the research plan waiting for review (approved, or left until the review
 * timed out), and agents working through a task list.
 */
import type { Scenario, SimGateOption, SimStep } from '@/simulator/engine/scenario';
import { REVIEW_GATE } from '@/simulator/backends/shannon-review-route';
import { MODEL, work } from '@/simulator/scenarios/steps';

/** A research plan as Shannon's planner writes it: Markdown, a heading and numbered parts. */
function planFor(topic: string, parts: readonly string[]): string {
  return ['## Research plan', '', `I will look into **${topic}** in ${parts.length} parts:`, '', ...parts.map((part, i) => `${i + 1}. ${part}`)].join('\n');
}

const RECYCLING_PLAN = planFor('EV battery recycling in Europe', [
  '**Capacity** — how many tonnes a year EU plants recycle today, and where',
  '**Regulation** — the recycled-content targets of the 2023 Battery Regulation',
  '**Players** — the five largest recyclers and the processes they use',
]);

const START_UP_PLAN = planFor('solid-state battery start-ups', [
  '**Who** — the start-ups with pilot lines in 2025',
  '**Money** — what each raised, and from whom',
]);

const REVIEW_OPTIONS: readonly SimGateOption[] = [
  { value: 'approve', label: 'Approve plan', tone: 'approve' },
  { value: 'feedback', label: 'Request changes', tone: 'neutral' },
];

/** The research after the plan was approved: researchers in parallel, then the synthesis streams the answer. */
const RESEARCH: SimStep[] = [
  ...work('Gora', 'EU plants recycle about 140 kt of batteries a year; half of the capacity is in Germany.', 0.0031, 'web_search'),
  ...work('Maji', 'The regulation asks for 16% recycled cobalt and 6% lithium in new batteries from 2031.', 0.0027, 'web_search'),
  ...work('Ebisu', 'Umicore, Li-Cycle, Redwood, Northvolt and Fortum lead; most use hydrometallurgy.', 0.0029, 'web_search'),
  { op: 'tokens', node: 'synthesis', text: 'Europe recycles about 140 kt of EV batteries a year, mostly in Germany; targets for recycled content start in 2031, and five firms lead the market.', model: MODEL },
  { op: 'cost', node: 'synthesis', model: MODEL, inputTokens: 2400, outputTokens: 180, usd: 0.0042 },
  { op: 'run.done', output: { answer: 'Europe recycles about 140 kt of EV batteries a year.' } },
];

/** The review gate as the research workflow asks it; `timeoutMs` is the run's review_timeout. */
function reviewGate(plan: string, timeoutMs: number): SimStep {
  return {
    op: 'gate',
    id: REVIEW_GATE,
    node: 'planner',
    kind: 'review',
    message: plan,
    options: REVIEW_OPTIONS,
    timeoutMs,
    approved: RESEARCH,
    // The timer fired: Shannon says so and completes the workflow, unsuccessful (status COMPLETED, no result).
    rejected: [{ op: 'run.end', outcome: 'completed' }],
  };
}

export const shannonResearchReview: Scenario = {
  id: 'shannon-research',
  title: 'A Shannon research plan to review',
  description: 'Deep research with plan review: Shannon drafts a research plan and waits (up to 15 minutes) until you approve it or ask for changes, then researches.',
  tickMs: 220,
  dialects: ['shannon'],
  steps: [{ op: 'run.start', title: 'EV battery recycling in Europe' }, reviewGate(RECYCLING_PLAN, 15 * 60_000)],
};

export const shannonReviewTimeout: Scenario = {
  id: 'shannon-review-timeout',
  title: 'A Shannon research plan nobody reviewed',
  description: 'The run set review_timeout to 20 s and nobody answered: Shannon says "Review timed out" and completes the workflow without researching.',
  tickMs: 220,
  dialects: ['shannon'],
  steps: [{ op: 'run.start', title: 'Solid-state battery start-ups' }, reviewGate(START_UP_PLAN, 20_000)],
};

export const shannonSwarm: Scenario = {
  id: 'shannon-swarm',
  title: 'A Shannon swarm',
  description: 'A swarm: the lead writes a task list and named agents take the tasks (one agent takes a second task when it is free); each task shows its agent’s work.',
  tickMs: 220,
  dialects: ['shannon'],
  steps: [
    { op: 'run.start', title: 'Briefing on battery recycling costs' },
    {
      op: 'plan',
      nodes: [
        { id: 'T1', label: 'Survey EU recycling capacity', kind: 'task', agent: 'Ebisu' },
        { id: 'T2', label: 'Compare recycling costs', kind: 'task', agent: 'Gora' },
        { id: 'T3', label: 'Write the briefing', kind: 'task', agent: 'Ebisu' },
      ],
      edges: [
        { source: 'T1', target: 'T3' },
        { source: 'T2', target: 'T3' },
      ],
    },
    { op: 'node.start', node: 'T1' },
    { op: 'node.start', node: 'T2' },
    { op: 'tool', node: 'T1', tool: 'web_search', args: { query: 'EU battery recycling capacity 2025' }, result: { hits: 9 } },
    { op: 'tool', node: 'T2', tool: 'web_search', args: { query: 'hydrometallurgy vs pyrometallurgy cost per tonne' }, result: { hits: 7 } },
    { op: 'tokens', node: 'T1', text: 'EU plants recycle about 140 kt a year; Germany holds half of the capacity.' },
    { op: 'cost', node: 'T1', model: MODEL, inputTokens: 900, outputTokens: 210, usd: 0.0031 },
    { op: 'node.done', node: 'T1', output: { summary: 'about 140 kt a year' } },
    { op: 'tokens', node: 'T2', text: 'Hydrometallurgy costs about 20% less per tonne than pyrometallurgy.' },
    { op: 'cost', node: 'T2', model: MODEL, inputTokens: 860, outputTokens: 190, usd: 0.0028 },
    { op: 'node.done', node: 'T2', output: { summary: 'hydrometallurgy is cheaper' } },
    { op: 'node.start', node: 'T3' },
    { op: 'tokens', node: 'T3', text: 'Briefing: capacity ~140 kt/yr, mostly in Germany; hydrometallurgy is the cheaper route.' },
    { op: 'cost', node: 'T3', model: MODEL, inputTokens: 1200, outputTokens: 160, usd: 0.0026 },
    { op: 'node.done', node: 'T3', output: { summary: 'briefing written' } },
    { op: 'run.done', output: 'Europe recycles about 140 kt of EV batteries a year; hydrometallurgy is the cheaper process.' },
  ],
};
