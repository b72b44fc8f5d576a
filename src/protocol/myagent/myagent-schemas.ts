/**
 * myagent WebSocket wire schemas (its WebSocket document, overridden by what the real
 * server sends: tests/fixtures/myagent/SOURCE.txt): every server→client event of the
 * document plus `agent.interrupted`, and the client→server `user.*` events (the simulator
 * and the tests build them; the decoder keeps echoes as raw frames).
 *
 * Real-server stamps on every outbound event: top-level `seq` (per CONNECTION, from 1),
 * `event_id = "<connection_id>-<seq>"`, `metadata.connection_id`, a naive `timestamp`
 * (`datetime.now().isoformat()`, no zone) and usually `show_content`.
 *
 * Tolerance: the document's payloads are examples and the real pipeline emits other
 * shapes (solver.* carry `content.task` and no `metadata.task_id`; plan.completed puts
 * `plan_summary` in content; task ids are numbers in the data2ppt example), so content is
 * "text or loose object" almost everywhere and every object is loose.
 */
import * as z from 'zod';
import { nullishField } from '@/protocol/nullish-field';

// Python producers send null for "absent": normalise once.
const optional = nullishField;
const text = optional(z.string());
const count = optional(z.number().int().nonnegative());
const anything = z.unknown().optional();
/** Task and step ids are strings in the document and integers in the real examples. */
const id = z.union([z.string(), z.number()]).transform(String);
const attempt = optional(z.number().int().positive());
const textOr = <S extends z.ZodRawShape>(shape: S) => optional(z.union([z.string(), z.looseObject(shape)]));

export const TokensUsedSchema = z.looseObject({ input: z.number().int().nonnegative(), output: z.number().int().nonnegative() });

export const TaskSchema = z.looseObject({
  id,
  title: text,
  description: text,
  objective: text,
  dependencies: optional(z.array(id)),
});
export type MyagentTask = z.infer<typeof TaskSchema>;

const TaskRefSchema = z.looseObject({ id: optional(id), title: text, description: text, objective: text });

const OptionSchema = z.union([z.string(), z.looseObject({ value: z.string(), label: text })]);

/** Fields any metadata may carry; "any cost_usd" is booked, so it is read everywhere. */
const metaBase = {
  connection_id: text,
  task_id: optional(id),
  cost_usd: optional(z.number().nonnegative()),
  tokens_used: optional(TokensUsedSchema),
};
const meta = <S extends z.ZodRawShape>(shape: S) => optional(z.looseObject({ ...metaBase, ...shape }));

const base = {
  session_id: text,
  step_id: optional(id),
  timestamp: text,
  seq: optional(z.number().int().positive()),
  event_id: text,
  show_content: text,
  /** Real servers put the exported state at the top level of agent.state_exported. */
  signed_state: anything,
};
const frame = <T extends string, C extends z.ZodType, S extends z.ZodRawShape>(event: T, content: C, metaShape: S) =>
  z.looseObject({ event: z.literal(event), ...base, content, metadata: meta(metaShape) });

const errorMeta = { error_code: text, error_type: text, error_message: text, stage: text, attempt, max_attempts: count };
const messageContent = textOr({ message: text, error: text });

export const MyagentServerEventSchema = z.discriminatedUnion('event', [
  frame('plan.start', textOr({ question: text }), { plan_id: text, model: text }),
  frame('plan.completed', z.looseObject({ tasks: z.array(TaskSchema), plan_summary: text }), { plan_summary: text, task_count: count }),
  frame('plan.cancelled', textOr({ reason: text }), { reason: text }),
  frame('plan.coercion_error', messageContent, { ...errorMeta, raw_output: text }),
  frame('solver.start', textOr({ task: optional(TaskRefSchema) }), { attempt }),
  frame('solver.completed', textOr({ task: optional(TaskRefSchema), result: anything }), {
    execution_time_ms: optional(z.number().nonnegative()),
    attempt,
  }),
  frame('solver.cancelled', textOr({ task_id: optional(id), task: optional(TaskRefSchema) }), { reason: text }),
  frame('solver.restarted', textOr({ task_id: optional(id), task: optional(TaskRefSchema), previous_error: text }), {
    attempt,
    max_attempts: count,
    previous_error: text,
    reason: text,
    backoff_ms: optional(z.number().nonnegative()),
  }),
  frame('solver.progress', textOr({ current_task: text, status: text }), {
    progress_percent: optional(z.number().min(0).max(100)),
  }),
  frame('agent.thinking', anything, { stage: text, model: text }),
  // The real server: metadata {tool, args, status}; a failure {tool, status: "failed", error}; the document: tool_name/tool_args.
  frame('agent.tool_call', textOr({ tool_name: text, arguments: anything }), { tool: text, args: anything, status: text, tool_name: text, tool_args: anything, call_id: text }),
  frame('agent.tool_result', anything, {
    tool: text,
    status: text,
    error: text,
    data: anything,
    tool_name: text,
    call_id: text,
    result: anything,
    success: optional(z.boolean()),
    execution_time_ms: optional(z.number().nonnegative()),
  }),
  // The real server (agent/toolcall.py): `word_count` the words streamed so far, a closing empty delta with `is_final` and `total_length`.
  frame('agent.partial_answer', z.string(), {
    completion_percent: optional(z.number()),
    word_count: count,
    is_final: optional(z.boolean()),
    total_length: count,
  }),
  frame('agent.final_answer', anything, { total_tokens: count }),
  frame('agent.user_confirm', textOr({ message: text }), {
    scope: text,
    tasks: optional(z.array(TaskSchema)),
    plan_summary: text,
    options: optional(z.array(OptionSchema)),
    timeout_seconds: optional(z.number().positive()),
    // A tool confirmation (session.py `_handle_tool_confirmation`).
    tool_name: text,
    tool_description: text,
    tool_args: anything,
  }).extend({ step_id: id }),
  frame('agent.error', messageContent, errorMeta),
  frame('agent.session_created', textOr({ session_id: text }), { agent_name: text }),
  frame('agent.session_end', anything, {
    reason: text,
    completion_status: text,
    stats: optional(z.looseObject({ tokens_used: optional(TokensUsedSchema) })),
  }),
  frame('agent.state_exported', textOr({ exported_state: anything }), { session_state: anything, valid_until: text }),
  frame('agent.state_restored', textOr({ session_id: text }), { new_session_id: text, agent_name: text }),
  frame('agent.llm_message', anything, { role: text, model: text }),
  frame('agent.interrupted', anything, { reason: text }),
  frame('system.connected', textOr({ server_name: text }), {}),
  frame('system.heartbeat', anything, {}),
  frame('system.notice', textOr({ message: text }), { type: text, action: text, attempt: optional(z.number()) }),
  frame('system.error', messageContent, errorMeta),
  frame('error.validation', messageContent, errorMeta),
  frame('error.timeout', messageContent, errorMeta),
  frame('error.retry_attempt', messageContent, { ...errorMeta, retry_after_ms: optional(z.number().nonnegative()) }),
  frame('aggregate.start', anything, {}),
  frame('aggregate.completed', textOr({ final_result: anything, output: anything }), {}),
  frame('pipeline.completed', textOr({ aggregate_output: anything }), { status: text, result_summary: text }),
]);
export type MyagentServerEvent = z.infer<typeof MyagentServerEventSchema>;
export type MyagentEventOf<T extends MyagentServerEvent['event']> = Extract<MyagentServerEvent, { event: T }>;

export const MYAGENT_SERVER_TYPES: ReadonlySet<string> = new Set(
  MyagentServerEventSchema.options.map((option) => option.shape.event.value),
);

// ---- client → server ---------------------------------------------------------

const userFrame = <T extends string, C extends z.ZodType>(event: T, content: C) =>
  z.looseObject({ event: z.literal(event), session_id: text, step_id: optional(id), content, metadata: anything });

export const MyagentClientEventSchema = z.discriminatedUnion('event', [
  userFrame('user.create_session', anything),
  userFrame('user.message', z.string()),
  userFrame('user.solve_tasks', z.looseObject({ tasks: z.array(TaskSchema) })),
  userFrame(
    'user.response',
    z.looseObject({
      confirmed: optional(z.boolean()),
      approved: optional(z.boolean()),
      feedback: text,
      tasks: optional(z.array(z.unknown())),
    }),
  ).extend({ step_id: id }),
  userFrame('user.cancel', textOr({ reason: text })),
  userFrame('user.cancel_task', z.looseObject({ task_id: id })),
  userFrame('user.restart_task', z.looseObject({ task_id: id })),
  userFrame('user.cancel_plan', anything),
  userFrame('user.replan', anything),
  userFrame('user.ack', optional(z.looseObject({ last_seq: count }))),
  userFrame('user.request_state', anything),
  userFrame('user.reconnect', anything),
  userFrame('user.reconnect_with_state', optional(z.looseObject({ last_seq: count }))).extend({ signed_state: anything }),
]);
export type MyagentClientEvent = z.infer<typeof MyagentClientEventSchema>;
