/**
 * relavium wire schemas (relavium-run-events.md): every RunEvent and session event type.
 * looseObject everywhere: newer servers may add fields (the document's additive-evolution rule).
 */
import * as z from 'zod';
import { nullishField } from '@/protocol/nullish-field';

const optional = nullishField;
const count = z.number().int().nonnegative();
const attempt = optional(z.number().int().positive());

const ErrorSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  retryable: optional(z.boolean()),
  nodeId: optional(z.string()),
  correlationId: optional(z.string()),
});

const base = {
  runId: optional(z.string()),
  sessionId: optional(z.string()),
  timestamp: z.string(),
  sequenceNumber: count,
};
const frame = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.looseObject({ type: z.literal(type), ...base, ...shape });

export const RelaviumEventSchema = z.discriminatedUnion('type', [
  frame('run:started', { workflowId: z.string(), inputs: z.unknown(), executionMode: optional(z.string()) }),
  frame('node:started', { nodeId: z.string(), nodeType: z.string(), attemptNumber: attempt }),
  frame('agent:token', { nodeId: z.string(), token: z.string(), model: z.string() }),
  frame('agent:tool_call', { nodeId: z.string(), model: optional(z.string()), toolId: z.string(), toolInput: z.unknown(), attemptNumber: attempt }),
  frame('agent:tool_result', { nodeId: z.string(), toolId: z.string(), success: z.boolean(), outputSummary: optional(z.string()), attemptNumber: attempt }),
  frame('agent:file_patch_proposed', {
    nodeId: z.string(),
    patches: z.array(z.looseObject({ uri: z.string(), unifiedDiff: z.string() })).min(1),
    attemptNumber: attempt,
  }),
  frame('cost:updated', {
    nodeId: z.string(),
    model: z.string(),
    inputTokens: count,
    outputTokens: count,
    costMicrocents: count,
    cumulativeCostMicrocents: count,
    attemptNumber: attempt,
  }),
  frame('node:completed', {
    nodeId: z.string(),
    output: z.unknown(),
    tokensUsed: z.looseObject({ input: count, output: count, model: optional(z.string()) }),
    durationMs: z.number().nonnegative(),
    selected: optional(z.array(z.string())),
    attemptNumber: attempt,
  }),
  frame('node:failed', { nodeId: z.string(), error: ErrorSchema, attemptNumber: attempt }),
  frame('node:retrying', { nodeId: z.string(), attemptNumber: z.number().int().positive(), error: ErrorSchema, delayMs: z.number().nonnegative() }),
  frame('node:skipped', { nodeId: z.string(), reason: z.string() }),
  frame('media_job:submitted', {
    nodeId: z.string(),
    jobId: z.string(),
    provider: z.string(),
    model: z.string(),
    modality: z.enum(['image', 'audio', 'video']),
    startedAt: z.string(),
    deadlineAt: z.string(),
  }),
  frame('human_gate:paused', {
    nodeId: z.string(),
    gateId: z.string(),
    gateType: z.enum(['approval', 'input', 'review']),
    message: z.string(),
    assignee: optional(z.string()),
    timeoutMs: optional(z.number().nonnegative()),
    timeoutAction: optional(z.enum(['approve', 'reject', 'escalate'])),
    expiresAt: optional(z.string()),
  }),
  frame('human_gate:resumed', {
    nodeId: z.string(),
    gateId: optional(z.string()),
    decision: z.enum(['approved', 'rejected', 'input_provided']),
    decidedBy: z.string(),
    payload: z.unknown().optional(),
  }),
  frame('run:completed', { outputs: z.unknown(), totalTokensUsed: optional(z.number()), totalCostMicrocents: count, durationMs: z.number() }),
  frame('run:failed', { error: ErrorSchema, partialOutputs: z.unknown().optional() }),
  frame('run:cancelled', {}),
  frame('run:paused', { pendingGateCount: count, gateIds: z.array(z.string()), pendingMediaJobNodeIds: optional(z.array(z.string())) }),
  frame('run:timeout', { elapsedMs: z.number(), timeoutMs: z.number() }),
  frame('budget:warning', { spentMicrocents: count, limitMicrocents: count, thresholdPct: z.number().min(0).max(100) }),
  frame('budget:paused', { nodeId: z.string(), spentMicrocents: count, limitMicrocents: count, gateId: z.string() }),
  // agent-session namespace (keyed by sessionId)
  frame('session:started', { agentRef: optional(z.string()), model: optional(z.string()), context: z.unknown().optional() }),
  frame('session:turn_started', {}),
  frame('session:turn_completed', { stopReason: optional(z.string()), tokensUsed: z.unknown().optional(), error: optional(ErrorSchema) }),
  frame('session:cancelled', {}),
  frame('session:exported', { workflowPath: z.string() }),
]);
export type RelaviumEvent = z.infer<typeof RelaviumEventSchema>;

export const RELAVIUM_TYPES: ReadonlySet<string> = new Set(RelaviumEventSchema.options.map((o) => o.shape.type.value));

/** `GET /runs/{runId}`: the state snapshot Runboard documents for resync. */
export const RelaviumSnapshotSchema = z.looseObject({
  runId: z.string(),
  workflowId: optional(z.string()),
  status: z.string(),
  steps: z.array(
    z.looseObject({
      nodeId: z.string(),
      nodeType: optional(z.string()),
      status: z.string(),
      attemptNumber: optional(z.number()),
      costMicrocents: optional(z.number()),
    }),
  ),
  pendingGates: z.array(
    z.looseObject({
      gateId: z.string(),
      nodeId: z.string(),
      gateType: z.enum(['approval', 'input', 'review']),
      message: z.string(),
      expiresAt: optional(z.string()),
    }),
  ),
  lastSequenceNumber: z.number().int().min(-1),
});
export type RelaviumSnapshot = z.infer<typeof RelaviumSnapshotSchema>;
