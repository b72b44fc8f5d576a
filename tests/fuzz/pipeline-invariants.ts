/**
 * A whole ingest pipeline over real stores (no transport), and the invariants a hostile
 * stream must never break. Shared by tests/integration/fuzz-pipeline.test.ts and
 * bench/fuzz-long.ts.
 */
import { createIngest } from '@/ingest/create-ingest';
import { FrameLog } from '@/ingest/frame-log';
import { flushNow } from '@/ingest/frame-scheduler';
import type { Dialect } from '@/protocol/dialect';
import { NODE_STATUSES, RUN_STATUSES } from '@/protocol/run-event';
import { createNodeStatusStore } from '@/stores/node-status-store';
import { createRunStore } from '@/stores/run-store';

export type Pipeline = ReturnType<typeof createPipeline>;

export function createPipeline(dialect: Dialect, runId = 'fanout~fuzz') {
  const run = createRunStore({ runId, dialect: dialect.id, source: 'fuzz' });
  const nodeStatus = createNodeStatusStore();
  const frames = new FrameLog({ runboard: 1, dialect: dialect.id, transport: dialect.transport, source: 'fuzz', startedAt: new Date(0).toISOString() }, 0);
  const internalErrors: unknown[] = [];
  const ingest = createIngest({
    dialect,
    run,
    nodeStatus,
    frames,
    schedule: flushNow,
    runId,
    graceMs: 0,
    onInternalError: (error) => internalErrors.push(error),
  });
  return { run, nodeStatus, frames, ingest, internalErrors };
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
  if (state.logLength !== state.log.length) broken.push(`logLength ${state.logLength} ≠ log.length ${state.log.length}`);
  const { cost } = state;
  for (const [name, value] of Object.entries({ totalMicros: cost.totalMicros, inputTokens: cost.inputTokens, outputTokens: cost.outputTokens })) {
    if (!isCount(value)) broken.push(`cost.${name} is ${String(value)}, not an integer`);
  }
  for (const point of cost.points) if (!isCount(point.micros)) broken.push(`a cost point of ${String(point.micros)} micros`);
  for (const [id, node] of Object.entries(p.nodeStatus.getState().byId)) {
    if (!NODE_STATUS.has(node.status)) broken.push(`node ${id} has status "${String(node.status)}"`);
    if (!isCount(node.costMicros)) broken.push(`node ${id} costs ${String(node.costMicros)} micros`);
    if (typeof node.tail !== 'string') broken.push(`node ${id} has a non-text tail`);
  }
  for (const issue of state.issues) {
    if (typeof issue.reason !== 'string' || issue.reason.trim() === '') broken.push(`issue of frame ${issue.frame} has no reason`);
  }
  if (Object.getOwnPropertyNames(Object.prototype).sort().join(',') !== PROTOTYPE_KEYS) broken.push('Object.prototype gained keys');
  if (({} as Record<string, unknown>).polluted !== undefined) broken.push('Object.prototype is polluted');
  if (p.internalErrors.length > 0) broken.push(`internal errors: ${p.internalErrors.map(String).join('; ')}`);
  return broken;
}
