/**
 * MARS wire schemas (mars-workflow-ws.md, a cmbagent fork): the `{event_type, timestamp,
 * run_id?, session_id?, data}` frame with the `data` of every documented event, the
 * legacy `{type, data|message}` frames, and the DAG snapshot Runboard fetches to resync.
 *
 * Tolerance (protocols/README.md "mars"): looseObject everywhere (newer servers add
 * fields); nullable optionals (Python sends None); both `cost_update` shapes; approval
 * options as `{id,label,action}` objects or as plain strings.
 */
import * as z from 'zod';

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);
const text = optional(z.string());
const stepNumber = optional(z.number().int().nonnegative());
const positive = z.number().int().positive();

/** Where a step event points: the document always sends step_id; some frames carry only the number. */
const stepRef = { step_id: text, step_number: stepNumber };

// ---- DAG -------------------------------------------------------------------

export const MarsDagNodeSchema = z.looseObject({
  id: z.string(),
  label: text,
  type: text,
  status: text,
  agent: text,
  step_number: stepNumber,
  description: text,
});
export type MarsDagNode = z.infer<typeof MarsDagNodeSchema>;

export const MarsDagEdgeSchema = z.looseObject({ source: z.string(), target: z.string() });

const dagShape = {
  run_id: text,
  nodes: z.array(MarsDagNodeSchema),
  edges: z.array(MarsDagEdgeSchema).nullish().transform((value) => value ?? []),
  levels: optional(z.number()),
};

// ---- approvals and costs ---------------------------------------------------

/** The document's option object; the real server sends bare strings instead. */
export const MarsOptionSchema = z.union([
  z.string(),
  z.looseObject({ id: z.string(), label: text, action: text }),
]);
export type MarsOption = z.infer<typeof MarsOptionSchema>;

const ApprovalContextSchema = z.looseObject({
  current_step: optional(
    z.looseObject({ number: optional(z.number()), description: text, agent: text }),
  ),
  previous_output: z.unknown().optional(),
  proposed_action: z.unknown().optional(),
});

/** Documented: `{step_id, model, tokens, cost_usd, total_cost_usd}`. */
export const MarsCostDocumentedSchema = z.looseObject({
  run_id: text,
  ...stepRef,
  model: text,
  tokens: optional(z.number().int().nonnegative()),
  cost_usd: z.number().nonnegative(),
  total_cost_usd: optional(z.number().nonnegative()),
});
/** Real server: `{model, input_tokens, output_tokens, cost}` without totals. */
export const MarsCostRealSchema = z.looseObject({
  ...stepRef,
  model: text,
  input_tokens: optional(z.number().int().nonnegative()),
  output_tokens: optional(z.number().int().nonnegative()),
  cost: z.number().nonnegative(),
});
export type MarsCostDocumented = z.infer<typeof MarsCostDocumentedSchema>;
export type MarsCostReal = z.infer<typeof MarsCostRealSchema>;

// ---- frames ----------------------------------------------------------------

/** `data` is documented as always present; frames like `disconnected` arrive without it, so absent reads as `{}`. */
const frame = <T extends string, S extends z.ZodType>(type: T, data: S) =>
  z.looseObject({
    event_type: z.literal(type),
    timestamp: text,
    run_id: text,
    session_id: text,
    data: z.preprocess((value) => value ?? {}, data),
  });
const obj = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);
const hasStep = (d: object) =>
  (d as { step_id?: unknown }).step_id !== undefined || (d as { step_number?: unknown }).step_number !== undefined;
const stepData = <S extends z.ZodRawShape>(shape: S) =>
  z.looseObject({ ...stepRef, ...shape }).refine(hasStep, { message: 'a step event needs step_id or step_number' });

export const MarsEventSchema = z.discriminatedUnion('event_type', [
  frame('connected', obj({ message: text })),
  frame('disconnected', obj({ message: text, reason: text })),
  frame('reconnected', obj({ message: text })),
  frame('heartbeat', obj({})),
  frame('pong', obj({})),
  frame(
    'workflow_started',
    obj({ run_id: text, task_description: text, agent: text, model: text, work_dir: text }),
  ),
  frame('workflow_state_changed', obj({ status: z.string(), started_at: text, completed_at: text })),
  frame('workflow_paused', obj({ reason: text })),
  frame('workflow_resumed', obj({})),
  frame(
    'workflow_completed',
    obj({
      final_result: z.unknown().optional(),
      total_cost: optional(z.number().nonnegative()),
      total_duration_seconds: optional(z.number().nonnegative()),
    }),
  ),
  frame('workflow_failed', obj({ error: z.string(), traceback: text })),
  frame('step_started', stepData({ step_description: text, agent: text })),
  frame(
    'step_progress',
    stepData({ progress_percentage: optional(z.number().min(0).max(100)), message: text }),
  ),
  frame('step_completed', stepData({ result: z.unknown().optional(), output: z.unknown().optional() })),
  frame('step_failed', stepData({ error: text, traceback: text })),
  frame(
    'step_retry_started',
    stepData({
      attempt_number: positive,
      max_attempts: optional(positive),
      error_category: text,
      error_pattern: text,
      success_probability: optional(z.number()),
      strategy: text,
      suggestions: optional(z.array(z.string())),
      has_user_feedback: optional(z.boolean()),
    }),
  ),
  frame('step_retry_backoff', stepData({ backoff_seconds: z.number().nonnegative(), next_attempt_at: text })),
  frame('step_retry_succeeded', stepData({ attempt_number: positive })),
  frame('step_retry_exhausted', stepData({ total_attempts: positive, final_error: text })),
  frame('dag_created', obj(dagShape)),
  frame('dag_updated', obj(dagShape)),
  frame(
    'dag_node_status_changed',
    obj({ node_id: z.string(), old_status: text, new_status: z.string(), error: text }),
  ),
  // step_id / step_number on agent frames are not documented; read them when present (parallel steps).
  frame('agent_message', obj({ ...stepRef, agent: text, message: z.string(), role: text })),
  frame('agent_thinking', obj({ ...stepRef, agent: text, thinking: z.boolean() })),
  frame('agent_tool_call', obj({ ...stepRef, agent: text, tool_name: z.string(), arguments: z.unknown().optional() })),
  frame(
    'approval_requested',
    obj({
      approval_id: z.string(),
      step_id: text,
      action: text,
      description: text,
      context: optional(ApprovalContextSchema),
      options: optional(z.array(MarsOptionSchema)),
      checkpoint_type: text,
    }),
  ),
  frame(
    'approval_received',
    obj({ approval_id: z.string(), approved: optional(z.boolean()), resolution: text, feedback: text }),
  ),
  frame('cost_update', z.union([MarsCostDocumentedSchema, MarsCostRealSchema])),
  frame('metric_update', obj({ name: z.string(), value: z.number(), unit: text })),
  frame('file_created', obj({ file_path: z.string(), file_type: text })),
  frame('file_updated', obj({ file_path: z.string() })),
  frame('error_occurred', obj({ error_type: text, message: z.string(), step_id: text, traceback: text })),
]);
export type MarsEvent = z.infer<typeof MarsEventSchema>;
export type MarsEventOf<T extends MarsEvent['event_type']> = Extract<MarsEvent, { event_type: T }>;

export const MARS_EVENT_TYPES: ReadonlySet<string> = new Set(
  MarsEventSchema.options.map((option) => option.shape.event_type.value),
);

// ---- legacy frames -----------------------------------------------------------

/** Deprecated `{type, data|message}` frames; `pong`/`heartbeat` also arrive in this form. */
export const MarsLegacySchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('output'), data: z.unknown().optional(), message: text }),
  z.looseObject({ type: z.literal('status'), data: z.unknown().optional(), message: text }),
  z.looseObject({ type: z.literal('result'), data: z.unknown().optional(), message: text }),
  z.looseObject({ type: z.literal('complete'), data: z.unknown().optional(), message: text }),
  z.looseObject({ type: z.literal('pong') }),
  z.looseObject({ type: z.literal('heartbeat') }),
]);
export type MarsLegacy = z.infer<typeof MarsLegacySchema>;

export const MARS_LEGACY_TYPES: ReadonlySet<string> = new Set(MarsLegacySchema.options.map((o) => o.shape.type.value));

// ---- snapshot ------------------------------------------------------------------

/**
 * `GET /api/runs/{id}/dag`. The document publishes no shape; Runboard documents this one,
 * dag_created's data plus the run's status and closing cost:
 * `{run_id, nodes:[{id,label,type,status,agent?,step_number?}], edges:[{source,target}], status?, total_cost?}`.
 */
export const MarsDagSnapshotSchema = z.looseObject({
  ...dagShape,
  run_id: z.string(),
  status: text,
  total_cost: optional(z.number().nonnegative()),
});
export type MarsDagSnapshot = z.infer<typeof MarsDagSnapshotSchema>;
