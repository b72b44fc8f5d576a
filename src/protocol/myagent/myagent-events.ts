/**
 * One validated myagent server event → canonical RunEvents. (The session bookkeeping the
 * same frames carry — session ids, the signed state — is read on arrival by myagent-locate.ts.)
 *
 * Chapters (myagent has none on the wire; this mapping is Runboard's, kept in
 * myagent-lifecycle.ts with the terminal and session events):
 *   plan.start            opens 'plan'  ("Plan")
 *   first solver.start    closes 'plan', opens 'solve' ("Solve")
 *   aggregate.start       closes 'solve', opens 'aggregate' ("Aggregate")
 *   pipeline.completed    closes whatever is open (also any terminal event)
 * Gates: the server sends no "resolved" event for agent.user_confirm. It solves only after
 * a confirmation, so the next solver.start resolves open gates as approved; plan.cancelled
 * or the end of the run resolves them as rejected (declined, cancelled or timed out).
 */
import { toNodeStatus } from '@/protocol/decode-util';
import { clip, contentObject, contentText, costEvents, taskIdOf, taskLabelOf } from '@/protocol/myagent/myagent-content';
import { confirmedTool, gateOpened } from '@/protocol/myagent/myagent-gate';
import { ownerOf, plainStart, toolConfirmationEnded, wasDenied } from '@/protocol/myagent/myagent-agent-node';
import { previewDelta, wholeText } from '@/protocol/myagent/myagent-preview';
import { resumeRefused } from '@/protocol/myagent/myagent-resume';
import { answerTokens, closingTokens, stageCost } from '@/protocol/myagent/myagent-tokens';
import type { MyagentEventOf, MyagentServerEvent } from '@/protocol/myagent/myagent-schemas';
import {
  finish,
  log,
  openChapter,
  pipelineCompleted,
  resolveGates,
  runStarted,
  sessionCreated,
  sessionEnd,
  stateExported,
  stateRestored,
  closeChapter,
} from '@/protocol/myagent/myagent-lifecycle';
import { AGGREGATE_NODE, agentError, finalAnswer, replayCompleted, solveTaskFinished } from '@/protocol/myagent/myagent-endings';
import { currentTask, endTask, startTask, type MyagentStreamState } from '@/protocol/myagent/myagent-state';
import type { RunEvent, RunEventOf } from '@/protocol/run-event';


export function toRunEvents(wire: MyagentServerEvent, state: MyagentStreamState, frameMs: number | undefined): RunEvent[] {
  const text = contentText(wire.content, wire.show_content);
  const taskId = taskIdOf(wire.metadata, wire.content);
  switch (wire.event) {
    case 'plan.start':
      state.planned = true;
      return [...runStarted(state, text), ...openChapter(state, 'plan')];
    case 'plan.completed':
      return planCompleted(wire, state);
    case 'plan.cancelled':
      return [
        log('warn', `Planning cancelled${text ? `: ${text}` : ''}`, 'plan'),
        ...resolveGates(state, 'rejected', 'cancelled'),
        ...closeChapter(state, 'cancelled'),
      ];
    case 'plan.coercion_error':
      return [log('error', `Plan could not be read as tasks: ${text ?? wire.metadata?.error_message ?? 'unknown error'}`, 'plan')];
    case 'solver.start':
      return solverStart(wire, state, taskId);
    case 'solver.completed':
      return solverCompleted(wire, state, taskId);
    case 'solver.cancelled':
      return solverCancelled(wire, state, taskId, text);
    case 'solver.restarted':
      return solverRestarted(wire, state, taskId);
    case 'solver.progress':
      return solverProgress(wire, state, taskId, text);
    case 'agent.thinking': {
      const owner = taskId ?? ownerOf(state);
      return [...plainStart(state, owner), log('debug', text ?? 'thinking…', 'thinking', owner)];
    }
    case 'agent.llm_message':
      return [log('info', clip(text ?? 'model message'), 'llm', taskId ?? currentTask(state))];
    case 'agent.tool_call': {
      const owner = taskId ?? ownerOf(state);
      return [...plainStart(state, owner), toolCalled(wire, owner)];
    }
    case 'agent.tool_result': {
      const owner = taskId ?? ownerOf(state);
      const result = toolResult(wire, owner);
      return [...plainStart(state, owner), result, ...toolConfirmationEnded(state, result.tool, wasDenied(wire.metadata?.error, wire.content))];
    }
    case 'agent.partial_answer': {
      const owner = taskId ?? ownerOf(state) ?? AGGREGATE_NODE;
      // The bulk of a stream: no joined copy when the node's start was said already.
      const start = plainStart(state, owner);
      return start.length === 0 ? partialAnswer(state, owner, wire) : [...start, ...partialAnswer(state, owner, wire)];
    }
    case 'agent.final_answer':
      return [...costEvents(wire.metadata, taskId), ...answerTokens(state, wire.metadata, taskId ?? ownerOf(state)), ...finalAnswer(state, wire.content)];
    case 'agent.user_confirm':
      return userConfirm(wire, state, frameMs);
    case 'agent.error':
      return (
        resumeRefused(state, text) ?? agentError(state, text ?? '', taskId) ?? errorEvents(state, text ?? wire.event, wire.metadata?.error_code, taskId)
      );
    case 'system.error':
      return resumeRefused(state, text) ?? errorEvents(state, text ?? wire.event, wire.metadata?.error_code, taskId);
    case 'error.validation':
    case 'error.timeout':
      return errorEvents(state, text ?? wire.event, wire.metadata?.error_code, taskId);
    case 'error.retry_attempt':
      return [log('warn', `Retrying (attempt ${wire.metadata?.attempt ?? '?'}): ${text ?? wire.metadata?.error_message ?? 'error'}`)];
    case 'agent.session_created':
      state.agentName = wire.metadata?.agent_name ?? state.agentName;
      return sessionCreated(wire);
    case 'agent.session_end':
      return sessionEnd(wire, state, text);
    case 'agent.state_exported':
      return stateExported(wire);
    case 'agent.state_restored':
      state.reconnectPending = false;
      state.agentName = wire.metadata?.agent_name ?? state.agentName;
      return stateRestored(wire, text);
    case 'agent.interrupted':
      return finish(state, { type: 'run.cancelled', reason: text ?? wire.metadata?.reason }, 'cancelled');
    case 'system.connected': {
      const server = contentObject(wire.content)?.server_name;
      return [log('debug', `Connected to ${typeof server === 'string' ? server : 'myagent server'}`, 'system')];
    }
    case 'system.heartbeat':
      return [];
    case 'system.notice': {
      const level = wire.metadata?.type === 'warning' || wire.metadata?.type === 'maintenance' || wire.metadata?.attempt !== undefined ? 'warn' : 'info';
      const replayOver = wire.metadata?.action === 'replay' || text === 'Replay completed';
      return [log(level, text ?? 'notice', 'system'), ...(replayOver ? replayCompleted(state) : [])];
    }
    case 'aggregate.start':
      return [
        ...openChapter(state, 'aggregate'),
        { type: 'node.started', nodeId: AGGREGATE_NODE, label: 'Aggregate', kind: 'aggregate' },
      ];
    case 'aggregate.completed': {
      const content = contentObject(wire.content);
      const output = content?.final_result ?? content?.output ?? wire.content;
      const whole = typeof output === 'string' ? wholeText(state.previews, AGGREGATE_NODE, output) : [];
      return [...whole, { type: 'node.completed', nodeId: AGGREGATE_NODE, output }];
    }
    case 'pipeline.completed':
      return [...closingTokens(state, wire.metadata), ...pipelineCompleted(wire, state)];
  }
}


// ---- plan and solver -----------------------------------------------------------

function planCompleted(wire: MyagentEventOf<'plan.completed'>, state: MyagentStreamState): RunEvent[] {
  const tasks = wire.content.tasks;
  const ids = new Set(tasks.map((task) => task.id));
  const nodes = tasks.map((task) => ({
    id: task.id,
    label: task.title ?? task.objective ?? task.description ?? `Task ${task.id}`,
    kind: 'task',
  }));
  // Edges come only from `dependencies`; a dependency on an unknown task draws nothing.
  const edges = tasks.flatMap((task) =>
    (task.dependencies ?? []).filter((dep) => ids.has(dep)).map((dep) => ({ source: dep, target: task.id })),
  );
  const summary = wire.content.plan_summary ?? wire.metadata?.plan_summary;
  state.planned = true;
  return [
    ...runStarted(state, undefined),
    { type: 'graph.defined', nodes, edges },
    ...(summary ? [log('info', `Plan (${tasks.length} tasks): ${clip(summary, 500)}`, 'plan')] : []),
    ...stageCost(state, wire.metadata, undefined),
  ];
}

function solverStart(wire: MyagentEventOf<'solver.start'>, state: MyagentStreamState, taskId: string | undefined): RunEvent[] {
  if (taskId === undefined) return [log('warn', 'solver.start without a task id', 'solver')];
  const chapters = state.solveOpened ? [] : openChapter(state, 'solve');
  state.solveOpened = true;
  state.planned = true;
  startTask(state, taskId);
  return [
    ...runStarted(state, undefined),
    ...resolveGates(state, 'approved', 'decision'),
    ...chapters,
    { type: 'node.started', nodeId: taskId, label: taskLabelOf(wire.content), kind: 'task', attempt: wire.metadata?.attempt },
  ];
}

function solverCompleted(wire: MyagentEventOf<'solver.completed'>, state: MyagentStreamState, taskId: string | undefined): RunEvent[] {
  if (taskId === undefined) return [log('warn', 'solver.completed without a task id', 'solver'), ...costEvents(wire.metadata, undefined)];
  endTask(state, taskId);
  const result = contentObject(wire.content)?.result;
  const status = contentObject(result)?.status;
  const costs = stageCost(state, wire.metadata, taskId);
  if (typeof status === 'string' && toNodeStatus(status) === 'failed') {
    const message = contentText(result, undefined) ?? `task ${taskId} failed`;
    return [...costs, { type: 'node.failed', nodeId: taskId, error: { message } }];
  }
  const done: RunEvent = {
    type: 'node.completed',
    nodeId: taskId,
    output: result ?? wire.content,
    durationMs: wire.metadata?.execution_time_ms,
    attempt: wire.metadata?.attempt,
  };
  return [...costs, done, ...solveTaskFinished(state, taskId)];
}

function solverCancelled(wire: MyagentEventOf<'solver.cancelled'>, state: MyagentStreamState, taskId: string | undefined, text: string | undefined): RunEvent[] {
  if (taskId === undefined) return [log('warn', `solver.cancelled without a task id${text ? `: ${text}` : ''}`, 'solver')];
  endTask(state, taskId);
  const reason = wire.metadata?.reason ?? text;
  // The document's reason "dependency_failed" means the task never ran: a skip.
  const ended: RunEvent = reason === 'dependency_failed' ? { type: 'node.skipped', nodeId: taskId, reason } : { type: 'node.cancelled', nodeId: taskId, reason };
  return [ended, ...solveTaskFinished(state, taskId)];
}

/** `metadata.attempt` is the attempt about to run; node.retrying names the one that failed. */
function solverRestarted(wire: MyagentEventOf<'solver.restarted'>, state: MyagentStreamState, taskId: string | undefined): RunEvent[] {
  if (taskId === undefined) return [log('warn', 'solver.restarted without a task id', 'solver')];
  endTask(state, taskId);
  const next = wire.metadata?.attempt ?? 2;
  const previous = wire.metadata?.previous_error ?? contentObject(wire.content)?.previous_error;
  return [
    {
      type: 'node.retrying',
      nodeId: taskId,
      attempt: Math.max(1, next - 1),
      error: typeof previous === 'string' ? { message: previous } : undefined,
      delayMs: wire.metadata?.backoff_ms,
    },
  ];
}

function solverProgress(wire: MyagentEventOf<'solver.progress'>, state: MyagentStreamState, taskId: string | undefined, text: string | undefined): RunEvent[] {
  const nodeId = taskId ?? currentTask(state);
  const current = contentObject(wire.content)?.current_task;
  const message = typeof current === 'string' ? current : text;
  if (nodeId === undefined) return [log('info', message ?? 'solver progress', 'solver')];
  const percent = wire.metadata?.progress_percent;
  return [{ type: 'node.progress', nodeId, progress: percent === undefined ? undefined : percent / 100, message }];
}

/**
 * The server keeps only the latest fragment per 75 ms under load and sends deltas, so the
 * streamed text can miss words (upstream myagent/ws/outbound.py); the final answer is whole.
 */
const PREVIEW_NOTE = 'myagent streams answers in fragments and drops some under load: streamed text is a preview; the final answer is complete';

function partialAnswer(state: MyagentStreamState, nodeId: string, wire: MyagentEventOf<'agent.partial_answer'>): RunEvent[] {
  const output = previewDelta(state.previews, nodeId, wire.content, wire.metadata);
  if (output.length === 0 || state.previewNoted) return output;
  state.previewNoted = true;
  return [log('info', PREVIEW_NOTE, 'runboard'), ...output];
}

/**
 * Tool events pair by `step_id` (`step_<n>_<tool>`); the real server names the tool and its
 * arguments in `metadata.{tool, args}` and a failure as `metadata.{status: "failed", error}`
 * (the document's `tool_name` / `tool_args` / `result.status` are read too).
 */
function toolCalled(wire: MyagentEventOf<'agent.tool_call'>, nodeId: string | undefined): RunEvent {
  const meta = wire.metadata;
  const content = contentObject(wire.content);
  const tool = meta?.tool ?? meta?.tool_name ?? (typeof content?.tool_name === 'string' ? content.tool_name : 'tool');
  return { type: 'tool.called', nodeId, callId: wire.step_id ?? meta?.call_id, tool, args: meta?.args ?? meta?.tool_args ?? content?.arguments };
}

function toolResult(wire: MyagentEventOf<'agent.tool_result'>, nodeId: string | undefined): RunEventOf<'tool.result'> {
  const meta = wire.metadata;
  const status = meta?.status ?? contentObject(meta?.result)?.status;
  const failed = typeof status === 'string' && toNodeStatus(status) === 'failed';
  const output = meta?.data ?? meta?.result ?? wire.content;
  return {
    type: 'tool.result',
    nodeId,
    callId: wire.step_id ?? meta?.call_id,
    tool: meta?.tool ?? meta?.tool_name ?? 'tool',
    ok: meta?.success ?? !failed,
    result: failed && meta?.error ? { error: meta.error, output } : output,
    durationMs: meta?.execution_time_ms,
  };
}

/** A confirmation: a tool's belongs to the node that called the tool, and its result will say how it ended. */
function userConfirm(wire: MyagentEventOf<'agent.user_confirm'>, state: MyagentStreamState, frameMs: number | undefined): RunEvent[] {
  state.openGates.add(wire.step_id);
  const tool = confirmedTool(wire);
  if (tool === undefined) return [gateOpened(wire, frameMs)];
  state.toolGates.set(tool, wire.step_id);
  const owner = ownerOf(state);
  return [...plainStart(state, owner), gateOpened(wire, frameMs, owner)];
}

function errorEvents(state: MyagentStreamState, message: string, code: string | undefined, taskId: string | undefined): RunEvent[] {
  const events: RunEvent[] = [log('error', message, 'agent', taskId)];
  if (taskId !== undefined) {
    endTask(state, taskId);
    events.push({ type: 'node.failed', nodeId: taskId, error: { message, code } });
  }
  return events;
}

