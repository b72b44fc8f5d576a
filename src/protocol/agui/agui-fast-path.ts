/**
 * The frequent AG-UI events — text deltas (~83% of a stream), tool-call argument deltas, and
 * each message's, tool call's and step's start and end — read without zod (wire-checks.ts
 * says why). Each shape below is its member of AguiEventSchema, field by field
 * (fast-shape.ts), so an accepted frame comes back as the schema would give it and is read
 * by the same mapping (agui-interpreter.ts); agui-fast-path.test.ts compares the two paths
 * field by field. Anything else returns undefined: the member schema reads it.
 *
 * Text and argument deltas of a known message or call also skip the general mapping
 * (`streamDelta`): one event (or none) per frame, without the arrays the general mapping
 * builds for every frame.
 */
import { messageNode, toolArgs } from '@/protocol/agui/agui-content';
import { noteText, noteToolArgs } from '@/protocol/agui/agui-conversation';
import type { AguiDecoderState } from '@/protocol/agui/agui-decoder-state';
import type { AguiEvent, AguiEventOf } from '@/protocol/agui/agui-schemas';
import { anything, INVALID, nullish, number, oneOf, readShape, shape, shapesByType, string, textOr, type Field, type Fields, type Shape } from '@/protocol/fast-shape';
import type { RunEvent } from '@/protocol/run-event';
import { isWireObject } from '@/protocol/wire-checks';

const text = nullish(string);
/** `z.record(z.string(), z.unknown())`: an object that is not an array. */
const record: Field = (value) => (isWireObject(value) ? value : INVALID);
/** `z.array(item)`: the array itself when every item reads as it is. */
const arrayOf =
  (item: Field): Field =>
  (value) => {
    if (!Array.isArray(value)) return INVALID;
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const read = item(value[i]);
      if (read === INVALID) return INVALID;
      if (read !== value[i]) (copy ??= [...value])[i] = read;
    }
    return copy ?? value;
  };

/** The schemas' `event(...)`: the base fields and a subagent attribution. */
const event = (fields: Fields): Fields => ({ timestamp: nullish(number), rawEvent: anything, metadata: nullish(record), subagentRunId: text, ...fields });

/** The fast members (`type` itself is checked by the lookup). */
export const FAST_WIRES: ReadonlyMap<string, Shape> = shapesByType<string>([
  ['TEXT_MESSAGE_CONTENT', event({ messageId: string, delta: string })],
  ['TOOL_CALL_ARGS', event({ toolCallId: string, delta: string })],
  ['TEXT_MESSAGE_START', event({ messageId: string, role: text, name: text })],
  ['TEXT_MESSAGE_END', event({ messageId: string })],
  ['TOOL_CALL_START', event({ toolCallId: string, toolCallName: string, parentMessageId: text })],
  ['TOOL_CALL_END', event({ toolCallId: string })],
  ['TOOL_CALL_RESULT', event({ messageId: string, toolCallId: string, content: textOr(arrayOf(shape({ type: string }))), role: nullish(oneOf('tool')) })],
  ['STEP_STARTED', event({ stepName: string })],
  ['STEP_FINISHED', event({ stepName: string })],
  ['CUSTOM', event({ name: string, value: anything })],
]);

/** The frame as its member schema reads it, when it is one of the fast members and the schema would accept it. */
export function fastWire(type: string, body: Record<string, unknown>): AguiEvent | undefined {
  const fields = FAST_WIRES.get(type);
  return fields ? (readShape(body, fields) as AguiEvent | undefined) : undefined;
}

type Delta = AguiEventOf<'TEXT_MESSAGE_CONTENT'> | AguiEventOf<'TOOL_CALL_ARGS'>;

/** A text or argument delta, mapped directly (no chunked tool call may be open: the general mapping closes it first). */
export function streamDelta(state: AguiDecoderState, wire: Delta): RunEvent[] {
  let events: RunEvent[];
  if (wire.type === 'TEXT_MESSAGE_CONTENT') {
    events = textDelta(state, wire.messageId, wire.subagentRunId, wire.metadata, wire.delta);
    noteText(state.conversation, wire.messageId, undefined, wire.delta);
  } else {
    events = toolArgs(state, wire.toolCallId, wire.delta);
    noteToolArgs(state.conversation, wire.toolCallId, wire.delta);
  }
  if (wire.timestamp !== undefined) for (const event of events) event.atMs = wire.timestamp;
  return events;
}

export const isDelta = (wire: AguiEvent): wire is Delta => wire.type === 'TEXT_MESSAGE_CONTENT' || wire.type === 'TOOL_CALL_ARGS';

/** A known message (the common case) makes its one-event array in one go, not a growable one per delta. */
function textDelta(state: AguiDecoderState, messageId: string, subagentRunId: string | undefined, metadata: Record<string, unknown> | undefined, delta: string): RunEvent[] {
  const known = state.messages.get(messageId);
  if (known !== undefined) return [{ type: 'node.output', nodeId: known, delta }];
  const events: RunEvent[] = [];
  const nodeId = messageNode(state, events, messageId, subagentRunId, metadata);
  events.push({ type: 'node.output', nodeId, delta });
  return events;
}
