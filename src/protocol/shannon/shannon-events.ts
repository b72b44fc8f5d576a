/**
 * One validated Shannon event → canonical RunEvents. The table of what maps to what is in
 * this switch; graph/chapters, costs and gates live in their own helper files. Events with
 * nothing better to map to become `log` rows (source = the wire type in lower case).
 */
import { safeJson } from '@/protocol/decode-util';
import { agentCostEvents, llmCostEvents, pickUsage } from '@/protocol/shannon/shannon-cost';
import { agentErrorEvents, agentStarted } from '@/protocol/shannon/shannon-agents';
import { cancelled, noteError, terminalOnce } from '@/protocol/shannon/shannon-ending';
import { approvalDecision, approvalRequested, budgetThreshold } from '@/protocol/shannon/shannon-gates';
import { planApproved, planReady, reviewTimedOut, timedOutRunFailed, userFeedback } from '@/protocol/shannon/shannon-review';
import { endOpenAgents } from '@/protocol/shannon/shannon-swarm';
import {
  AGENTS_CHAPTER,
  WORKFLOW_CHAPTER,
  agentNodeEvents,
  closeAllChapters,
  closeChapter,
  isFinalSynthesis,
  openChapter,
  taskListEvents,
} from '@/protocol/shannon/shannon-graph';
import type { ShannonEvent, ShannonEventOf, ShannonUsage } from '@/protocol/shannon/shannon-schemas';
import type { FrameFacts, ShannonDecoderState } from '@/protocol/shannon/shannon-state';
import { decimalToMicros } from '@/lib/to-micros';
import type { LogLevel, RunEvent, RunEventOf } from '@/protocol/run-event';

/** Streamed text with no agent_id still needs a node to land on. */
export const UNATTRIBUTED_NODE = 'workflow';

export function toRunEvents(wire: ShannonEvent, facts: FrameFacts, state: ShannonDecoderState): RunEvent[] {
  const agent = facts.agentId;
  switch (wire.type) {
    case 'WORKFLOW_STARTED':
      if (facts.agentName === 'swarm-supervisor') state.swarm = true;
      return [
        { type: 'run.started', title: wire.payload.query ?? facts.message, workflowId: facts.workflowId, inputs: wire.payload },
        ...openChapter(WORKFLOW_CHAPTER, state),
      ];
    case 'WORKFLOW_COMPLETED': {
      const timedOut = timedOutRunFailed(state);
      if (timedOut) return [...closeAllChapters('failed', state), ...terminalOnce(timedOut, state, timedOut.error.message)];
      return [...endOpenAgents(state), ...closeAllChapters('completed', state), ...terminalOnce(workflowCompleted(wire, facts), state, facts.message ?? 'Workflow completed')];
    }
    case 'WORKFLOW_FAILED': {
      const message = wire.payload.error_message ?? textOf(wire.payload.error) ?? facts.message ?? 'the workflow failed';
      return [...closeAllChapters('failed', state), ...terminalOnce({ type: 'run.failed', error: { message } }, state, message)];
    }
    case 'AGENT_STARTED':
      return agent === undefined ? [log('info', wire.type, facts)] : agentStarted(agent, wire, state);
    case 'AGENT_THINKING':
      return agent === undefined
        ? [log('debug', wire.type, facts, wire.payload.thought)]
        : [{ type: 'node.progress', nodeId: agent, message: wire.payload.thought ?? facts.message ?? 'thinking' }];
    case 'AGENT_COMPLETED':
      if (agent === undefined) return [log('info', wire.type, facts)];
      return [
        { type: 'node.completed', nodeId: agent, output: wire.payload.result ?? facts.message, durationMs: wire.payload.duration_ms },
        ...agentCostEvents(wire.payload.cost_usd, agent, state),
      ];
    case 'AGENT_FAILED': {
      const error = { message: wire.payload.error_message ?? facts.message ?? 'agent failed', code: wire.payload.error, retryable: wire.payload.recoverable };
      return agent === undefined ? [log('error', wire.type, facts, error.message)] : [{ type: 'node.failed', nodeId: agent, error }];
    }
    case 'TOOL_INVOKED':
      return [toolCalled(wire, facts)];
    case 'TOOL_OBSERVATION':
      return [toolResult(wire, facts)];
    case 'TEAM_RECRUITED':
      return teamRecruited(wire, facts, state);
    case 'LLM_PARTIAL': {
      const delta = wire.payload.chunk ?? wire.payload.delta ?? facts.message ?? '';
      return delta === '' ? [] : [streamedText(agent, delta, state)];
    }
    case 'LLM_OUTPUT': {
      const p = wire.payload;
      const nested = p.usage ? { ...p.usage, model: p.usage.model ?? p.model, provider: p.usage.provider ?? p.provider } : undefined;
      return llmOutputEvents(p.output ?? p.response, pickUsage(p.metadata, nested, p), facts, state, p.duration_ms ?? p.metadata?.duration_ms);
    }
    case 'PROGRESS': {
      const pct = wire.payload.percentage;
      if (agent === undefined || pct === undefined) return [log('info', wire.type, facts, wire.payload.current_task)];
      return [{ type: 'node.progress', nodeId: agent, progress: pct / 100, message: facts.message ?? wire.payload.current_task }];
    }
    case 'ERROR_OCCURRED':
      return errorOccurred(wire, facts, state);
    case 'ERROR_RECOVERY':
    case 'WARNING':
      return [log('warn', wire.type, facts)];
    case 'APPROVAL_REQUESTED':
      return approvalRequested(wire, facts, state);
    case 'APPROVAL_DECISION':
      return approvalDecision(wire, facts, state);
    case 'BUDGET_THRESHOLD':
      return budgetThreshold(wire, facts, state);
    case 'TASKLIST_UPDATED':
      return taskListEvents(wire.payload.tasks, state);
    case 'STREAM_END':
      // The history row of `done`: the live `done` (always sent after it, the ring's last
      // word) is what ends the stream, so a run ends the same whether a hole was refilled or not.
      return [];
    case 'LLM_PROMPT':
      return llmPrompt(wire.payload.sanitized_prompt ?? facts.message, facts);
    case 'WORKSPACE_UPDATED':
      return [log('debug', wire.type, facts)];
    case 'TEAM_RETIRED':
    case 'TEAM_STATUS':
    case 'DEPENDENCY_SATISFIED':
    case 'MESSAGE_SENT':
    case 'MESSAGE_RECEIVED':
    case 'DATA_PROCESSING':
    case 'WAITING':
    case 'ROLE_ASSIGNED':
    case 'DELEGATION':
    case 'LEAD_DECISION':
    case 'LEAD_TOOL_CALL':
    case 'HITL_RESPONSE':
    case 'workflow.pausing': // asked to pause: the run goes on until a checkpoint blocks (workflow.paused)
      return [log('info', wire.type, facts)];
    case 'RESEARCH_PLAN_READY':
    case 'RESEARCH_PLAN_UPDATED':
      return planReady(wire, facts, state);
    case 'RESEARCH_PLAN_APPROVED':
      return [...planApproved(wire, state), log('info', wire.type, facts)];
    case 'REVIEW_USER_FEEDBACK':
      return [...userFeedback(facts, state), log('info', wire.type, facts, `Feedback on the plan: ${clip(facts.message ?? '')}`)];
    case 'workflow.cancelling':
      state.ending.cancelling = wire.payload.reason ?? stripPrefix(facts.message, 'Cancelling');
      return [log('info', wire.type, facts)];
    case 'workflow.paused': {
      const checkpoint = wire.payload.checkpoint ? ` at checkpoint ${wire.payload.checkpoint}` : '';
      return [{ type: 'run.paused', reason: `${wire.payload.reason ?? facts.message ?? 'Paused'}${checkpoint}` }];
    }
    case 'workflow.resumed':
      return [{ type: 'run.resumed' }];
    case 'workflow.cancelled':
      return cancelled(wire.payload.reason ?? stripPrefix(facts.message, 'Cancelled'), state);
  }
}

/**
 * LLM_PROMPT: activities/agent.go puts the (truncated) prompt in `message` and only `role` in
 * the payload (the document's `sanitized_prompt` is read too); never kept in history.
 */
function llmPrompt(text: string | undefined, facts: FrameFacts): RunEvent[] {
  if (text === undefined) return [log('debug', 'LLM_PROMPT', facts)];
  return [{ type: 'llm.text', role: 'prompt', text, ...optionalNode(facts.agentId) }];
}

const optionalNode = (nodeId: string | undefined) => (nodeId !== undefined ? { nodeId } : {});

/** "Cancelling: operator stop" → "operator stop"; "Cancelled" alone → "cancelled". */
function stripPrefix(message: string | undefined, word: string): string {
  const rest = (message ?? '').replace(new RegExp(`^${word}(?::\\s*|\\.\\.\\.)?`), '').trim();
  return rest || word.toLowerCase();
}

// ---- helpers -------------------------------------------------------------------

/** LLM_OUTPUT and thread.message.completed: a cost point, a log row, and the synthesis closing 'agents'. */
export function llmOutputEvents(output: unknown, usage: ShannonUsage | undefined, facts: FrameFacts, state: ShannonDecoderState, durationMs?: number): RunEvent[] {
  const text = textOf(output) ?? facts.message;
  const model = usage?.model_used ?? usage?.model;
  return [
    ...taskText(facts.agentId, text, state),
    ...llmCostEvents(usage, facts.agentId, state),
    text === undefined
      ? log('info', 'LLM_OUTPUT', facts, 'LLM output complete')
      : { type: 'llm.text', role: 'response', text, ...optionalNode(facts.agentId), ...(model !== undefined ? { model } : {}), ...(durationMs !== undefined ? { durationMs } : {}) },
    ...(isFinalSynthesis(facts.agentId) ? closeChapter(AGENTS_CHAPTER.chapterId, 'completed', state) : []),
  ];
}

function workflowCompleted(wire: ShannonEventOf<'WORKFLOW_COMPLETED'>, facts: FrameFacts): RunEventOf<'run.completed'> {
  const p = wire.payload;
  return {
    type: 'run.completed',
    output: p.result ?? facts.message,
    ...(p.duration_ms !== undefined ? { durationMs: p.duration_ms } : {}),
    ...(p.total_cost_usd !== undefined ? { totalCost: { micros: decimalToMicros(p.total_cost_usd), currency: 'USD' } } : {}),
    ...(p.total_tokens !== undefined ? { totalTokens: p.total_tokens } : {}),
  };
}

/** Members from `payload.agents`; the minimal v1 form names the recruit in `agent_id` only. */
function teamRecruited(wire: ShannonEventOf<'TEAM_RECRUITED'>, facts: FrameFacts, state: ShannonDecoderState): RunEvent[] {
  const members = wire.payload.agents?.map((a) => ({ id: a.agent_id, label: a.role })) ?? (facts.agentId ? [{ id: facts.agentId }] : []);
  return [...openChapter(AGENTS_CHAPTER, state), ...agentNodeEvents(members, state), log('info', wire.type, facts)];
}

function toolCalled(wire: ShannonEventOf<'TOOL_INVOKED'>, facts: FrameFacts): RunEvent {
  const p = wire.payload;
  const args = p.params ?? p.tool_args;
  return {
    type: 'tool.called',
    tool: toolName(p.tool ?? p.tool_name, facts.message),
    ...(facts.agentId !== undefined ? { nodeId: facts.agentId } : {}),
    ...(args !== undefined ? { args } : {}),
  };
}

function toolResult(wire: ShannonEventOf<'TOOL_OBSERVATION'>, facts: FrameFacts): RunEvent {
  const p = wire.payload;
  return {
    type: 'tool.result',
    tool: toolName(p.tool ?? p.tool_name, facts.message),
    ok: p.success ?? true,
    result: p.result ?? p.observation ?? facts.message,
    ...(facts.agentId !== undefined ? { nodeId: facts.agentId } : {}),
    ...(p.duration_ms !== undefined ? { durationMs: p.duration_ms } : {}),
  };
}

/** The document's short form puts the tool in the message: "web_search: 12 results". */
function toolName(named: string | undefined, message: string | undefined): string {
  if (named) return named;
  const match = message ? /^(?:Invoking tool:\s*|Tool result:\s*|Calling\s+)?([A-Za-z_][\w.-]*)(?::|\s|$)/.exec(message) : null;
  return match?.[1] ?? 'tool';
}

/** A row, and the last word until more comes (shannon-ending.ts: an error before `done` fails the run). */
function errorOccurred(wire: ShannonEventOf<'ERROR_OCCURRED'>, facts: FrameFacts, state: ShannonDecoderState): RunEvent[] {
  const p = wire.payload;
  const message = p.error_message ?? facts.message ?? textOf(p.error) ?? 'error';
  const code = p.error_type ?? (typeof p.error === 'string' ? p.error : undefined);
  noteError(message, facts.agentId, state);
  return [
    log('error', wire.type, facts, message),
    ...reviewTimedOut(message, state),
    ...agentErrorEvents(facts.agentId, code ? { message, code } : { message }, p.recoverable, state),
  ];
}

/** Streamed text lands on its agent's node (a swarm agent's: its task's), or on the run's 'workflow' node. */
export function streamedText(node: string | undefined, delta: string, state: ShannonDecoderState): RunEvent {
  const nodeId = node ?? UNATTRIBUTED_NODE;
  state.streamed.add(nodeId);
  state.withText.add(nodeId);
  return { type: 'node.output', nodeId, delta };
}

/**
 * A task's output is what its agent said: a swarm agent's LLM output streams no deltas, so
 * its text becomes the task's text (separated from what came before); streamed text is not repeated.
 */
function taskText(node: string | undefined, text: string | undefined, state: ShannonDecoderState): RunEvent[] {
  if (node === undefined || !state.taskIds.has(node)) return [];
  if (text !== undefined && text !== '') state.taskReply.set(node, text);
  const streamed = state.streamed.delete(node);
  if (streamed || text === undefined || text === '') return [];
  const delta = state.withText.has(node) ? `\n\n${text}` : text;
  state.withText.add(node);
  return [{ type: 'node.output', nodeId: node, delta }];
}

function log(level: LogLevel, type: string, facts: FrameFacts, text?: string): RunEvent {
  return {
    type: 'log',
    level,
    source: type.toLowerCase(),
    message: text ?? facts.message ?? type,
    ...(facts.agentId !== undefined ? { nodeId: facts.agentId } : {}),
  };
}

function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : safeJson(value);
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
