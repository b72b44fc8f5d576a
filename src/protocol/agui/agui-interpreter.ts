/**
 * AG-UI 1.0 events → canonical RunEvents (the interpreter; agui-locate.ts places them in
 * arrival order). One interpreter per session: it keeps the small state in
 * agui-decoder-state.ts (open messages, tool calls, steps, interrupts).
 *
 * Speed: every frame is read by its own member schema (cheaper than the whole union), through
 * the reader derived from it (derive-reader.ts); zod itself runs only to name a bad field.
 * Text and argument deltas then skip the general mapping (agui-stream-delta.ts).
 *
 * Mappings: lifecycle (RUN_*, STEP_*, SUBAGENT_*) in agui-lifecycle.ts, content in
 * agui-content.ts, Runboard's CUSTOM conventions (cost, plan, skip, progress, log) in
 * agui-custom.ts.
 */
import { isHttpReplyFrame, type Interpretation, type Interpreter } from '@/protocol/dialect';
import { reasonOf, rejected, unknownFrame } from '@/protocol/decode-util';
import {
  activity,
  flushChunkCall,
  flushReasoning,
  messageNode,
  reasoningDelta,
  stateDelta,
  stateSnapshot,
  textChunk,
  toolArgs,
  toolChunk,
  toolEnded,
  toolResult,
  toolStarted,
} from '@/protocol/agui/agui-content';
import {
  conversationMemo,
  noteOwnRun,
  noteText,
  noteToolArgs,
  noteToolCall,
  noteToolResult,
  replaceWithSnapshot,
  type AguiMessage,
} from '@/protocol/agui/agui-conversation';
import { customEvents, summarize } from '@/protocol/agui/agui-custom';
import { messageResponse, segmentPrompt } from '@/protocol/agui/agui-llm-text';
import { type AguiDecoderState, createDecoderState } from '@/protocol/agui/agui-decoder-state';
import {
  runError,
  runFinished,
  runStarted,
  stepFinished,
  stepStarted,
  subagentError,
  subagentFinished,
  subagentStarted,
} from '@/protocol/agui/agui-lifecycle';
import type { AguiResumeEntry } from '@/protocol/agui/agui-dialect';
import { AGUI_EVENT_PARSERS, type AguiEvent } from '@/protocol/agui/agui-schemas';
import { isDelta, streamDelta } from '@/protocol/agui/agui-stream-delta';
import type { RunEvent } from '@/protocol/run-event';

export function createAguiInterpreter(): Interpreter {
  const state = createDecoderState();
  return (frame) => (frame.outbound ? readOwnRun(state, frame.body) : readAguiEvent(state, frame.body));
}

/** A run this session posted: its messages join the conversation, its answers are remembered (nothing to show). */
function readOwnRun(state: AguiDecoderState, command: unknown): Interpretation {
  const { via, body } = (command ?? {}) as { via?: unknown; body?: unknown };
  if (via !== 'run') return { kind: 'events', events: [] };
  noteOwnRun(state.conversation, body);
  const resume = (body as { resume?: unknown } | undefined)?.resume;
  if (Array.isArray(resume)) for (const entry of resume as AguiResumeEntry[]) state.sentResume.set(entry.interruptId, { status: entry.status, payload: entry.payload });
  return { kind: 'events', events: [] };
}

/** One frame, through its member schema's derived reader. */
export function readAguiEvent(state: AguiDecoderState, frame: unknown): Interpretation {
  if (isHttpReplyFrame(frame)) return { kind: 'events', events: [{ type: 'raw', frameType: 'http-reply', summary: summarize(frame.body) }] };
  const body = typeof frame === 'object' && frame !== null && typeof (frame as Record<string, unknown>).type === 'string' ? (frame as Record<string, unknown>) : undefined;
  if (body === undefined) return rejected('not an AG-UI event: expected a JSON object with a string "type"');
  const type = body.type as string;
  // A text delta (most of a stream) is told by one comparison, not by hashing its type afresh.
  const parse = type === TEXT_DELTA ? parseTextDelta : AGUI_EVENT_PARSERS.get(type);
  if (parse === undefined) return type.startsWith('THINKING_') ? thinking(state, type, body) : { kind: 'events', events: [unknownFrame(type)] };
  const parsed = parse(body);
  return parsed.success ? interpret(state, parsed.data) : rejected(reasonOf(parsed.error), type);
}

function interpret(state: AguiDecoderState, wire: AguiEvent): Interpretation {
  // The bulk of a stream, while no chunked tool call is open: mapped directly (agui-stream-delta.ts).
  if (state.chunkCall === undefined && isDelta(wire)) return { kind: 'events', events: streamDelta(state, wire) };
  const events = wire.type === 'TOOL_CALL_CHUNK' ? [] : flushChunkCall(state);
  events.push(...toRunEvents(state, wire));
  noteConversation(state, wire);
  if (wire.timestamp !== undefined) for (const event of events) event.atMs = wire.timestamp;
  // The conversation so far goes to the session at the end of each run segment, for the next run's input.
  if (wire.type === 'RUN_FINISHED' || wire.type === 'RUN_ERROR') return { kind: 'events', events, memo: conversationMemo(state.conversation) };
  return { kind: 'events', events };
}

/**
 * THINKING_* (removed in @ag-ui/core 1.0, still sent by agents built on earlier SDKs) read as
 * the reasoning text they are, like REASONING_*: the reference 1.0 client drops them.
 */
function thinking(state: AguiDecoderState, type: string, body: Record<string, unknown>): Interpretation {
  switch (type) {
    case 'THINKING_TEXT_MESSAGE_CONTENT':
      if (typeof body.delta !== 'string') return rejected('THINKING_TEXT_MESSAGE_CONTENT: "delta" must be a string', type);
      return { kind: 'events', events: reasoningDelta(state, THINKING, body.delta) };
    case 'THINKING_TEXT_MESSAGE_END':
    case 'THINKING_END':
      return { kind: 'events', events: flushReasoning(state, THINKING) };
    case 'THINKING_START':
    case 'THINKING_TEXT_MESSAGE_START':
      return { kind: 'events', events: [] };
    default:
      return { kind: 'events', events: [unknownFrame(type)] };
  }
}

const THINKING = 'thinking';
const TEXT_DELTA = 'TEXT_MESSAGE_CONTENT';
const parseTextDelta = AGUI_EVENT_PARSERS.get(TEXT_DELTA);

function noteConversation(state: AguiDecoderState, wire: AguiEvent): void {
  const c = state.conversation;
  switch (wire.type) {
    case 'TEXT_MESSAGE_START':
      return noteText(c, wire.messageId, wire.role, '');
    case 'TEXT_MESSAGE_CONTENT':
      return noteText(c, wire.messageId, undefined, wire.delta);
    case 'TEXT_MESSAGE_CHUNK':
      return wire.messageId !== undefined ? noteText(c, wire.messageId, wire.role, wire.delta ?? '') : undefined;
    case 'TOOL_CALL_START':
      return noteToolCall(c, wire.toolCallId, wire.toolCallName, wire.parentMessageId);
    case 'TOOL_CALL_ARGS':
      return noteToolArgs(c, wire.toolCallId, wire.delta);
    case 'TOOL_CALL_RESULT':
      return noteToolResult(c, wire.messageId, wire.toolCallId, wire.content);
    case 'MESSAGES_SNAPSHOT':
      return replaceWithSnapshot(c, wire.messages as AguiMessage[]);
    default:
      return undefined;
  }
}

function toRunEvents(state: AguiDecoderState, wire: AguiEvent): RunEvent[] {
  switch (wire.type) {
    case 'RUN_STARTED':
      return [...runStarted(state, wire), ...segmentPrompt(state, wire.input?.messages)];
    case 'RUN_FINISHED':
      return [...flushReasoning(state), ...runFinished(state, wire)];
    case 'RUN_ERROR':
      return [...flushReasoning(state), ...runError(state, wire)];
    case 'STEP_STARTED':
      return stepStarted(state, wire);
    case 'STEP_FINISHED':
      return stepFinished(state, wire);
    case 'SUBAGENT_STARTED':
      return subagentStarted(state, wire);
    case 'SUBAGENT_FINISHED':
      return subagentFinished(state, wire);
    case 'SUBAGENT_ERROR':
      return subagentError(state, wire);
    case 'TEXT_MESSAGE_START': {
      const out: RunEvent[] = [];
      messageNode(state, out, wire.messageId, wire.subagentRunId, wire.metadata);
      return out;
    }
    case 'TEXT_MESSAGE_CONTENT': {
      const out: RunEvent[] = [];
      const nodeId = messageNode(state, out, wire.messageId, wire.subagentRunId, wire.metadata);
      out.push({ type: 'node.output', nodeId, delta: wire.delta });
      return out;
    }
    case 'TEXT_MESSAGE_END':
      return messageResponse(state, wire.messageId);
    case 'TEXT_MESSAGE_CHUNK':
      return textChunk(state, wire);
    case 'TOOL_CALL_START':
      return toolStarted(state, wire);
    case 'TOOL_CALL_ARGS':
      return toolArgs(state, wire.toolCallId, wire.delta);
    case 'TOOL_CALL_END':
      return toolEnded(state, wire.toolCallId);
    case 'TOOL_CALL_CHUNK':
      return toolChunk(state, wire);
    case 'TOOL_CALL_RESULT':
      return toolResult(state, wire);
    case 'REASONING_START':
      return [];
    case 'REASONING_MESSAGE_START': {
      const out: RunEvent[] = [];
      messageNode(state, out, wire.messageId, wire.subagentRunId, wire.metadata);
      return out;
    }
    case 'REASONING_MESSAGE_CONTENT':
    case 'REASONING_MESSAGE_CHUNK':
      return reasoningDelta(state, wire.messageId, wire.delta);
    case 'REASONING_MESSAGE_END':
      return flushReasoning(state, wire.messageId);
    case 'REASONING_END':
      return flushReasoning(state);
    case 'REASONING_ENCRYPTED_VALUE':
      return [{ type: 'raw', frameType: wire.type, summary: `encrypted ${wire.subtype} value for ${wire.entityId}` }];
    case 'STATE_SNAPSHOT':
      return stateSnapshot(wire);
    case 'STATE_DELTA':
      return stateDelta(wire);
    case 'MESSAGES_SNAPSHOT':
      return [{ type: 'log', level: 'debug', source: 'messages', message: `messages snapshot: ${wire.messages.length} message(s)` }];
    case 'ACTIVITY_SNAPSHOT':
    case 'ACTIVITY_DELTA':
      return activity(wire);
    case 'RAW':
      return [{ type: 'raw', frameType: wire.source !== undefined ? `RAW:${wire.source}` : 'RAW', summary: summarize(wire.event) }];
    case 'CUSTOM':
      return customEvents(state, wire);
  }
}
