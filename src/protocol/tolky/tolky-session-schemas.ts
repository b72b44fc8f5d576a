/**
 * tolky session-level Socket.IO events (server → client), beside the pipeline envelope.
 * The document names them without shapes, so every schema is loose and every field
 * optional; text-only payloads (a bare error string) are lifted into `{message}`.
 */
import * as z from 'zod';

import { opt, TolkyErrorSchema } from '@/protocol/tolky/tolky-schemas';

const str = opt(z.string());
const id = opt(z.union([z.string(), z.number()]).transform(String));

/** A bare string payload becomes `{message}`; anything else is left to the schema. */
const messageLike = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === 'string' ? { message: value } : (value ?? {})), schema);

export const TolkySessionSchema = messageLike(z.looseObject({ sessionId: str, userId: str, message: str }));

export const TolkySessionIntentsSchema = z.preprocess(
  (value) => (Array.isArray(value) ? { intents: value } : value),
  z.looseObject({ sessionId: str, intents: opt(z.array(z.unknown())) }),
);

export const TolkyIntentStartedSchema = z.looseObject({ intentId: id, instructions: str, sessionId: str });

export const TolkyErrorEventSchema = messageLike(
  z.looseObject({ message: str, error: opt(TolkyErrorSchema), code: opt(z.union([z.string(), z.number()])), intentId: id }),
);

export const TolkyCancelAckSchema = z.looseObject({ intentId: id, success: opt(z.boolean()), reason: str, message: str });

export const TolkyJoinedSchema = messageLike(z.looseObject({ intentId: id, hostId: id, room: str }));

/** `replay_events_response`: not published. `{intentId, events}` and a bare array are both accepted. */
export const TolkyReplayResponseSchema = z.preprocess(
  (value) => (Array.isArray(value) ? { events: value } : value),
  z.looseObject({ intentId: id, events: z.array(z.unknown()) }),
);

/** Server → client session events, in the document's order; all are subscribed to. */
export const TOLKY_SESSION_EVENTS = [
  'session_started',
  'session_resumed',
  'session_intents',
  'session_intent_started',
  'session_error',
  'user_sessions',
  'replay_events_response',
  'context_memory_response',
  'intent_cancel_acknowledged',
  'session_db_content_response',
  'sequential_thinking_joined',
  'sequential_thinking_joined_host',
  'sequential_thinking_error',
] as const;
export type TolkySessionEvent = (typeof TOLKY_SESSION_EVENTS)[number];

export const TOLKY_PIPELINE_EVENT = 'sequential_thinking_event';
