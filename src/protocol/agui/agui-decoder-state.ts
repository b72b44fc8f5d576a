/**
 * The small per-connection memory an AG-UI decoder needs, because AG-UI events name
 * messages and tool calls but never the graph node they belong to:
 *   - which step (or subagent) is open, per lane (the parent agent, or one subagent run);
 *   - messageId → node, toolCallId → {tool, accumulated args, node};
 *   - which nodes were already announced (graph.defined once per node);
 *   - the run segment phase and the interrupts waiting for a resume run.
 *
 * Node ids: a step is its `stepName` (a subagent's step is `<subagentRunId>/<stepName>`,
 * since the reference verifier lets a subagent and its parent both open "tools"); a
 * subagent invocation is `subagent:<subagentRunId>`; text with no open step goes to an
 * `assistant` node. Edges are added only when the stream states a relation
 * (SUBAGENT_STARTED's parent fields, or a CUSTOM `plan`).
 */
import type { GraphEdge, GraphNode, RunEvent } from '@/protocol/run-event';

import { createConversation, type Conversation } from '@/protocol/agui/agui-conversation';

export type ToolCallState = { tool: string; args: string; nodeId: string };

export type AguiDecoderState = {
  known: Set<string>;
  attempts: Map<string, number>;
  /** lane ('' = parent agent, else subagentRunId) → open step node ids, newest last. */
  openSteps: Map<string, string[]>;
  /** Steps closed by an interrupt (Runboard convention `metadata.outcome: 'suspended'`). */
  suspended: Set<string>;
  messages: Map<string, string>;
  tools: Map<string, ToolCallState>;
  /** A TOOL_CALL_CHUNK call still accumulating: any other event closes it. */
  chunkCall: string | undefined;
  chunkMessage: string | undefined;
  subagents: Map<string, string>;
  reasoning: Map<string, string>;
  lastReasoning: string | undefined;
  pendingGates: string[];
  /** CUSTOM events describing an interrupt in this segment (agui-interrupt.ts), cleared when the segment ends. */
  interruptNotes: Record<string, unknown>[];
  /** How this session answered each interrupt (our own resume runs), for producers that echo no `input`. */
  sentResume: Map<string, { status: string; payload?: unknown }>;
  phase: 'idle' | 'running' | 'interrupted' | 'ended';
  assistantOpen: boolean;
  /** The thread's messages, for the next run's input (agui-conversation.ts). */
  conversation: Conversation;
};

export const ASSISTANT_NODE = 'assistant';

export function createDecoderState(): AguiDecoderState {
  return {
    known: new Set(),
    attempts: new Map(),
    openSteps: new Map(),
    suspended: new Set(),
    messages: new Map(),
    tools: new Map(),
    chunkCall: undefined,
    chunkMessage: undefined,
    subagents: new Map(),
    reasoning: new Map(),
    lastReasoning: undefined,
    pendingGates: [],
    interruptNotes: [],
    sentResume: new Map(),
    phase: 'idle',
    assistantOpen: false,
    conversation: createConversation(),
  };
}

export const laneOf = (subagentRunId: string | undefined) => subagentRunId ?? '';

export function stepNodeId(stepName: string, subagentRunId: string | undefined): string {
  return subagentRunId === undefined ? stepName : `${subagentRunId}/${stepName}`;
}

export const subagentNodeId = (subagentRunId: string) => `subagent:${subagentRunId}`;

/** Announces a node (and the edges the stream gave) the first time it is seen. */
export function announce(state: AguiDecoderState, out: RunEvent[], node: GraphNode, edges: GraphEdge[] = []): void {
  if (state.known.has(node.id) && edges.length === 0) return;
  const nodes = state.known.has(node.id) ? [] : [node];
  state.known.add(node.id);
  out.push({ type: 'graph.defined', nodes, edges });
}

/**
 * The node an event belongs to: an explicit `metadata.stepName` (Runboard convention, so
 * parallel steps are attributed exactly), else the newest open step of the event's lane,
 * else its subagent, else the `assistant` node (started on first use).
 */
export function resolveNode(
  state: AguiDecoderState,
  out: RunEvent[],
  subagentRunId: string | undefined,
  metadata: Record<string, unknown> | undefined,
): string {
  const named = metadata?.stepName;
  if (typeof named === 'string' && named.length > 0) return stepNodeId(named, subagentRunId);
  const open = state.openSteps.get(laneOf(subagentRunId));
  const top = open?.[open.length - 1];
  if (top !== undefined) return top;
  if (subagentRunId !== undefined) return state.subagents.get(subagentRunId) ?? subagentNodeId(subagentRunId);
  if (!state.assistantOpen) {
    state.assistantOpen = true;
    announce(state, out, { id: ASSISTANT_NODE, label: 'Assistant', kind: 'agent' });
    out.push({ type: 'node.started', nodeId: ASSISTANT_NODE, kind: 'agent' });
  }
  return ASSISTANT_NODE;
}

export function openStep(state: AguiDecoderState, lane: string, nodeId: string): void {
  const open = state.openSteps.get(lane) ?? [];
  if (!open.includes(nodeId)) open.push(nodeId);
  state.openSteps.set(lane, open);
}

export function closeStep(state: AguiDecoderState, lane: string, nodeId: string): void {
  const open = state.openSteps.get(lane);
  if (!open) return;
  const at = open.lastIndexOf(nodeId);
  if (at >= 0) open.splice(at, 1);
}

/** Parses accumulated tool arguments: JSON when they are JSON, else the text itself. */
export function parseArgs(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
