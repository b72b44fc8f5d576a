import { reduceNodeStatus } from '@/stores/reduce-node-status';
import { emptyNodeMap } from '@/stores/node-map';
import type { RunEvent } from '@/protocol/run-event';
const has = new Function('o', 'return %HasFastProperties(o)') as (o: unknown) => boolean;
// 200 nodes, then batches each touching 3 nodes with node.progress
let byId = reduceNodeStatus(emptyNodeMap(), Array.from({ length: 200 }, (_, i): RunEvent => ({ type: 'node.started', nodeId: `step-${i}` })));
console.log('after start: fast', has(byId));
const c0 = process.cpuUsage();
for (let b = 0; b < 5000; b++) {
  const batch: RunEvent[] = [0, 1, 2].map((j) => ({ type: 'node.progress', nodeId: `step-${(b * 3 + j) % 200}`, message: `m${b}` }));
  byId = reduceNodeStatus(byId, batch);
}
const u = process.cpuUsage(c0);
console.log('per batch us', ((u.user + u.system) / 5000).toFixed(1), 'fast', has(byId));
