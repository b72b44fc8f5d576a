/**
 * A Shannon agent's own life on the canvas: started, and failed.
 *
 * Shannon says an agent failed with an ERROR_OCCURRED carrying its agent_id, once its
 * activity's own retries ran out (agent_workflow.go, simple_workflow.go, the execution
 * patterns); AGENT_FAILED is declared but never sent, and nothing of that agent follows. So
 * an error from an agent that is a node fails that node — not the run: other steps may go on
 * (shannon-ending.ts decides the run) — unless it says it is recoverable.
 */
import { AGENTS_CHAPTER, agentNodeEvents, openChapter } from '@/protocol/shannon/shannon-graph';
import type { ShannonEventOf } from '@/protocol/shannon/shannon-schemas';
import type { ShannonDecoderState } from '@/protocol/shannon/shannon-state';
import type { RunEvent } from '@/protocol/run-event';

export function agentStarted(agent: string, wire: ShannonEventOf<'AGENT_STARTED'>, state: ShannonDecoderState): RunEvent[] {
  const isTask = state.taskIds.has(agent);
  if (state.swarm && !isTask) {
    // A swarm agent before it takes a task: a row, not a step (shannon-swarm.ts).
    return [...openChapter(AGENTS_CHAPTER, state), { type: 'log', level: 'info', source: 'agent_started', message: wire.message || `${agent} started`, nodeId: agent }];
  }
  return [
    ...openChapter(AGENTS_CHAPTER, state),
    ...agentNodeEvents([{ id: agent, label: wire.payload.role }], state),
    { type: 'node.started', nodeId: agent, ...(isTask ? {} : { kind: 'agent' }), ...(wire.payload.subtask ? { label: wire.payload.subtask } : {}) },
  ];
}

/**
 * The node an agent's error fails: a node the run declared, unless the error says it is
 * recoverable; an error that says it is not (the document's form) fails its agent in any case.
 */
export function agentErrorEvents(agent: string | undefined, error: { message: string; code?: string }, recoverable: boolean | undefined, state: ShannonDecoderState): RunEvent[] {
  if (agent === undefined || recoverable === true || (recoverable === undefined && !state.declaredNodes.has(agent))) return [];
  return [{ type: 'node.failed', nodeId: agent, error: { ...error, retryable: false } }];
}
