/**
 * Shannon SSE wire schemas (its streaming document plus what the real code sends, see
 * tests/fixtures/shannon/SOURCE.txt): the event envelope, the payload of every documented type and
 * the extras the real code emits, and the renamed frames (`thread.message.delta`,
 * `thread.message.completed`).
 *
 * Tolerance: the document's payloads are examples, and the published examples are partial
 * (most lines carry only type/agent_id/message/seq), so every payload field is optional
 * and every object is loose. The event-specific object is `payload` on the wire and `data`
 * in the document; the decoder folds both into `payload` before parsing.
 */
import * as z from 'zod';
import { nullishField } from '@/protocol/nullish-field';

// Producers send null for "absent" in places (Go zero values through JSON): normalise once.
const optional = nullishField;
const str = optional(z.string());
const num = optional(z.number());
const bool = optional(z.boolean());
const count = optional(z.number().int().nonnegative());
const strings = optional(z.array(z.string()));
const anything = z.unknown().optional();

// ---- payloads (the document's 26 types) -------------------------------------

const TeamMemberSchema = z.looseObject({ agent_id: z.string(), role: str, capabilities: strings });

/** Usage as the real LLM_OUTPUT / thread.message.completed carries it (top level, `metadata` or `usage`). */
export const UsageSchema = z.looseObject({
  tokens_used: count,
  total_tokens: count,
  input_tokens: count,
  output_tokens: count,
  cost_usd: optional(z.number().nonnegative()),
  model_used: str,
  model: str,
  provider: str,
  /** How long the call took, as activities/agent.go measures it (payload, i.e. `metadata` when renamed). */
  duration_ms: num,
});
export type ShannonUsage = z.infer<typeof UsageSchema>;

export const TaskSchema = z.looseObject({
  id: z.string(),
  description: str,
  status: str,
  owner: str,
  depends_on: strings,
});
export type ShannonTask = z.infer<typeof TaskSchema>;

const PAYLOADS = {
  WORKFLOW_STARTED: { query: str, mode: str, session_id: str, estimated_complexity: num, task_context: anything },
  WORKFLOW_COMPLETED: {
    result: anything,
    duration_ms: num,
    total_tokens: count,
    total_cost_usd: optional(z.number().nonnegative()),
    agents_used: count,
    tools_invoked: count,
  },
  AGENT_STARTED: { role: str, subtask: str, tools_available: strings },
  AGENT_THINKING: { thought: str, next_action: str, confidence: num },
  AGENT_COMPLETED: { result: anything, tokens_used: count, cost_usd: optional(z.number().nonnegative()), duration_ms: num },
  AGENT_FAILED: { error: str, error_message: str, recoverable: bool },
  TOOL_INVOKED: { tool: str, tool_name: str, params: anything, tool_args: anything, timeout_seconds: num },
  TOOL_OBSERVATION: {
    tool: str,
    tool_name: str,
    success: bool,
    result: anything,
    observation: anything,
    duration_ms: num,
    relevance_score: num,
  },
  TEAM_RECRUITED: { team_size: count, agents: optional(z.array(TeamMemberSchema)) },
  TEAM_RETIRED: { team_size: count, duration_ms: num, total_tokens: count, reason: str },
  TEAM_STATUS: { active_agents: count, idle_agents: count, tasks_completed: count, tasks_remaining: count, coordination_mode: str },
  DEPENDENCY_SATISFIED: { subtask_id: str, satisfied_dependencies: strings, can_proceed: bool },
  MESSAGE_SENT: { to: str, content: anything, message_type: str },
  MESSAGE_RECEIVED: { from: str, content: anything, acknowledged: bool },
  LLM_PROMPT: { model: str, prompt_length: count, max_tokens: count, temperature: num, sanitized_prompt: str },
  LLM_PARTIAL: { chunk: str, delta: str, chunk_index: count, total_tokens_so_far: count },
  LLM_OUTPUT: {
    ...UsageSchema.shape,
    output: anything,
    response: anything,
    duration_ms: num,
    usage: optional(UsageSchema),
    metadata: optional(UsageSchema),
  },
  PROGRESS: { percentage: optional(z.number().min(0).max(100)), current_step: count, total_steps: count, current_task: str },
  DATA_PROCESSING: { operation: str, records_processed: count, total_records: count, processing_stage: str },
  WAITING: { waiting_for: str, wait_reason: str, estimated_wait_seconds: num },
  ERROR_OCCURRED: {
    error: anything,
    error_type: str,
    error_message: str,
    recoverable: bool,
    retry_count: count,
    max_retries: count,
    retry_after: num,
  },
  ERROR_RECOVERY: { error_type: str, recovery_action: str, attempt: count, max_attempts: count, success: bool },
  APPROVAL_REQUESTED: {
    approval_id: str,
    tool_name: str,
    tool: str,
    operation: str,
    risk_level: str,
    timeout_seconds: optional(z.number().nonnegative()),
    details: anything,
  },
  APPROVAL_DECISION: { approval_id: str, decision: str, approved: bool, approved_by: str, timestamp: str, comments: str },
  WORKSPACE_UPDATED: { key: str, value: anything, action: str },
  ROLE_ASSIGNED: { role: str, capabilities: strings, tools: strings },
  DELEGATION: { to_agent: str, task: str, priority: str },
  // ---- real extras (tests/fixtures/shannon/SOURCE.txt) ----
  TASKLIST_UPDATED: { tasks: z.array(TaskSchema) },
  STREAM_END: {},
  WARNING: { warning: str, code: str },
  BUDGET_THRESHOLD: {
    approval_id: str,
    threshold_percent: num,
    usage_percent: num,
    current_cost_usd: num,
    budget_usd: num,
    tokens_used: count,
    token_budget: count,
  },
  RESEARCH_PLAN_READY: { round: count, version: count, intent: str },
  RESEARCH_PLAN_UPDATED: { round: count, version: count, intent: str },
  RESEARCH_PLAN_APPROVED: { approved_by: str, final_round: count },
  REVIEW_USER_FEEDBACK: { round: count, version: count },
  // A swarm's lead at work (swarm_workflow.go): its decisions, its own tool calls, its answer to a person.
  LEAD_DECISION: { event_type: str, actions: count },
  LEAD_TOOL_CALL: { tool: str, phase: str },
  HITL_RESPONSE: {},
  WORKFLOW_FAILED: { error: anything, error_message: str, duration_ms: num },
  // The control frames (SSE names; the history rows' WORKFLOW_PAUSED etc. are read as these).
  'workflow.pausing': { reason: str },
  'workflow.paused': { reason: str, checkpoint: str },
  'workflow.resumed': {},
  'workflow.cancelling': { reason: str },
  'workflow.cancelled': { reason: str, checkpoint: str, was_paused: bool },
} as const satisfies Record<string, z.ZodRawShape>;

export type ShannonType = keyof typeof PAYLOADS;
export const SHANNON_TYPES: ReadonlySet<string> = new Set(Object.keys(PAYLOADS));

// ---- envelope ------------------------------------------------------------------

/** `{workflow_id, type, agent_id, message, timestamp, seq, stream_id, payload}`: all but type optional. */
const envelope = {
  workflow_id: str,
  agent_id: str,
  message: str,
  timestamp: str,
  seq: optional(z.number().int().nonnegative()),
  stream_id: str,
};

const event = <T extends ShannonType>(type: T) =>
  z.looseObject({
    type: z.literal(type),
    ...envelope,
    // The decoder supplies `{}` when both payload and data are absent or null.
    payload: z.looseObject(PAYLOADS[type] as (typeof PAYLOADS)[T]),
  });

// Written out (not mapped) so the discriminated union keeps one precise type per member.
export const ShannonEventSchema = z.discriminatedUnion('type', [
  event('WORKFLOW_STARTED'),
  event('WORKFLOW_COMPLETED'),
  event('AGENT_STARTED'),
  event('AGENT_THINKING'),
  event('AGENT_COMPLETED'),
  event('AGENT_FAILED'),
  event('TOOL_INVOKED'),
  event('TOOL_OBSERVATION'),
  event('TEAM_RECRUITED'),
  event('TEAM_RETIRED'),
  event('TEAM_STATUS'),
  event('DEPENDENCY_SATISFIED'),
  event('MESSAGE_SENT'),
  event('MESSAGE_RECEIVED'),
  event('LLM_PROMPT'),
  event('LLM_PARTIAL'),
  event('LLM_OUTPUT'),
  event('PROGRESS'),
  event('DATA_PROCESSING'),
  event('WAITING'),
  event('ERROR_OCCURRED'),
  event('ERROR_RECOVERY'),
  event('APPROVAL_REQUESTED'),
  event('APPROVAL_DECISION'),
  event('WORKSPACE_UPDATED'),
  event('ROLE_ASSIGNED'),
  event('DELEGATION'),
  event('TASKLIST_UPDATED'),
  event('STREAM_END'),
  event('WARNING'),
  event('BUDGET_THRESHOLD'),
  event('RESEARCH_PLAN_READY'),
  event('RESEARCH_PLAN_UPDATED'),
  event('RESEARCH_PLAN_APPROVED'),
  event('REVIEW_USER_FEEDBACK'),
  event('LEAD_DECISION'),
  event('LEAD_TOOL_CALL'),
  event('HITL_RESPONSE'),
  event('WORKFLOW_FAILED'),
  event('workflow.pausing'),
  event('workflow.paused'),
  event('workflow.resumed'),
  event('workflow.cancelling'),
  event('workflow.cancelled'),
]);
export type ShannonEvent = z.infer<typeof ShannonEventSchema>;
export type ShannonEventOf<T extends ShannonType> = Extract<ShannonEvent, { type: T }>;

// ---- renamed SSE frames (no `type` in the body) ------------------------------------

/** `event: thread.message.delta`: LLM_PARTIAL under its streaming name. */
export const MessageDeltaSchema = z.looseObject({ delta: z.string(), ...envelope });
export type ShannonMessageDelta = z.infer<typeof MessageDeltaSchema>;

/** `event: thread.message.completed`: LLM_OUTPUT under its streaming name. */
export const MessageCompletedSchema = z.looseObject({
  response: anything,
  ...envelope,
  metadata: optional(UsageSchema),
  usage: optional(UsageSchema),
});
export type ShannonMessageCompleted = z.infer<typeof MessageCompletedSchema>;
