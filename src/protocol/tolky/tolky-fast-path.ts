/**
 * The frequent tolky frame types — a step's streamed narration (~92% of a stream), its start,
 * log line, cost and end — read without zod (wire-checks.ts says why). Each shape below is
 * its schema in tolky-schemas.ts, field by field (fast-shape.ts); the mapping is the schema
 * path's own handler and stamp, so an accepted frame reads exactly as it would through zod
 * (tolky-fast-path.test.ts compares the two, field by field). Anything else, or anything
 * unusual (a numeric intent id, a bad field), returns undefined: the schema path reads it.
 */
import type { Interpretation } from '@/protocol/dialect';
import { anything, count, INVALID, nonNegative, nullish, number, positiveInteger, readShape, shape, shapeOf, shapesByType, string, type Field, type Shape } from '@/protocol/fast-shape';
import { mapEnvelope } from '@/protocol/tolky/tolky-envelope';
import type { TolkyEnvelope, TolkyPayload, TolkyType } from '@/protocol/tolky/tolky-schemas';
import { TOLKY_PIPELINE_EVENT } from '@/protocol/tolky/tolky-session-schemas';
import type { TolkyState } from '@/protocol/tolky/tolky-state';
import { isWireObject } from '@/protocol/wire-checks';

const NONE: Interpretation = { kind: 'events', events: [] };

const text = nullish(string);
const optionalNumber = nullish(number);
const optionalCount = nullish(count);
/** `z.string().min(1)`: the schema converts a numeric intent id; the fast path leaves that to it. */
const nonEmptyText: Field = (value) => (typeof value === 'string' && value !== '' ? value : INVALID);
const textOrNumber: Field = (value) => (typeof value === 'string' ? value : number(value));

/** TolkyEnvelopeSchema without its payload. */
const ENVELOPE: Shape = shapeOf({
  type: nonEmptyText,
  intentId: nonEmptyText,
  sessionId: text,
  timestamp: nullish(textOrNumber),
  seq: count,
  chapterId: text,
  chapterKey: text,
});

/** TOLKY_PAYLOADS of the fast types. */
export const FAST_PAYLOADS: ReadonlyMap<TolkyType, Shape> = shapesByType<TolkyType>([
  ['status_narration', { message: string, sourceEvent: text, progress: optionalNumber, stepNumber: optionalCount }],
  ['step_started', { stepNumber: count, totalSteps: optionalCount, action: text, displayName: text, progress: optionalNumber, attempt: nullish(positiveInteger) }],
  [
    'step_completed',
    { stepNumber: count, totalSteps: optionalCount, action: text, result: anything, progress: optionalNumber, durationMs: optionalNumber, attempt: nullish(positiveInteger) },
  ],
  ['chapter_log', { message: string, level: text, source: text, stepNumber: optionalCount, action: text, metadata: anything }],
  [
    'token_usage_updated',
    {
      source: text,
      model: text,
      stepNumber: optionalCount,
      delta: shape({ prompt: optionalCount, completion: optionalCount, cost: nonNegative, calls: optionalCount }),
      cumulative: nullish(shape({ prompt: optionalCount, completion: optionalCount, cost: optionalNumber, calls: optionalCount })),
    },
  ],
]);

export function fastTolky(frame: unknown, state: TolkyState): Interpretation | undefined {
  if (!isWireObject(frame) || frame.event !== TOLKY_PIPELINE_EVENT || !isWireObject(frame.data)) return undefined;
  const type = frame.data.type as TolkyType;
  const payloadShape = FAST_PAYLOADS.get(type);
  if (!payloadShape) return undefined;
  const envelope = readShape(frame.data, ENVELOPE) as TolkyEnvelope | undefined;
  if (!envelope) return undefined;
  // As the schema path: a valid envelope of another intent is not read further.
  if (envelope.intentId !== state.runId) return NONE;
  const payload = readShape(frame.data.payload, payloadShape) as TolkyPayload<typeof type> | undefined;
  return payload ? { kind: 'events', events: mapEnvelope(type, payload, envelope, state) } : undefined;
}
