/**
 * `status_narration` — the bulk of a tolky stream (a step's streamed text) — read without
 * zod (wire-checks.ts says why). The checks are the envelope's and the payload's schemas
 * field by field; the mapping is the schema path's own handler and stamp, so an accepted
 * frame reads exactly as it would through zod (tolky-fast-path.test.ts compares the two).
 * Anything else, or anything unusual, returns undefined: the schema path reads it.
 */
import type { Interpretation } from '@/protocol/dialect';
import { stamp } from '@/protocol/tolky/tolky-envelope';
import { EXECUTION_HANDLERS } from '@/protocol/tolky/tolky-map-execution';
import type { TolkyEnvelope, TolkyPayload } from '@/protocol/tolky/tolky-schemas';
import { TOLKY_PIPELINE_EVENT } from '@/protocol/tolky/tolky-session-schemas';
import type { TolkyState } from '@/protocol/tolky/tolky-state';
import { isAbsent, isCount, isFiniteNumber, isOptionalCount, isOptionalNumber, isOptionalText, isWireObject, orUndefined, type Loose } from '@/protocol/wire-checks';

const NONE: Interpretation = { kind: 'events', events: [] };

export function fastNarration(frame: unknown, state: TolkyState): Interpretation | undefined {
  if (!isWireObject(frame) || frame.event !== TOLKY_PIPELINE_EVENT) return undefined;
  const envelope = frame.data;
  if (!isWireObject(envelope) || envelope.type !== 'status_narration' || !isPlainEnvelope(envelope)) return undefined;
  const payload = envelope.payload;
  if (!isWireObject(payload)) return undefined;
  const { message, sourceEvent, progress, stepNumber } = payload;
  if (typeof message !== 'string' || !isOptionalText(sourceEvent) || !isOptionalNumber(progress) || !isOptionalCount(stepNumber)) return undefined;
  // Checked above: the envelope's intentId is a non-empty string, as the schema path's String() would leave it.
  const intentId = envelope.intentId as string;
  if (intentId !== state.runId) return NONE;
  const timestamp = orUndefined(envelope.timestamp as string | number | null | undefined);
  const read: TolkyPayload<'status_narration'> = { message, sourceEvent: orUndefined(sourceEvent), progress: orUndefined(progress), stepNumber: orUndefined(stepNumber) };
  const env = { intentId, timestamp } as TolkyEnvelope;
  return { kind: 'events', events: stamp(EXECUTION_HANDLERS.status_narration(read, env, state), env) };
}

/**
 * TolkyEnvelopeSchema, field by field, for the common form: a string intentId (a numeric
 * one is converted by the schema path), a string or numeric timestamp, a seq.
 */
function isPlainEnvelope(envelope: Loose): boolean {
  const { intentId, sessionId, timestamp, seq, chapterId, chapterKey } = envelope;
  if (typeof intentId !== 'string' || intentId === '' || !isCount(seq)) return false;
  if (!isOptionalText(sessionId) || !isOptionalText(chapterId) || !isOptionalText(chapterKey)) return false;
  return isAbsent(timestamp) || typeof timestamp === 'string' || isFiniteNumber(timestamp);
}
