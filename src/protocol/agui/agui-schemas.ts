/**
 * AG-UI 1.0 wire schemas (`@ag-ui/core` 1.0, schema $id https://ag-ui.com/spec/1.0/schema.json),
 * written as our own zod so the browser bundle never carries `@ag-ui/*` (devDependencies only).
 *
 * One schema per member of 1.0's EventType enum (31 types: TEXT_MESSAGE_*, TOOL_CALL_*,
 * STATE_*, MESSAGES_SNAPSHOT, ACTIVITY_*, RAW, CUSTOM, RUN_*, STEP_*, REASONING_*,
 * SUBAGENT_*). 1.0 has no THINKING_* types (they were renamed REASONING_*).
 *
 * Tolerant reader, stricter only where a mapping depends on it: looseObject everywhere,
 * `null` read as absent (the reference client's compatibility boundary does the same for
 * optional fields), nested message / patch shapes checked only as far as we read them.
 */
import * as z from 'zod';

import { parseWith } from '@/protocol/derive-reader';
import { nullishField } from '@/protocol/nullish-field';

const optional = nullishField;

/** An object, never an array; open by key (the key `ag-ui` is the protocol's own). */
export const MetadataSchema = z.record(z.string(), z.unknown());

const base = {
  timestamp: optional(z.number()),
  rawEvent: z.unknown().optional(),
  metadata: optional(MetadataSchema),
};
/** Content and progress events may belong to a subagent invocation. */
const attributable = { ...base, subagentRunId: optional(z.string()) };

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.looseObject({ type: z.literal(type), ...attributable, ...shape });
/** Run-scoped and conversation-wide events carry no attribution; SUBAGENT_* declare subagentRunId as identity. */
const scoped = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.looseObject({ type: z.literal(type), ...base, ...shape });

const PatchSchema = z.array(z.looseObject({ op: z.string(), path: z.string() }));

export const InterruptSchema = z.looseObject({
  id: z.string(),
  reason: z.string(),
  message: optional(z.string()),
  toolCallId: optional(z.string()),
  responseSchema: optional(z.record(z.string(), z.unknown())),
  expiresAt: optional(z.string()),
  subagentRunId: optional(z.string()),
  metadata: optional(MetadataSchema),
});
export type AguiInterrupt = z.infer<typeof InterruptSchema>;

const KNOWN_OUTCOMES = ['success', 'interrupt', 'cancelled'];
/**
 * 1.0 says an outcome a consumer does not recognise is read as success, so an unknown
 * `type` is accepted here and the decoder treats it that way (with a warning).
 */
export const RunFinishedOutcomeSchema = z.union([
  z.looseObject({ type: z.literal('success'), pendingToolCallIds: optional(z.array(z.string())) }),
  z.looseObject({ type: z.literal('interrupt'), interrupts: z.array(InterruptSchema).min(1) }),
  z.looseObject({ type: z.literal('cancelled') }),
  z.looseObject({ type: z.string().refine((type) => !KNOWN_OUTCOMES.includes(type), 'known outcome with invalid fields') }),
]);

const TokenUsageSchema = z.looseObject({
  provider: optional(z.string()),
  model: optional(z.string()),
  inputTokens: optional(z.number().int().nonnegative()),
  outputTokens: optional(z.number().int().nonnegative()),
  totalTokens: optional(z.number().int().nonnegative()),
});
export type AguiTokenUsage = z.infer<typeof TokenUsageSchema>;

const MessageSchema = z.looseObject({ id: z.string(), role: z.string() });
const ToolResultContentSchema = z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]);

export const AguiEventSchema = z.discriminatedUnion('type', [
  event('TEXT_MESSAGE_START', { messageId: z.string(), role: optional(z.string()), name: optional(z.string()) }),
  event('TEXT_MESSAGE_CONTENT', { messageId: z.string(), delta: z.string() }),
  event('TEXT_MESSAGE_END', { messageId: z.string() }),
  event('TEXT_MESSAGE_CHUNK', {
    messageId: optional(z.string()),
    role: optional(z.string()),
    delta: optional(z.string()),
    name: optional(z.string()),
  }),
  event('TOOL_CALL_START', { toolCallId: z.string(), toolCallName: z.string(), parentMessageId: optional(z.string()) }),
  event('TOOL_CALL_ARGS', { toolCallId: z.string(), delta: z.string() }),
  event('TOOL_CALL_END', { toolCallId: z.string() }),
  event('TOOL_CALL_CHUNK', {
    toolCallId: optional(z.string()),
    toolCallName: optional(z.string()),
    parentMessageId: optional(z.string()),
    delta: optional(z.string()),
  }),
  event('TOOL_CALL_RESULT', {
    messageId: z.string(),
    toolCallId: z.string(),
    content: ToolResultContentSchema,
    role: optional(z.literal('tool')),
  }),
  event('STATE_SNAPSHOT', { snapshot: z.unknown().refine((value) => value !== undefined, 'snapshot is required') }),
  event('STATE_DELTA', { delta: PatchSchema }),
  scoped('MESSAGES_SNAPSHOT', { messages: z.array(MessageSchema) }),
  event('ACTIVITY_SNAPSHOT', {
    messageId: z.string(),
    activityType: z.string(),
    content: z.record(z.string(), z.unknown()),
    replace: optional(z.boolean()),
  }),
  event('ACTIVITY_DELTA', { messageId: z.string(), activityType: z.string(), patch: PatchSchema }),
  event('RAW', { event: z.unknown().refine((value) => value !== undefined, 'event is required'), source: optional(z.string()) }),
  event('CUSTOM', { name: z.string(), value: z.unknown() }),
  scoped(
    'RUN_STARTED',
    {
      threadId: z.string(),
      runId: z.string(),
      protocolVersion: optional(z.string()),
      parentRunId: optional(z.string()),
      /** The RunAgentInput echo: `resume` (which interrupts this run answers) and `messages` (the first user message titles the run). */
      input: optional(
        z.looseObject({
          resume: optional(z.array(z.looseObject({ interruptId: z.string(), status: z.string() }))),
          messages: optional(z.array(z.looseObject({ role: optional(z.string()), content: optional(z.unknown()) }))),
        }),
      ),
    },
  ),
  scoped(
    'RUN_FINISHED',
    {
      threadId: z.string(),
      runId: z.string(),
      result: z.unknown().optional(),
      outcome: optional(RunFinishedOutcomeSchema),
      usage: optional(z.array(TokenUsageSchema)),
    },
  ),
  scoped('RUN_ERROR', { message: z.string(), code: optional(z.string()), usage: optional(z.array(TokenUsageSchema)) }),
  event('STEP_STARTED', { stepName: z.string() }),
  event('STEP_FINISHED', { stepName: z.string() }),
  event('REASONING_START', { messageId: z.string() }),
  event('REASONING_MESSAGE_START', { messageId: z.string(), role: optional(z.string()) }),
  event('REASONING_MESSAGE_CONTENT', { messageId: z.string(), delta: z.string() }),
  event('REASONING_MESSAGE_END', { messageId: z.string() }),
  event('REASONING_MESSAGE_CHUNK', { messageId: optional(z.string()), delta: optional(z.string()) }),
  event('REASONING_END', { messageId: z.string() }),
  event('REASONING_ENCRYPTED_VALUE', { subtype: z.string(), entityId: z.string(), encryptedValue: z.string() }),
  scoped('SUBAGENT_STARTED', {
    subagentRunId: z.string(),
    name: z.string(),
    description: optional(z.string()),
    parentSubagentRunId: optional(z.string()),
    parentToolCallId: optional(z.string()),
    parentMessageId: optional(z.string()),
  }),
  scoped('SUBAGENT_FINISHED', {
    subagentRunId: z.string(),
    result: z.unknown().optional(),
    outcome: optional(z.looseObject({ type: z.string(), interruptIds: optional(z.array(z.string())) })),
  }),
  scoped('SUBAGENT_ERROR', { subagentRunId: z.string(), message: z.string(), code: optional(z.string()) }),
]);
export type AguiEvent = z.infer<typeof AguiEventSchema>;
export type AguiEventType = AguiEvent['type'];
export type AguiEventOf<T extends AguiEventType> = Extract<AguiEvent, { type: T }>;

/** Per-type schemas: parsing one member is cheaper than trying the whole union. */
export const AGUI_EVENT_SCHEMAS: ReadonlyMap<string, z.ZodType<AguiEvent>> = new Map(
  AguiEventSchema.options.map((option) => [option.shape.type.value, option as unknown as z.ZodType<AguiEvent>]),
);

/** Each member read by the reader derived from its schema (derive-reader.ts); zod only names a bad field. */
export const AGUI_EVENT_PARSERS: ReadonlyMap<string, (value: unknown) => z.ZodSafeParseResult<AguiEvent>> = new Map(
  [...AGUI_EVENT_SCHEMAS].map(([type, schema]) => [type, parseWith(schema)]),
);
