/**
 * Text and argument deltas (~83% of an AG-UI stream) of a known message or call, mapped
 * without the general mapping (agui-interpreter.ts): one event (or none) per frame, without
 * the arrays the general mapping builds for every frame. The frame itself was read by its
 * member schema's derived reader, like every other.
 */
import { messageNode, toolArgs } from '@/protocol/agui/agui-content';
import { noteText, noteToolArgs } from '@/protocol/agui/agui-conversation';
import type { AguiDecoderState } from '@/protocol/agui/agui-decoder-state';
import type { AguiEvent, AguiEventOf } from '@/protocol/agui/agui-schemas';
import type { RunEvent } from '@/protocol/run-event';

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
