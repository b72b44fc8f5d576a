/**
 * A whole ingest pipeline over real stores (no transport), and the invariants a hostile
 * stream must never break. Shared by tests/integration/fuzz-decoders.test.ts and
 * bench/fuzz-long.ts.
 */
import { createSyncPipeline, type SyncPipeline } from '@/ingest/sync-pipeline';
import type { Dialect } from '@/protocol/dialect';
import { NODE_STATUSES, RUN_STATUSES } from '@/protocol/run-event';
import { bucketEntries } from '@/stores/bucket-map';
import { tailEntries } from '@/stores/tails';
import { nodeRecord } from '@/stores/node-map';

export type Pipeline = SyncPipeline;

/** No reorder wait: a hostile stream's holes pass at once, so every frame is read in the same call. */
export function createPipeline(dialect: Dialect, runId = 'fanout~fuzz'): Pipeline {
  return createSyncPipeline(dialect, runId, { graceMs: 0, refillWaitMs: 0, reorderWindow: 0 });
}

const RUN_STATUS = new Set<string>(RUN_STATUSES);
const NODE_STATUS = new Set<string>(NODE_STATUSES);
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Every broken invariant, as readable sentences (empty when the stores are sound). */
export function brokenInvariants(p: Pipeline): string[] {
  const broken: string[] = [];
  const state = p.run.getState();
  if (!RUN_STATUS.has(state.status)) broken.push(`run status "${String(state.status)}" is not a run status`);
  if (state.logLength !== p.log.length) broken.push(`logLength ${state.logLength} ≠ log.length ${p.log.length}`);
  const { cost } = state;
  for (const [name, value] of Object.entries({ totalMicros: cost.totalMicros, inputTokens: cost.inputTokens, outputTokens: cost.outputTokens })) {
    if (!isCount(value)) broken.push(`cost.${name} is ${String(value)}, not an integer`);
  }
  for (const point of cost.points) if (!isCount(point.micros)) broken.push(`a cost point of ${String(point.micros)} micros`);
  for (const [id, micros] of bucketEntries(cost.byNode)) if (!isCount(micros)) broken.push(`node ${id} costs ${String(micros)} micros`);
  for (const [id, tail] of tailEntries(state.tails)) if (typeof tail !== 'string') broken.push(`node ${id} has a non-text tail`);
  for (const [id, node] of Object.entries(nodeRecord(p.nodeStatus.getState().byId))) {
    if (!NODE_STATUS.has(node.status)) broken.push(`node ${id} has status "${String(node.status)}"`);
  }
  for (const issue of state.issues) {
    if (typeof issue.reason !== 'string' || issue.reason.trim() === '') broken.push(`issue of frame ${issue.frame} has no reason`);
  }
  if (Object.getOwnPropertyNames(Object.prototype).sort().join(',') !== PROTOTYPE_KEYS) broken.push('Object.prototype gained keys');
  if (({} as Record<string, unknown>).polluted !== undefined) broken.push('Object.prototype is polluted');
  const internal = state.issues.filter((issue) => issue.reason.startsWith('internal error'));
  if (internal.length > 0) broken.push(`internal errors: ${internal.map((issue) => issue.reason).join('; ')}`);
  return broken;
}
