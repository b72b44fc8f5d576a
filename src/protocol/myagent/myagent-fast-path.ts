/**
 * The frequent myagent events — partial answers (~92% of a stream: the answer, delta by
 * delta) and each task's start, tool call, tool result and completion — read without zod
 * (wire-checks.ts says why). Each shape below is its member of MyagentServerEventSchema,
 * field by field (fast-shape.ts), so an accepted frame comes back as the schema would give
 * it and is read by the same mapping (myagent-interpreter.ts); myagent-fast-path.test.ts
 * compares the two paths field by field. Anything else returns undefined: the schema reads it.
 */
import { anything, boolean, count, idText, nonNegative, nullish, number, positiveInteger, readShape, shape, shapesByType, string, textOr, type Fields, type Shape } from '@/protocol/fast-shape';
import type { MyagentServerEvent } from '@/protocol/myagent/myagent-schemas';
import { isWireObject } from '@/protocol/wire-checks';

const text = nullish(string);
const id = nullish(idText);
const attempt = nullish(positiveInteger);

/** The fields every server event has (the schemas' `base`). */
const BASE: Fields = { session_id: text, step_id: id, timestamp: text, seq: nullish(positiveInteger), event_id: text, show_content: text, signed_state: anything };

/** `meta(fields)`: the metadata every event may carry, plus its own. */
const meta = (fields: Fields) =>
  nullish(shape({ connection_id: text, task_id: id, cost_usd: nullish(nonNegative), tokens_used: nullish(shape({ input: count, output: count })), ...fields }));

const TASK_REF = nullish(shape({ id, title: text, description: text, objective: text }));

/** An event's shape: the base fields, its content and its metadata. */
const event = (fields: Fields): Fields => ({ ...BASE, ...fields });

/** The fast events (`event` itself is checked by the lookup). */
export const FAST_EVENTS: ReadonlyMap<string, Shape> = shapesByType<string>([
  [
    'agent.partial_answer',
    event({ content: string, metadata: meta({ completion_percent: nullish(number), word_count: nullish(count), is_final: nullish(boolean), total_length: nullish(count) }) }),
  ],
  ['solver.start', event({ content: nullish(textOr(shape({ task: TASK_REF }))), metadata: meta({ attempt }) })],
  ['solver.completed', event({ content: nullish(textOr(shape({ task: TASK_REF, result: anything }))), metadata: meta({ execution_time_ms: nullish(nonNegative), attempt }) })],
  [
    'agent.tool_call',
    event({
      content: nullish(textOr(shape({ tool_name: text, arguments: anything }))),
      metadata: meta({ tool: text, args: anything, status: text, tool_name: text, tool_args: anything, call_id: text }),
    }),
  ],
  [
    'agent.tool_result',
    event({
      content: anything,
      metadata: meta({
        tool: text,
        status: text,
        error: text,
        data: anything,
        tool_name: text,
        call_id: text,
        result: anything,
        success: nullish(boolean),
        execution_time_ms: nullish(nonNegative),
      }),
    }),
  ],
]);

/** The frame as its schema reads it, when it is one of the fast events and the schema would accept it. */
export function fastMyagent(frame: unknown): MyagentServerEvent | undefined {
  if (!isWireObject(frame) || typeof frame.event !== 'string') return undefined;
  const fields = FAST_EVENTS.get(frame.event);
  return fields ? (readShape(frame, fields) as MyagentServerEvent | undefined) : undefined;
}
