/**
 * tolky wire schemas (tolky-sequential-thinking.pt.md): the pipeline envelope and the
 * payload of every event type the document lists, keyed by type.
 *
 * The authors publish payloads loosely ("Payload relevante"), so every object is a
 * looseObject and nearly every field is optional. Strict only where the decoder relies
 * on a value: `seq`, `intentId`, step numbers, log and narration text, the cost delta and
 * the plan's steps. Producers send `null` for absent values (JavaScript backend): `opt`
 * normalises null to undefined once, here.
 */
import * as z from 'zod';

import { fastReader } from '@/protocol/derive-reader';
import { nullishField } from '@/protocol/nullish-field';

export const opt = nullishField;

const str = opt(z.string());
const int = opt(z.number().int());
const num = opt(z.number());
const bool = opt(z.boolean());
const list = opt(z.array(z.unknown()));
const any = z.unknown().optional();
const stepNumber = z.number().int().nonnegative();
const count = opt(z.number().int().nonnegative());

/** Errors arrive as text or as `{message, code?}` objects. */
export const TolkyErrorSchema = z.union([z.string(), z.looseObject({ message: z.string(), code: str })]);
const error = opt(TolkyErrorSchema);

/** A step reference in a plan: its number, or a string such as "3" or "step-3". */
const StepRefSchema = z.union([z.number().int(), z.string()]);
const groupId = opt(z.union([z.string(), z.number()]));

export const TolkyPlanStepSchema = z.looseObject({
  stepNumber: opt(stepNumber),
  action: str,
  displayName: str,
  description: str,
  kind: str,
  dependsOn: opt(z.array(StepRefSchema)),
  dependencies: opt(z.array(StepRefSchema)),
  parallelGroup: groupId,
  parallelGroupId: groupId,
  // Nested branch steps are parsed one by one when the graph is built (a bad one is skipped).
  branches: opt(z.array(z.looseObject({ label: str, steps: list }))),
});
export type TolkyPlanStep = z.infer<typeof TolkyPlanStepSchema>;

/** Options are strings in the real system; objects are accepted too. */
const OptionSchema = z.union([
  z.string(),
  z.looseObject({ value: opt(z.union([z.string(), z.number()])), label: str, id: opt(z.union([z.string(), z.number()])) }),
]);
export type TolkyOption = z.infer<typeof OptionSchema>;

/**
 * Not published: expect `{type, message, options?}`; the rest is shown as context. A
 * deadline is read when one is sent (`expiresAt`, or `timeoutMs` from the envelope's time,
 * with `timeoutAction`: what the backend does then), so the dialog can count it down.
 */
export const TolkyInterruptionSchema = z.looseObject({
  id: groupId,
  type: str,
  message: str,
  options: opt(z.array(OptionSchema)),
  stepNumber: opt(stepNumber),
  expiresAt: opt(z.union([z.string(), z.number()])),
  timeoutMs: opt(z.number().nonnegative()),
  timeoutAction: str,
});
export type TolkyInterruption = z.infer<typeof TolkyInterruptionSchema>;

const interruption = opt(TolkyInterruptionSchema);
const looseCounts = z.looseObject({ prompt: count, completion: count, cost: num, calls: count });

/** Payload schema per event type. Types with "—" in the document carry an empty object. */
export const TOLKY_PAYLOADS = {
  // chapters
  chapter_started: z.looseObject({ chapterId: str, chapterKey: str }),
  chapter_log: z.looseObject({ message: z.string(), level: str, source: str, stepNumber: opt(stepNumber), action: str, metadata: any }),
  chapter_completed: z.looseObject({ chapterId: str, chapterKey: str, status: str }),
  // initialization
  intent_created: z.looseObject({ intentId: str, instructions: str, title: str }),
  intent_restored: z.looseObject({ intentId: str, completedCount: count, pendingCount: count }),
  // preparation
  media_resolution_started: z.looseObject({}),
  media_resolved: z.looseObject({ resolvedCount: count, error }),
  actions_prefilter_started: z.looseObject({}),
  actions_prefiltered: z.looseObject({ selected: any, total: count, names: list }),
  constraints_prefilter_started: z.looseObject({}),
  constraints_prefiltered: z.looseObject({ groupCount: count }),
  web_context_enrichment_started: z.looseObject({}),
  web_context_enriched: z.looseObject({ appended: any, error }),
  rag_context_enrichment_started: z.looseObject({}),
  rag_context_enriched: z.looseObject({ appended: any, reason: str, error }),
  // planning
  plan_generated: z.looseObject({ stepCount: count, planSummary: any, continuation: bool }),
  plan_review_started: z.looseObject({}),
  plan_reviewed: z.looseObject({ corrected: bool, error }),
  plan_loaded: z.looseObject({ stepCount: count }),
  plan_ready: z.looseObject({ intentId: str, steps: z.array(TolkyPlanStepSchema), totalSteps: count, instructions: str }),
  // feasibility
  feasibility_checked: z.looseObject({ intentId: str, feasible: bool, issues: list, warnings: list, clarificationSuggestions: list }),
  feasibility_rejected: z.looseObject({
    attempt: int,
    maxAttempts: int,
    issues: list,
    clarificationSuggestions: list,
    correctiveInstruction: str,
  }),
  replanning_triggered: z.looseObject({ attempt: int, reason: str }),
  input_guard_clarification: z.looseObject({
    intentId: str,
    id: groupId,
    reason: str,
    clarificationMessage: str,
    feasibilityIssues: list,
    options: opt(z.array(OptionSchema)),
  }),
  // execution
  execution_started: z.looseObject({ totalSteps: count }),
  step_started: z.looseObject({ stepNumber, totalSteps: count, action: str, displayName: str, progress: num, attempt: opt(z.number().int().positive()) }),
  step_completed: z.looseObject({
    stepNumber,
    totalSteps: count,
    action: str,
    result: any,
    progress: num,
    durationMs: num,
    attempt: opt(z.number().int().positive()),
  }),
  step_failed: z.looseObject({ stepNumber, action: str, error, willRetry: bool, retryCount: count }),
  step_skipped: z.looseObject({ stepNumber, action: str, reason: str }),
  parallel_group_started: z.looseObject({ stepNumbers: z.array(stepNumber), groupSize: count, groupId }),
  parallel_group_completed: z.looseObject({ stepNumbers: z.array(stepNumber), completedCount: count, failedCount: count }),
  branch_resolved: z.looseObject({ stepNumber, chosenBranchIndex: int, chosenBranchLabel: str, branchStepCount: count }),
  execution_completed: z.looseObject({ intentId: str, success: bool, totalSteps: count, executedSteps: any, metrics: any, auditLog: any }),
  execution_failed: z.looseObject({ error, lastStep: any, auditLog: any, aiMessage: str, diagnostics: any, reason: str }),
  execution_cancelled: z.looseObject({ cancelledAtStep: any, reason: str }),
  execution_cancel_requested: z.looseObject({ reason: str, requestedBy: str, mechanism: str }),
  // interruption and continuation
  execution_interrupted: z.looseObject({ intentId: str, interruptionPayload: interruption, completedSteps: any, continuationDepth: int }),
  continuation_started: z.looseObject({ intentId: str, continuationDepth: int, completedCount: count, userResponse: any, trigger: str }),
  replanning_for_continuation: z.looseObject({ intentId: str, continuationDepth: int, completedSteps: any, pendingSteps: any }),
  // containment
  containment_started: z.looseObject({ attempt: int, retriesLeft: int }),
  containment_completed: z.looseObject({ attempt: int, stepsExecuted: any }),
  containment_failed: z.looseObject({ attempt: int, reason: str, error }),
  // recommendation replan
  step_replan_recommended: z.looseObject({ stepNumber, action: str, recommendation: any, progress: num, displayName: str }),
  recommendation_replan_started: z.looseObject({ stepNumber: opt(stepNumber), recommendation: any }),
  recommendation_replan_completed: z.looseObject({ attempt: int, stepsExecuted: any }),
  recommendation_replan_failed: z.looseObject({ attempt: int, reason: str }),
  // delivery comparison
  delivery_comparison_started: z.looseObject({ attempt: int }),
  delivery_compared: z.looseObject({
    attempt: int,
    status: str,
    objectiveCount: count,
    missingObjectives: list,
    recoverable: bool,
    reasoning: str,
  }),
  delivery_replan_started: z.looseObject({ attempt: int, correctiveInstruction: str }),
  delivery_gaps_remaining: z.looseObject({ attempt: int, missingObjectives: list, reasoning: str }),
  // full retry
  full_retry_started: z.looseObject({ attempt: int, maxRetries: int }),
  full_retry_interrupt: z.looseObject({ intentId: str, attempt: int, maxRetries: int, failedActions: list, interruptionPayload: interruption }),
  // compile
  compile_started: z.looseObject({ hasLastStepPayload: bool }),
  captures_collected: z.looseObject({ captureCount: count }),
  composing_message: z.looseObject({ model: str, reason: str }),
  final_answer_resolved: z.looseObject({ source: str }),
  compile_completed: z.looseObject({ success: bool }),
  // database query (queryDatabase action)
  db_query_phase_started: z.looseObject({ phase: str, description: str, attempt: int, maxAttempts: int }),
  db_query_phase_completed: z.looseObject({ phase: str, durationMs: num, summary: any }),
  db_query_attempt_started: z.looseObject({ attempt: int, maxAttempts: int }),
  db_query_attempt_succeeded: z.looseObject({ attempt: int, totalAttempts: int, rowCount: count, durationMs: num }),
  db_query_attempt_failed: z.looseObject({ attempt: int, maxAttempts: int, failedAt: str, reason: str, sql: str, willRetry: bool }),
  // heartbeat, narration, metrics, context
  step_heartbeat: z.looseObject({
    stepNumber,
    action: str,
    displayName: str,
    phase: str,
    elapsedMs: num,
    timeoutMs: num,
    percentElapsed: num,
  }),
  status_narration: z.looseObject({ message: z.string(), sourceEvent: str, progress: num, stepNumber: opt(stepNumber) }),
  token_usage_updated: z.looseObject({
    source: str,
    model: str,
    stepNumber: opt(stepNumber),
    delta: z.looseObject({ prompt: count, completion: count, cost: z.number().nonnegative(), calls: count }),
    cumulative: opt(looseCounts),
  }),
  cost_reconciled: z.looseObject({ requestControlId: str, dbTotals: any, inMemoryTotals: any, dbRecordCount: count }),
  performance_report: z.looseObject({ timings: list }),
  context_memory_updated: z.looseObject({
    pushSeq: int,
    triggerStep: any,
    triggerAction: str,
    updatedLayer: str,
    delta: any,
    layers: any,
    budgetTokens: num,
    entryPreview: any,
  }),
  final_answer_ready: z.looseObject({
    intentId: str,
    sessionId: str,
    requestControlId: str,
    status: str,
    message: any,
    success: bool,
    interrupted: bool,
    dryRun: bool,
    continuationDepth: int,
    totalStepsPlanned: count,
    executedSteps: any,
    stepCountsByStatus: any,
    liveTokens: any,
    costTrackerSummary: any,
  }),
} as const;

export type TolkyType = keyof typeof TOLKY_PAYLOADS;
export type TolkyPayload<T extends TolkyType> = z.output<(typeof TOLKY_PAYLOADS)[T]>;
export const TOLKY_TYPES: ReadonlySet<string> = new Set(Object.keys(TOLKY_PAYLOADS));

export function isTolkyType(type: string): type is TolkyType {
  return TOLKY_TYPES.has(type);
}

/** The envelope every pipeline event carries; `payload` is checked per type below. */
export const TolkyEnvelopeSchema = z.looseObject({
  type: z.string().min(1),
  intentId: z.union([z.string().min(1), z.number()]).transform(String),
  sessionId: str,
  timestamp: opt(z.union([z.string(), z.number()])),
  seq: z.number().int().nonnegative(),
  chapterId: str,
  chapterKey: str,
  payload: z.unknown(),
});
export type TolkyEnvelope = z.infer<typeof TolkyEnvelopeSchema>;

/** A type's payload as its frame carries it: a missing or null payload reads as `{}`. */
const PAYLOAD_SCHEMAS = new Map<string, z.ZodType>(
  Object.entries(TOLKY_PAYLOADS).map(([type, payload]) => [type, z.preprocess((value) => value ?? {}, payload)]),
);

/** Envelope + typed payload for one type. */
const FRAME_SCHEMAS = new Map<string, z.ZodType>(
  [...PAYLOAD_SCHEMAS].map(([type, payload]) => [type, TolkyEnvelopeSchema.extend({ type: z.literal(type), payload })]),
);

export type TolkyFrame<T extends TolkyType> = TolkyEnvelope & { type: T; payload: TolkyPayload<T> };

export function tolkyFrameSchema<T extends TolkyType>(type: T): z.ZodType<TolkyFrame<T>> {
  return FRAME_SCHEMAS.get(type) as z.ZodType<TolkyFrame<T>>;
}

/**
 * A type's payload read by the reader derived from its schema (derive-reader.ts), for an
 * envelope already read: the payload alone, or undefined when the frame schema must say what
 * is wrong (`tolkyFrameSchema`, whose reason names the field under `payload`).
 */
const PAYLOAD_READERS = new Map([...PAYLOAD_SCHEMAS].map(([type, schema]) => [type, fastReader(schema)]));

export function readTolkyPayload<T extends TolkyType>(type: T, payload: unknown): TolkyPayload<T> | undefined {
  return (PAYLOAD_READERS.get(type) as (value: unknown) => TolkyPayload<T> | undefined)(payload);
}
