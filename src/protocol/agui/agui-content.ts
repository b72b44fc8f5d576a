/**
 * AG-UI content events → canonical events: streamed text, tool calls (assembled from
 * START/ARGS/END or CHUNK deltas), reasoning, state and message snapshots, activities.
 *
 * Text deltas become node.output on the node their message belongs to (fixed when the
 * message starts). A tool call becomes one tool.called when its arguments are complete
 * (TOOL_CALL_END, or for CHUNK streams the next event that is not a chunk of that call),
 * with the arguments parsed as JSON when they are JSON.
 */
import {
  type AguiDecoderState,
  parseArgs,
  resolveNode,
} from '@/protocol/agui/agui-decoder-state';
import { summarize } from '@/protocol/agui/agui-custom';
import { toolCallNode, toolNodeDone } from '@/protocol/agui/agui-tool-nodes';
import type { AguiEventOf } from '@/protocol/agui/agui-schemas';
import type { RunEvent } from '@/protocol/run-event';

type Meta = Record<string, unknown> | undefined;

/** The node a message's text goes to, fixed on first sight of the message. */
export function messageNode(state: AguiDecoderState, out: RunEvent[], messageId: string, subagentRunId: string | undefined, metadata: Meta): string {
  const known = state.messages.get(messageId);
  if (known !== undefined) return known;
  const nodeId = resolveNode(state, out, subagentRunId, metadata);
  state.messages.set(messageId, nodeId);
  return nodeId;
}

export function textChunk(state: AguiDecoderState, wire: AguiEventOf<'TEXT_MESSAGE_CHUNK'>): RunEvent[] {
  // A chunk without messageId continues the last chunked message (1.0 chunk semantics).
  const messageId = wire.messageId ?? state.chunkMessage ?? '';
  state.chunkMessage = messageId;
  const out: RunEvent[] = [];
  const nodeId = messageNode(state, out, messageId, wire.subagentRunId, wire.metadata);
  if (wire.delta !== undefined && wire.delta.length > 0) out.push({ type: 'node.output', nodeId, delta: wire.delta });
  return out;
}

export function toolStarted(state: AguiDecoderState, wire: AguiEventOf<'TOOL_CALL_START'>): RunEvent[] {
  const out: RunEvent[] = [];
  const owner =
    (wire.parentMessageId !== undefined ? state.messages.get(wire.parentMessageId) : undefined) ??
    resolveNode(state, out, wire.subagentRunId, wire.metadata);
  const nodeId = toolCallNode(state, out, owner, wire.toolCallId, wire.toolCallName);
  state.tools.set(wire.toolCallId, { tool: wire.toolCallName, args: '', nodeId });
  return out;
}

export function toolArgs(state: AguiDecoderState, toolCallId: string, delta: string): RunEvent[] {
  const call = state.tools.get(toolCallId);
  if (!call) return [{ type: 'log', level: 'warn', source: 'agui', message: `TOOL_CALL_ARGS for unknown tool call ${toolCallId}` }];
  call.args += delta;
  return [];
}

export function toolEnded(state: AguiDecoderState, toolCallId: string): RunEvent[] {
  const call = state.tools.get(toolCallId);
  if (!call) return [{ type: 'log', level: 'warn', source: 'agui', message: `TOOL_CALL_END for unknown tool call ${toolCallId}` }];
  const args = parseArgs(call.args);
  call.args = ''; // the name and node stay for TOOL_CALL_RESULT; the text is no longer needed
  return [{ type: 'tool.called', nodeId: call.nodeId, callId: toolCallId, tool: call.tool, ...(args !== undefined ? { args } : {}) }];
}

export function toolChunk(state: AguiDecoderState, wire: AguiEventOf<'TOOL_CALL_CHUNK'>): RunEvent[] {
  const out: RunEvent[] = [];
  const callId = wire.toolCallId ?? state.chunkCall;
  if (callId === undefined) return [{ type: 'log', level: 'warn', source: 'agui', message: 'TOOL_CALL_CHUNK without a toolCallId and no open call' }];
  if (callId !== state.chunkCall) {
    out.push(...flushChunkCall(state));
    const owner =
      (wire.parentMessageId !== undefined ? state.messages.get(wire.parentMessageId) : undefined) ??
      resolveNode(state, out, wire.subagentRunId, wire.metadata);
    const nodeId = toolCallNode(state, out, owner, callId, wire.toolCallName ?? 'unknown');
    state.tools.set(callId, { tool: wire.toolCallName ?? 'unknown', args: '', nodeId });
    state.chunkCall = callId;
  }
  if (wire.delta !== undefined) out.push(...toolArgs(state, callId, wire.delta));
  return out;
}

/** Closes a chunked tool call: called before any event that is not a chunk of it. */
export function flushChunkCall(state: AguiDecoderState): RunEvent[] {
  const callId = state.chunkCall;
  if (callId === undefined) return [];
  state.chunkCall = undefined;
  return toolEnded(state, callId);
}

export function toolResult(state: AguiDecoderState, wire: AguiEventOf<'TOOL_CALL_RESULT'>): RunEvent[] {
  const call = state.tools.get(wire.toolCallId);
  state.tools.delete(wire.toolCallId);
  // 1.0 results carry no error flag; a producer may mark one in metadata.
  const failed = wire.metadata?.error !== undefined && wire.metadata.error !== false;
  return [
    {
      type: 'tool.result',
      callId: wire.toolCallId,
      tool: call?.tool ?? 'unknown',
      ok: !failed,
      result: wire.content,
      ...(call ? { nodeId: call.nodeId } : {}),
    },
    ...toolNodeDone(state, call?.nodeId, !failed, wire.content),
  ];
}

// ---- reasoning: buffered per message, one debug log when the message ends ----------

export function reasoningDelta(state: AguiDecoderState, messageId: string | undefined, delta: string | undefined): RunEvent[] {
  const id = messageId ?? state.lastReasoning ?? '';
  state.lastReasoning = id;
  if (delta !== undefined) state.reasoning.set(id, (state.reasoning.get(id) ?? '') + delta);
  return [];
}

export function flushReasoning(state: AguiDecoderState, messageId?: string): RunEvent[] {
  const ids = messageId !== undefined ? [messageId] : [...state.reasoning.keys()];
  const out: RunEvent[] = [];
  for (const id of ids) {
    const text = state.reasoning.get(id);
    state.reasoning.delete(id);
    if (!text) continue;
    const nodeId = state.messages.get(id);
    out.push({ type: 'llm.text', role: 'reasoning', text, ...(nodeId !== undefined ? { nodeId } : {}) });
  }
  return out;
}

// ---- state: applied by the run store (JSON Patch); activities are shown in the log ----

export function stateSnapshot(wire: AguiEventOf<'STATE_SNAPSHOT'>): RunEvent[] {
  return [{ type: 'state.snapshot', state: wire.snapshot }];
}

export function stateDelta(wire: AguiEventOf<'STATE_DELTA'>): RunEvent[] {
  return [{ type: 'state.delta', ops: wire.delta }];
}

export function activity(wire: AguiEventOf<'ACTIVITY_SNAPSHOT'> | AguiEventOf<'ACTIVITY_DELTA'>): RunEvent[] {
  const detail = wire.type === 'ACTIVITY_SNAPSHOT' ? summarize(wire.content, 160) : `${wire.patch.length} patch op(s)`;
  return [{ type: 'log', level: 'info', source: 'activity', message: `${wire.activityType}: ${detail}` }];
}
