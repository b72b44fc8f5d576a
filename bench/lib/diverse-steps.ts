/**
 * A "diverse" synthetic run for the replay benchmarks (issue 15): where bench/lib/stream.ts
 * is token-heavy (50 tokens per node life coalesce into one timeline row), this one makes
 * many distinct rows — every node life has a start, a tool call and result, progress, a
 * log line, only three tokens, a cost and an end; one life in seven fails and is retried,
 * one in forty waits at a gate that is then decided, and chapters change every ~5k steps.
 * Spread over 1,000 plan nodes. Same SimStep language and encoders as stream.ts, so every
 * dialect's real wire form.
 */
import type { SimStep } from '@/simulator/engine/scenario';

export const DIVERSE_NODES = 1_000;
const TOKENS = ['the ', 'answer ', 'grows. '];
const CHAPTER_EVERY = 5_000;

const diverseNodeId = (i: number) => `d${String(i % DIVERSE_NODES).padStart(4, '0')}`;

function lifeSteps(node: string, attempt: number, life: number, fails: boolean): SimStep[] {
  const retry = attempt > 1 ? { attempt } : {};
  const steps: SimStep[] = [
    { op: 'node.start', node, ...retry },
    { op: 'tool', node, tool: life % 3 === 0 ? 'fetch_page' : 'web_search', args: { query: `${node} #${life}` }, result: { hits: life % 11 } },
    { op: 'node.progress', node, progress: 0.5, message: `step ${life} half way` },
    { op: 'log', level: life % 13 === 0 ? 'warn' : 'info', message: `life ${life} of ${node}`, node },
  ];
  for (const text of TOKENS) steps.push({ op: 'tokens', node, text, model: 'gpt-4o-mini' });
  steps.push({ op: 'cost', node, model: 'gpt-4o-mini', inputTokens: 300 + (life % 50), outputTokens: 3, usd: 0.0007 });
  if (life % 40 === 0) steps.push(...gateSteps(node, life));
  if (fails) steps.push({ op: 'node.fail', node, error: `timeout in life ${life}`, code: 'timeout', willRetry: true, attempt });
  else steps.push({ op: 'node.done', node, output: { summary: `life ${life}`, items: life % 5 }, ...retry });
  return steps;
}

function gateSteps(node: string, life: number): SimStep[] {
  const id = `g${life}`;
  const options = [
    { value: 'approve', label: 'Approve', tone: 'approve' as const },
    { value: 'reject', label: 'Reject', tone: 'reject' as const },
  ];
  return [
    { op: 'gate', id, node, kind: 'approval', message: `Approve step ${life} of ${node}?`, options, approved: [], rejected: [] },
    { op: 'gate.resolved', id, node, decision: 'approved', decidedBy: 'reviewer', cause: 'decision' },
  ];
}

/** Steps that encode to roughly `events` frames (about one frame per step in every dialect). */
export function buildDiverseSteps(events: number): SimStep[] {
  const ids = Array.from({ length: DIVERSE_NODES }, (_, i) => diverseNodeId(i));
  const steps: SimStep[] = [
    { op: 'run.start', title: 'Benchmark diverse run' },
    {
      op: 'plan',
      nodes: ids.map((id, i) => ({ id, label: `Task ${i}`, kind: i % 4 === 0 ? 'tool' : 'agent' })),
      edges: ids.slice(1).map((id, i) => ({ source: ids[Math.floor(i / 3)] ?? 'd0000', target: id })),
    },
  ];
  const attempts = new Map<string, number>();
  let chapter = 0;
  for (let life = 1; steps.length < events; life++) {
    if (steps.length >= chapter * CHAPTER_EVERY) {
      if (chapter > 0) steps.push({ op: 'chapter.end', key: `c${chapter - 1}`, status: 'completed' });
      steps.push({ op: 'chapter.start', key: `c${chapter}`, title: `Phase ${chapter}` });
      chapter += 1;
    }
    const node = diverseNodeId(life);
    const attempt = (attempts.get(node) ?? 0) + 1;
    attempts.set(node, attempt);
    const fails = life % 7 === 0;
    for (const step of lifeSteps(node, attempt, life, fails)) steps.push(step);
    if (fails) {
      // a failed life is retried at once as the node's next attempt
      attempts.set(node, attempt + 1);
      for (const step of lifeSteps(node, attempt + 1, life, false)) steps.push(step);
    }
  }
  if (chapter > 0) steps.push({ op: 'chapter.end', key: `c${chapter - 1}`, status: 'completed' });
  steps.push({ op: 'run.done', output: { ok: true } });
  return steps;
}
