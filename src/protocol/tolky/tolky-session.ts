/**
 * tolky session-level Socket.IO events → canonical log / raw events. They carry no `seq`,
 * so they have no order; events about another intent than the watched one are ignored
 * (a session or host room carries every intent of the session or host).
 */
import type * as z from 'zod';

import { reasonOf, rejected } from '@/protocol/decode-util';
import type { Interpretation } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import {
  TolkyCancelAckSchema,
  TolkyErrorEventSchema,
  TolkyIntentStartedSchema,
  TolkyJoinedSchema,
  TolkySessionIntentsSchema,
  TolkySessionSchema,
  type TolkySessionEvent,
} from '@/protocol/tolky/tolky-session-schemas';
import { brief, log, type TolkyState } from '@/protocol/tolky/tolky-state';

const NONE: Interpretation = { kind: 'events', events: [] };

function parse<S extends z.ZodType>(schema: S, data: unknown, event: string, map: (value: z.output<S>) => RunEvent[] | undefined): Interpretation {
  const parsed = schema.safeParse(data);
  if (!parsed.success) return rejected(reasonOf(parsed.error), event);
  const events = map(parsed.data);
  return events === undefined ? NONE : { kind: 'events', events };
}

/** Undefined (ignore) when the event names another intent. */
const mine = (state: TolkyState, intentId: string | undefined, events: RunEvent[]) =>
  intentId !== undefined && intentId !== state.runId ? undefined : events;

export function decodeSessionEvent(event: Exclude<TolkySessionEvent, 'replay_events_response'>, data: unknown, state: TolkyState): Interpretation {
  switch (event) {
    case 'session_started':
    case 'session_resumed':
      return parse(TolkySessionSchema, data, event, (s) => [
        log('info', `${event === 'session_started' ? 'session started' : 'session resumed'}${s.sessionId ? ` (${s.sessionId})` : ''}`, 'session'),
      ]);
    case 'session_intents':
      return parse(TolkySessionIntentsSchema, data, event, (s) => [log('debug', `${s.intents?.length ?? 0} intent(s) in this session`, 'session')]);
    case 'session_intent_started':
      return parse(TolkyIntentStartedSchema, data, event, (s) => mine(state, s.intentId, [log('info', 'intent started in this session', 'session')]));
    case 'session_error':
    case 'sequential_thinking_error':
      return parse(TolkyErrorEventSchema, data, event, (s) => {
        const detail = typeof s.error === 'string' ? s.error : s.error?.message;
        return mine(state, s.intentId, [log('error', s.message ?? detail ?? `${event.replace(/_/g, ' ')}`, 'session')]);
      });
    case 'intent_cancel_acknowledged':
      return parse(TolkyCancelAckSchema, data, event, (s) => {
        const refused = s.success === false;
        const text = refused ? `cancel refused${s.reason || s.message ? `: ${s.reason ?? s.message}` : ''}` : 'cancel acknowledged';
        return mine(state, s.intentId, [log(refused ? 'warn' : 'info', text, 'cancel')]);
      });
    case 'sequential_thinking_joined':
    case 'sequential_thinking_joined_host':
      return parse(TolkyJoinedSchema, data, event, (s) => {
        const what = event === 'sequential_thinking_joined' ? `watching intent ${s.intentId ?? state.runId}` : `joined host ${s.hostId ?? ''}`.trim();
        return mine(state, s.intentId, [log('debug', what, 'session')]);
      });
    case 'user_sessions':
    case 'context_memory_response':
    case 'session_db_content_response':
      // Known replies with nothing to map: kept as raw frames for the raw log.
      return { kind: 'events', events: [{ type: 'raw', frameType: event, summary: brief(data) }] };
  }
}
