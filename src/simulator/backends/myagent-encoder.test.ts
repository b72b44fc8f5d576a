import { describe, expect, it } from 'vitest';

import type { Scenario, SimStep } from '@/simulator/engine/scenario';
import type { RunFacts } from '@/simulator/engine/scripted-run';

import { createMyagentEncoder, type MyagentWire } from './myagent-encoder';

const scenario: Scenario = { id: 'reruns', title: 'Reruns', description: 'a node run twice', tickMs: 0, steps: [] };
const facts: RunFacts = { runId: 'r1', scenario, nowMs: Date.UTC(2025, 0, 1), totalUsd: 0, startedAtMs: Date.UTC(2025, 0, 1) };

function summaries(steps: readonly SimStep[]): unknown[] {
  const encode = createMyagentEncoder();
  const frames: MyagentWire[] = steps.flatMap((step) => encode(step, facts));
  return frames
    .filter((frame) => frame.event === 'solver.completed')
    .map((frame) => (frame.content as { result: { summary: unknown } }).result.summary);
}

describe('myagent encoder', () => {
  it("sums up a rerun with that attempt's text alone (a long run's summaries must not grow with every attempt)", () => {
    const steps: SimStep[] = [
      { op: 'run.start', title: 'Reruns' },
      { op: 'plan', nodes: [{ id: 'n1', label: 'Step 1' }], edges: [] },
      { op: 'node.start', node: 'n1' },
      { op: 'tokens', node: 'n1', text: 'first ' },
      { op: 'tokens', node: 'n1', text: 'try' },
      { op: 'node.done', node: 'n1', output: {} },
      { op: 'node.start', node: 'n1', attempt: 2 },
      { op: 'tokens', node: 'n1', text: 'second' },
      { op: 'node.done', node: 'n1', output: {}, attempt: 2 },
    ];
    expect(summaries(steps)).toEqual(['first try', 'second']);
  });
});
