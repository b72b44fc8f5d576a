/**
 * Quick: the canvas layout of benchmark 4's DAG in Node (CPU time, no paint), the
 * string-keyed layoutGraph against the compact one (typed arrays), in one run.
 * `npx tsx bench/layout-time.ts [--nodes=50000]`. Evidence, not a benchmark figure.
 */
import { compactLayout } from '@/features/canvas/layout/compact-layout';
import { compactResult } from '@/features/canvas/layout/compact-result';
import { indexGraph } from '@/features/canvas/layout/graph-index';
import { layoutGraph } from '@/features/canvas/layout/layout-graph';
import { buildScene } from '@/features/canvas/overview/overview-scene';
import type { GraphState } from '@/stores/run-types';

import { bigDagSteps } from '../tests/support/big-graph-run';

const nodes = Number(process.argv.find((a) => a.startsWith('--nodes='))?.split('=')[1] ?? 10_000);
const plan = bigDagSteps(nodes).find((s) => s.op === 'plan');
if (plan?.op !== 'plan') throw new Error('no plan');
const graph: GraphState = {
  nodes: Object.fromEntries(plan.nodes.map((n) => [n.id, { id: n.id, label: n.label, kind: n.kind }])),
  order: plan.nodes.map((n) => n.id),
  edges: plan.edges,
  version: 1,
};
const since = (t: number) => `${(performance.now() - t).toFixed(0)} ms`;
for (let round = 0; round < 3; round++) {
  let t = performance.now();
  const old = layoutGraph({ graph, previous: {}, groupOverrides: {}, direction: 'LR' });
  const oldLayout = since(t);
  t = performance.now();
  buildScene(structuredClone(old), 'LR');
  const oldRest = since(t);
  t = performance.now();
  const indexed = indexGraph(graph);
  const index = since(t);
  t = performance.now();
  const compact = compactLayout({ graph: indexed, overrides: {}, direction: 'LR', previous: undefined, waves: [] });
  const layout = since(t);
  t = performance.now();
  const result = compactResult(structuredClone(compact), indexed, graph, 'LR');
  buildScene(result, 'LR');
  const rest = since(t);
  console.log(`${nodes}: layoutGraph ${oldLayout}, clone + scene ${oldRest} | compact: index ${index}, layout ${layout}, clone + result + scene ${rest}`);
}
