/**
 * The node-status store under benchmark 4's 10,000-node status storm, by CPU, in Node:
 * a 10,000-step graph (its declaration timed too), then 1,000 completions a second in batches of a frame's worth (17),
 * the same events the storm's frames decode to. It compiles against any checkout's store
 * (its public actions only), so the same file bundled from a baseline's tree gives the
 * baseline in the same minutes:
 *
 *   npx esbuild bench/node-status-storm.ts --bundle --platform=node --format=esm --packages=external \
 *     --outfile=bench/out/node/node-status-storm.mjs
 *   node bench/out/node/node-status-storm.mjs [nodes] [runs]
 */
import type { RunEvent } from '@/protocol/run-event';
import { createNodeStatusStore } from '@/stores/node-status-store';

import { cpuTime } from './lib/report';

const nodes = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 5);
const PER_FRAME = 17;
const CHANGES = 5_000;

const graph: RunEvent = { type: 'graph.defined', nodes: Array.from({ length: nodes }, (_, i) => ({ id: `t${i}`, label: `Task ${i}` })), edges: [] };
const batches: RunEvent[][] = [];
for (let i = 0; i < Math.min(CHANGES, nodes); i += PER_FRAME) {
  batches.push(Array.from({ length: Math.min(PER_FRAME, nodes - i) }, (_, j): RunEvent => ({ type: 'node.completed', nodeId: `t${i + j}`, atMs: i + j })));
}

let best = Infinity;
let defined = Infinity;
for (let run = 0; run < runs; run++) {
  const store = createNodeStatusStore();
  const { applyEvents } = store.getState().actions;
  defined = Math.min(defined, cpuTime(() => applyEvents([graph, ...Array.from({ length: 10 }, (_, i): RunEvent => ({ type: 'node.started', nodeId: `t${i}`, atMs: 0 }))])).cpuMs);
  best = Math.min(best, cpuTime(() => batches.forEach((batch) => applyEvents(batch))).cpuMs);
}
process.stdout.write(`${nodes} nodes: the graph declared in ${defined.toFixed(1)} ms; ${batches.length} batches of ${PER_FRAME} completions ${best.toFixed(1)} ms of CPU (best of ${runs})\n`);
