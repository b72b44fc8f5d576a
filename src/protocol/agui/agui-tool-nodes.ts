/**
 * The graph of an AG-UI run that sends no STEP_* events (the official framework adapters
 * send none): each tool call the assistant makes, and each interrupt that names no step or
 * known tool call, becomes a node under the `assistant` node, in the order they ran.
 * Order is drawn as a chain (the canvas lays graphs out left to right, and siblings have no
 * stable order there): a call follows the previous one when that one had returned before it
 * started; calls made together (none returned yet) are siblings of the same predecessor.
 *
 *   TOOL_CALL_START / first CHUNK    node `tool:<toolCallId>` (kind tool), edge from its predecessor, started
 *   TOOL_CALL_RESULT                 completed with the result as output (failed when metadata marks an error)
 *   RUN_FINISHED interrupt           node `interrupt:<id>` for an interrupt no node owns (waits)
 *   next RUN_STARTED                 interrupt nodes completed (answered: the gate has the decision)
 *   RUN_FINISHED / RUN_ERROR         tool calls still open: completed / cancelled
 * Calls made inside a step or a subagent stay on that node (its tool list), as before.
 */
import { ASSISTANT_NODE, announce, type AguiDecoderState } from '@/protocol/agui/agui-decoder-state';
import type { AguiInterrupt } from '@/protocol/agui/agui-schemas';
import type { RunEvent } from '@/protocol/run-event';

export const toolNodeId = (toolCallId: string) => `tool:${toolCallId}`;
export const interruptNodeId = (interruptId: string) => `interrupt:${interruptId}`;

/** The node a tool call's events go to: its own node when the call is the assistant's, else `owner`. */
export function toolCallNode(state: AguiDecoderState, out: RunEvent[], owner: string, toolCallId: string, tool: string): string {
  if (owner !== ASSISTANT_NODE) return owner;
  const nodeId = toolNodeId(toolCallId);
  const chain = state.toolChain;
  // The previous call returned: this one comes after it. Still open: both come after the same predecessor.
  if (chain.last !== undefined && !state.openToolNodes.has(chain.last)) chain.from = chain.last;
  announce(state, out, { id: nodeId, label: tool, kind: 'tool' }, [{ source: chain.from, target: nodeId }]);
  chain.last = nodeId;
  state.openToolNodes.add(nodeId);
  out.push({ type: 'node.started', nodeId, label: tool, kind: 'tool' });
  return nodeId;
}

/** A tool node's result closes it (the result is its output); a call on a step or subagent node changes nothing here. */
export function toolNodeDone(state: AguiDecoderState, nodeId: string | undefined, ok: boolean, result: unknown): RunEvent[] {
  if (nodeId === undefined || !state.openToolNodes.delete(nodeId)) return [];
  return ok ? [{ type: 'node.completed', nodeId, output: result }] : [{ type: 'node.failed', nodeId, error: { message: 'the tool reported an error' } }];
}

/** The segment ended: tool calls with no result are done (success) or did not finish (cancelled, error). */
export function closeToolNodes(state: AguiDecoderState, ended: 'succeeded' | 'stopped'): RunEvent[] {
  const out: RunEvent[] = [];
  for (const nodeId of state.openToolNodes) {
    out.push(ended === 'succeeded' ? { type: 'node.completed', nodeId } : { type: 'node.cancelled', nodeId, reason: 'the run ended before the tool returned' });
  }
  state.openToolNodes.clear();
  return out;
}

/**
 * An interrupt no step or known tool call owns, in a run with no steps: a node of its own
 * under the assistant, so the graph shows where the run stopped. Returns its node id.
 */
export function interruptNode(state: AguiDecoderState, out: RunEvent[], interrupt: AguiInterrupt): string | undefined {
  if (state.openSteps.size > 0 || state.attempts.size > 0 || interrupt.subagentRunId !== undefined) return undefined;
  if (typeof interrupt.metadata?.stepName === 'string') return undefined;
  const nodeId = interruptNodeId(interrupt.id);
  const from = state.toolChain.last ?? ASSISTANT_NODE;
  const edges = state.known.has(from) ? [{ source: from, target: nodeId }] : [];
  announce(state, out, { id: nodeId, label: 'Interrupt', kind: 'interrupt' }, edges);
  state.interruptNodes.add(nodeId);
  return nodeId;
}

/** A new segment answers the interrupts: their nodes are done (the gate records the decision). */
export function settleInterruptNodes(state: AguiDecoderState): RunEvent[] {
  const out: RunEvent[] = [...state.interruptNodes].map((nodeId): RunEvent => ({ type: 'node.completed', nodeId }));
  state.interruptNodes.clear();
  return out;
}
