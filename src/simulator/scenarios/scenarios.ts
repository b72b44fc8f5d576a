/**
 * The stories every dialect plays. Text is English; node ids are short and stable so
 * tests and screenshots can name them.
 */
import type { Scenario, SimStep } from '@/simulator/engine/scenario';
import { adapterAssistant } from '@/simulator/scenarios/agui-adapter-stories';
import { crawlStart } from '@/simulator/scenarios/crawl-start';
import { hostileText } from '@/simulator/scenarios/hostile-text';
import { manyToolCalls } from '@/simulator/scenarios/many-tool-calls';
import { toolConfirm } from '@/simulator/scenarios/myagent-stories';
import { shannonResearchReview, shannonReviewTimeout, shannonSwarm } from '@/simulator/scenarios/shannon-hitl-stories';
import { shannonFailure, shannonLate } from '@/simulator/scenarios/shannon-stories';
import { MODEL, work } from '@/simulator/scenarios/steps';

const researchers = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];

export const fanOut: Scenario = {
  id: 'fanout',
  title: 'Research fan-out',
  description: 'A planner fans out to six parallel researchers, then a writer merges their notes.',
  tickMs: 220,
  steps: [
    { op: 'run.start', title: 'Market research report' },
    { op: 'chapter.start', key: 'planning', title: 'Planning' },
    {
      op: 'plan',
      nodes: [
        { id: 'plan', label: 'Plan research', kind: 'agent' },
        ...researchers.map((id, i) => ({ id, label: `Research topic ${i + 1}`, kind: 'agent', group: 'research' })),
        { id: 'write', label: 'Write report', kind: 'agent' },
      ],
      edges: [
        ...researchers.map((id) => ({ source: 'plan', target: id })),
        ...researchers.map((id) => ({ source: id, target: 'write' })),
      ],
    },
    ...work('plan', 'Split the market question into six topics and assign one researcher each.', 0.0021),
    { op: 'chapter.end', key: 'planning', status: 'completed' },
    { op: 'chapter.start', key: 'execution', title: 'Execution' },
    ...researchers.map((node): SimStep => ({ op: 'node.start', node })),
    ...researchers.flatMap((node, i): SimStep[] => [
      { op: 'tool', node, tool: 'web_search', args: { query: `topic ${i + 1}` }, result: { hits: 12 - i } },
      { op: 'tokens', node, text: `Findings for topic ${i + 1}: demand is growing and prices are falling.`, model: MODEL },
    ]),
    ...researchers.flatMap((node, i): SimStep[] => [
      { op: 'cost', node, model: MODEL, inputTokens: 900 + i * 10, outputTokens: 300 + i * 5, usd: 0.0034 + i * 0.0001 },
      { op: 'node.done', node, output: { topic: i + 1, confidence: 0.8 } },
    ]),
    { op: 'chapter.end', key: 'execution', status: 'completed' },
    { op: 'chapter.start', key: 'compile', title: 'Compile' },
    ...work('write', 'The market grows about 12% a year; the report has five sections and a summary.', 0.0065),
    { op: 'chapter.end', key: 'compile', status: 'completed' },
    { op: 'run.done', output: { report: 'report.md' } },
  ],
};

export const failureRetry: Scenario = {
  id: 'retry',
  title: 'Failure and retry',
  description: 'A fetch step fails on a rate limit, is retried and succeeds; a later step fails for good.',
  tickMs: 220,
  steps: [
    { op: 'run.start', title: 'Nightly data sync' },
    { op: 'chapter.start', key: 'execution', title: 'Execution' },
    {
      op: 'plan',
      nodes: [
        { id: 'fetch', label: 'Fetch records', kind: 'tool' },
        { id: 'clean', label: 'Clean records', kind: 'agent' },
        { id: 'load', label: 'Load warehouse', kind: 'tool' },
        { id: 'notify', label: 'Notify team', kind: 'tool' },
      ],
      edges: [
        { source: 'fetch', target: 'clean' },
        { source: 'clean', target: 'load' },
        { source: 'load', target: 'notify' },
      ],
    },
    { op: 'node.start', node: 'fetch', attempt: 1 },
    { op: 'log', level: 'warn', message: 'Provider answered 429 Too Many Requests', node: 'fetch' },
    { op: 'node.fail', node: 'fetch', error: 'rate limit exceeded', code: 'provider_rate_limit', willRetry: true, attempt: 1 },
    { op: 'wait', ms: 300 },
    { op: 'node.start', node: 'fetch', attempt: 2 },
    { op: 'tool', node: 'fetch', tool: 'http_get', args: { url: 'https://example.com/records' }, result: { rows: 1200 } },
    { op: 'node.done', node: 'fetch', output: { rows: 1200 }, attempt: 2 },
    ...work('clean', 'Removed 31 duplicate rows and normalised 4 date formats.', 0.0018),
    { op: 'node.start', node: 'load' },
    { op: 'node.fail', node: 'load', error: 'warehouse rejected the schema: column "amount" is not numeric', code: 'tool_failed', willRetry: false },
    { op: 'node.skip', node: 'notify', reason: 'upstream_unreachable' },
    { op: 'chapter.end', key: 'execution', status: 'failed' },
    { op: 'run.fail', error: 'Load warehouse failed: column "amount" is not numeric', node: 'load' },
  ],
};

export const humanGate: Scenario = {
  id: 'gate',
  title: 'Human approval',
  description: 'A deploy plan waits for a reviewer to approve or reject it before it runs.',
  tickMs: 220,
  steps: [
    { op: 'run.start', title: 'Deploy release 2.4' },
    { op: 'chapter.start', key: 'planning', title: 'Planning' },
    {
      op: 'plan',
      nodes: [
        { id: 'draft', label: 'Draft deploy plan', kind: 'agent' },
        { id: 'review', label: 'Approve deploy', kind: 'human_gate' },
        { id: 'deploy', label: 'Deploy to production', kind: 'tool' },
      ],
      edges: [
        { source: 'draft', target: 'review' },
        { source: 'review', target: 'deploy' },
      ],
    },
    ...work('draft', 'Roll out 2.4 to 10% of traffic, watch errors for 15 minutes, then go to 100%.', 0.0042),
    { op: 'chapter.end', key: 'planning', status: 'completed' },
    { op: 'chapter.start', key: 'execution', title: 'Execution' },
    { op: 'node.start', node: 'review' },
    {
      op: 'gate',
      id: 'gate-deploy',
      node: 'review',
      kind: 'approval',
      message: 'Deploy release 2.4 to production?',
      options: [
        { value: 'approve', label: 'Approve', tone: 'approve' },
        { value: 'reject', label: 'Reject', tone: 'reject' },
      ],
      context: { proposed_action: 'kubectl rollout release-2.4 --canary 10%', risk: 'medium' },
      timeoutMs: 120_000,
      approved: [
        { op: 'node.done', node: 'review', output: { decision: 'approved' } },
        ...work('deploy', 'Canary healthy; rolled out to 100% of traffic.', 0.0011, 'kubectl'),
        { op: 'chapter.end', key: 'execution', status: 'completed' },
        { op: 'run.done', output: { deployed: '2.4' } },
      ],
      rejected: [
        { op: 'node.done', node: 'review', output: { decision: 'rejected' } },
        { op: 'node.skip', node: 'deploy', reason: 'branch_not_taken' },
        { op: 'chapter.end', key: 'execution', status: 'completed' },
        { op: 'run.done', output: { deployed: null } },
      ],
    },
  ],
};

export const cancellation: Scenario = {
  id: 'cancel',
  title: 'Long run, cancelled',
  description: 'A slow crawl that the operator (or the script, after a while) cancels.',
  tickMs: 400,
  steps: [
    ...crawlStart('Crawl documentation site'),
    ...Array.from({ length: 8 }, (_, i): SimStep => ({ op: 'node.progress', node: 'crawl', progress: (i + 1) / 10, message: `${(i + 1) * 40} pages` })),
    { op: 'log', level: 'info', message: 'Operator asked to stop the crawl' },
    { op: 'run.cancel', reason: 'cancelled by operator' },
  ],
};

/**
 * A plain agent: no plan, one answer streamed and given. Protocols that plan (myagent's
 * plan/solve pipeline) send their plain-agent form: no plan events, a final answer as the end.
 */
export const plainAnswer: Scenario = {
  id: 'chat',
  title: 'A plain answer',
  description: 'An agent with no plan answers one question, streaming its words, and is done.',
  tickMs: 220,
  steps: [
    { op: 'run.start', title: 'What is the capital of France?' },
    ...work('answer', 'Paris is the capital of France, on the Seine, with about two million people.', 0.0009, 'web_search'),
    { op: 'run.done', output: { answer: 'Paris' } },
  ],
};

/** The approval story with a short deadline: nobody answers and the backend rejects it. */
export const deadline: Scenario = {
  ...humanGate,
  id: 'deadline',
  title: 'Approval with a deadline',
  description: 'The deploy approval times out after 20 seconds and the backend rejects it.',
  steps: humanGate.steps.map((step) => (step.op === 'gate' ? { ...step, timeoutMs: 20_000 } : step)),
};

export const SCENARIOS: readonly Scenario[] = [
  fanOut,
  failureRetry,
  humanGate,
  cancellation,
  deadline,
  plainAnswer,
  hostileText,
  manyToolCalls,
  shannonFailure,
  shannonLate,
  toolConfirm,
  shannonResearchReview,
  shannonReviewTimeout,
  shannonSwarm,
  adapterAssistant,
];

// ---- runs the simulator keeps going for the console (run-lists/seed-runs.ts) ----

/** The approval story with no deadline: a seeded run that waits at its gate until someone answers. */
export const standingGate: Scenario = {
  ...humanGate,
  id: 'hold',
  title: 'Approval without a deadline',
  description: 'The deploy approval waits for a reviewer for as long as it takes.',
  steps: humanGate.steps.map((step) => (step.op === 'gate' ? { ...step, timeoutMs: undefined } : step)),
};

const BATCHES = 60;

/** About ten minutes of batches at speed 1: a run that is still running when someone looks. */
export const longRun: Scenario = {
  id: 'long',
  title: 'Long-running index build',
  description: 'Embeds a large catalogue in sixty batches, about ten minutes at speed 1.',
  tickMs: 300,
  steps: [
    { op: 'run.start', title: 'Rebuild the product search index' },
    { op: 'chapter.start', key: 'execution', title: 'Execution' },
    {
      op: 'plan',
      nodes: [
        { id: 'load', label: 'Load catalogue', kind: 'tool' },
        { id: 'embed', label: 'Embed products', kind: 'agent' },
        { id: 'publish', label: 'Publish index', kind: 'tool' },
      ],
      edges: [
        { source: 'load', target: 'embed' },
        { source: 'embed', target: 'publish' },
      ],
    },
    { op: 'node.start', node: 'load' },
    { op: 'node.done', node: 'load', output: { products: 48_000 } },
    { op: 'node.start', node: 'embed' },
    ...Array.from({ length: BATCHES }, (_, i): SimStep[] => [
      { op: 'wait', ms: 10_000 },
      { op: 'node.progress', node: 'embed', progress: (i + 1) / BATCHES, message: `batch ${i + 1} of ${BATCHES}` },
      ...(i % 10 === 9 ? [{ op: 'cost', node: 'embed', model: 'text-embedding-3-small', inputTokens: 80_000, outputTokens: 0, usd: 0.0016 } as const] : []),
    ]).flat(),
    { op: 'node.done', node: 'embed', output: { vectors: 48_000 } },
    { op: 'node.start', node: 'publish' },
    { op: 'node.done', node: 'publish', output: { index: 'products-v2' } },
    { op: 'chapter.end', key: 'execution', status: 'completed' },
    { op: 'run.done', output: { index: 'products-v2' } },
  ],
};

/** Scenarios a run id may name but the catalogue does not offer. */
const SEED_ONLY: readonly Scenario[] = [standingGate, longRun];

/** Run ids are `<scenario>` or `<scenario>~<anything>`: each distinct id is a fresh run. */
export function scenarioForRun(runId: string): Scenario | undefined {
  const id = runId.split('~')[0];
  return SCENARIOS.find((scenario) => scenario.id === id) ?? SEED_ONLY.find((scenario) => scenario.id === id);
}
