/**
 * MARS socket frames (`/ws/{task_id}`): `{event_type, timestamp, run_id?, session_id?, data}`
 * with the `data` of every documented event (mars-workflow-ws.md) AND of what the real
 * server sends (UJ2202/MARS backend; frames and their upstream lines: tests/fixtures/mars/SOURCE.txt) —
 * console `output` lines (the bulk), `status`, `result`, `complete`, `error`, the workflow
 * callbacks (`step_start`, `step_complete`, `planning_*`, `phase_change`, `cost_summary`,
 * `tool_call`, `code_execution`, `workflow_complete`), `workflow_cancelled`, `files_updated`
 * and the 1 Hz `heartbeat` — plus the legacy `{type, data|message}` frames.
 */
import * as z from 'zod';

import {
  ApprovalContextSchema,
  MarsCostSchema,
  MarsOptionSchema,
  dagShape,
  frame,
  int,
  num,
  obj,
  optional,
  stepData,
  stepRef,
  text,
} from '@/protocol/mars/mars-schema-parts';

export { MarsDagNodeSchema, type MarsCost, type MarsDagNode, type MarsOption } from '@/protocol/mars/mars-schema-parts';

const positive = z.number().int().positive();
const message = obj({ message: text });

/** The document's frames. */
const DOCUMENTED = [
  frame('connected', message),
  frame('disconnected', obj({ message: text, reason: text })),
  frame('reconnected', message),
  frame('heartbeat', obj({})),
  frame('pong', obj({})),
  frame('workflow_started', obj({ run_id: text, task_description: text, agent: text, model: text, work_dir: text, mode: text })),
  frame('workflow_state_changed', obj({ status: z.string(), message: text, started_at: text, completed_at: text })),
  frame('workflow_paused', obj({ reason: text, message: text, status: text })),
  frame('workflow_resumed', obj({ message: text, status: text })),
  frame('workflow_completed', obj({ final_result: z.unknown().optional(), total_cost: optional(z.number().nonnegative()), total_duration_seconds: optional(z.number().nonnegative()), execution_time: num })),
  // Three real shapes: the executor's `{error, run_id}`, the callback's `{error, failed_step}`, and a cancel's `{message, status: "cancelled"}` without error.
  frame('workflow_failed', obj({ error: text, traceback: text, message: text, status: text, failed_step: int })),
  frame('step_started', stepData({ step_description: text, agent: text })),
  frame('step_progress', stepData({ progress_percentage: optional(z.number().min(0).max(100)), message: text })),
  frame('step_completed', stepData({ result: z.unknown().optional(), output: z.unknown().optional() })),
  frame('step_failed', stepData({ error: text, traceback: text, goal: text })),
  frame('step_retry_started', stepData({ attempt_number: positive, max_attempts: optional(positive), error_category: text, error_pattern: text, success_probability: num, strategy: text, suggestions: optional(z.array(z.string())), has_user_feedback: optional(z.boolean()) })),
  frame('step_retry_backoff', stepData({ backoff_seconds: z.number().nonnegative(), next_attempt_at: text })),
  frame('step_retry_succeeded', stepData({ attempt_number: positive })),
  frame('step_retry_exhausted', stepData({ total_attempts: positive, final_error: text })),
  frame('dag_created', obj(dagShape)),
  frame('dag_updated', obj(dagShape)),
  frame('dag_node_status_changed', obj({ node_id: z.string(), old_status: text, new_status: z.string(), error: text })),
  // The real AG2 stream adds `metadata`; the isolated executor says `content` instead of `message`.
  frame('agent_message', obj({ ...stepRef, agent: text, message: text, content: text, role: text }).refine((d) => d.message !== undefined || d.content !== undefined, { message: 'an agent_message needs a message (or content)', path: ['message'] })),
  frame('agent_thinking', obj({ ...stepRef, agent: text, thinking: z.boolean() })),
  frame('agent_tool_call', obj({ ...stepRef, agent: text, tool_name: z.string(), arguments: z.unknown().optional() })),
  frame('approval_requested', obj({ approval_id: z.string(), step_id: text, action: text, description: text, message: text, context: optional(ApprovalContextSchema), options: optional(z.array(MarsOptionSchema)), checkpoint_type: text })),
  frame('approval_received', obj({ approval_id: z.string(), approved: optional(z.boolean()), resolution: text, feedback: text })),
  frame('cost_update', MarsCostSchema),
  frame('metric_update', obj({ name: z.string(), value: z.number(), unit: text })),
  frame('file_created', obj({ file_path: z.string(), file_type: text })),
  frame('file_updated', obj({ file_path: z.string() })),
  frame('error_occurred', obj({ error_type: text, message: z.string(), step_id: text, traceback: text })),
] as const;

/** What the real server sends beyond the document. */
const REAL = [
  frame('output', obj({ message: z.string(), source: text })),
  frame('status', obj({ message: text, session_id: text })),
  frame('result', obj({ execution_time: num, session_id: text, work_dir: text, base_work_dir: text, mode: text })),
  frame('complete', message),
  frame('error', obj({ message: text, error_type: text })),
  frame('step_start', obj({ step_number: z.number().int(), goal: text, description: text })),
  frame('step_complete', obj({ step_number: z.number().int(), goal: text, execution_time: num, summary: text })),
  frame('planning_start', obj({ task: text })),
  frame('planning_complete', obj({ num_steps: int, planning_time: num, steps: optional(z.array(z.unknown())) })),
  frame('phase_change', obj({ phase: z.string(), step_number: int, step: int })),
  frame('workflow_complete', obj({ total_time: num })),
  frame('workflow_cancelled', message),
  frame('cost_summary', obj({ total_cost: num, total_tokens: num })),
  frame('tool_call', obj({ agent: text, tool_name: z.string(), arguments: z.unknown().optional(), result: z.unknown().optional() })),
  frame('code_execution', obj({ agent: text, code: text, language: text, result: z.unknown().optional() })),
  frame('files_updated', obj({ node_id: text, step_id: text, files_tracked: num })),
] as const;

export const MarsEventSchema = z.discriminatedUnion('event_type', [...DOCUMENTED, ...REAL]);
export type MarsEvent = z.infer<typeof MarsEventSchema>;
export type MarsEventOf<T extends MarsEvent['event_type']> = Extract<MarsEvent, { event_type: T }>;

export const MARS_EVENT_TYPES: ReadonlySet<string> = new Set(MarsEventSchema.options.map((option) => option.shape.event_type.value));

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
