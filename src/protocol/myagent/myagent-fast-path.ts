/**
 * `agent.partial_answer` — the bulk of a myagent stream (the answer's text, delta by delta) —
 * checked without zod (wire-checks.ts says why): its schema, field by field. An accepted frame
 * comes back as the event the schema would give, with the fields the mapping reads, and is
 * read by the same mapping (myagent-interpreter.ts); myagent-fast-path.test.ts compares the
 * two paths. Anything else, or anything unusual, returns undefined: the schema reads it.
 */
import type { MyagentEventOf } from '@/protocol/myagent/myagent-schemas';
import { isAbsent, isCount, isFiniteNumber, isOptionalNumber, isOptionalText, isPositiveInteger, isWireObject, orUndefined, type Loose } from '@/protocol/wire-checks';

type PartialAnswer = MyagentEventOf<'agent.partial_answer'>;

export function fastPartialAnswer(frame: unknown): PartialAnswer | undefined {
  if (!isWireObject(frame) || frame.event !== 'agent.partial_answer') return undefined;
  const { content, session_id, step_id, timestamp, seq, event_id, show_content, metadata } = frame;
  if (typeof content !== 'string' || !isOptionalText(session_id) || !isOptionalText(timestamp) || !isOptionalText(event_id) || !isOptionalText(show_content)) return undefined;
  if (!isOptionalId(step_id) || !(isAbsent(seq) || isPositiveInteger(seq)) || !isPartialMetadata(metadata)) return undefined;
  const taskId = isWireObject(metadata) ? metadata.task_id : undefined;
  return {
    event: 'agent.partial_answer',
    content,
    timestamp: orUndefined(timestamp),
    show_content: orUndefined(show_content),
    metadata: isAbsent(taskId) ? undefined : { task_id: String(taskId) },
  } as PartialAnswer;
}

/** `id` of the schemas: text or a number (read as text). */
const isOptionalId = (value: unknown) => isAbsent(value) || typeof value === 'string' || isFiniteNumber(value);

/** The partial answer's `meta(...)`: absent, or an object whose known fields have their types. */
function isPartialMetadata(metadata: unknown): boolean {
  if (isAbsent(metadata)) return true;
  if (!isWireObject(metadata)) return false;
  const { connection_id, task_id, cost_usd, tokens_used, completion_percent } = metadata;
  if (!isOptionalText(connection_id) || !isOptionalId(task_id) || !isOptionalNumber(completion_percent)) return false;
  if (!isAbsent(cost_usd) && !(isFiniteNumber(cost_usd) && cost_usd >= 0)) return false;
  return isAbsent(tokens_used) || (isWireObject(tokens_used) && isTokens(tokens_used));
}

const isTokens = ({ input, output }: Loose) => isCount(input) && isCount(output);
