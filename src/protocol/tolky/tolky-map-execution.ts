/**
 * tolky pipeline events that change the run's shape and state: chapters, the plan, steps,
 * parallel groups, costs, progress and the run's end. Everything else is in
 * tolky-map-phases.ts (logs) and tolky-gates.ts (human input).
 *
 * The run ends on `final_answer_ready` (the document's boundary event, emitted after
 * compile), not on `execution_completed`: compile and delivery events follow
 * execution_completed, and a terminal event before them would make them "after terminal".
 * `execution_failed` / `execution_cancelled` end it at once; a later final_answer_ready
 * then only logs the closing message.
 */
import { decimalToMicros } from '@/lib/to-micros';
import type { RunEvent } from '@/protocol/run-event';
import { parallelGroup, planGraph } from '@/protocol/tolky/tolky-graph';
import {
  brief,
  chapterTitle,
  closeGates,
  log,
  stepLabel,
  stepNodeId,
  toErrorInfo,
  toFraction,
  toLogLevel,
  type TolkyHandlers,
  type TolkyState,
} from '@/protocol/tolky/tolky-state';

export type ExecutionType =
  | 'chapter_started'
  | 'chapter_log'
  | 'chapter_completed'
  | 'intent_created'
  | 'plan_ready'
  | 'step_started'
  | 'step_completed'
  | 'step_failed'
  | 'step_skipped'
  | 'parallel_group_started'
  | 'execution_completed'
  | 'execution_failed'
  | 'execution_cancelled'
  | 'execution_cancel_requested'
  | 'step_heartbeat'
  | 'status_narration'
  | 'token_usage_updated'
  | 'final_answer_ready';

const attemptOf = (attempt: number | undefined) => (attempt === undefined ? {} : { attempt });
const nodeOf = (stepNumber: number | undefined) => (stepNumber === undefined ? {} : { nodeId: stepNodeId(stepNumber) });

function end(state: TolkyState, event: RunEvent, gateDecision: string): RunEvent[] {
  state.terminal = true;
  return [...closeGates(state, gateDecision, 'cancelled'), event];
}

function lastStepOf(lastStep: unknown): number | undefined {
  if (typeof lastStep === 'number' && Number.isInteger(lastStep)) return lastStep;
  const n = (lastStep as { stepNumber?: unknown } | null | undefined)?.stepNumber;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

export const EXECUTION_HANDLERS: TolkyHandlers<ExecutionType> = {
  chapter_started: (p, env, state) => {
    const key = p.chapterKey ?? env.chapterKey;
    const chapterId = p.chapterId ?? env.chapterId ?? `${key ?? 'chapter'}_${env.seq}`;
    if (key !== undefined) state.chapters.set(key, chapterId);
    return [{ type: 'chapter.started', chapterId, title: chapterTitle(key), ...(key !== undefined ? { chapterKey: key } : {}) }];
  },
  chapter_log: (p) => [log(toLogLevel(p.level), p.message, p.source ?? p.action ?? 'chapter', nodeOf(p.stepNumber).nodeId)],
  chapter_completed: (p, env, state) => {
    const key = p.chapterKey ?? env.chapterKey;
    const chapterId = p.chapterId ?? env.chapterId ?? (key !== undefined ? (state.chapters.get(key) ?? key) : `chapter_${env.seq}`);
    return [{ type: 'chapter.completed', chapterId, ...(p.status !== undefined ? { status: p.status } : {}) }];
  },
  intent_created: (p) => {
    const title = p.title ?? p.instructions;
    return [title !== undefined ? { type: 'run.started', title } : { type: 'run.started' }];
  },
  plan_ready: (p, _env, state) => [planGraph(p, state)],
  step_started: (p, _env, state) => [
    {
      type: 'node.started',
      nodeId: stepNodeId(p.stepNumber),
      label: stepLabel(state, p.stepNumber, p.displayName, p.action),
      ...attemptOf(p.attempt),
    },
  ],
  step_completed: (p) => [
    {
      type: 'node.completed',
      nodeId: stepNodeId(p.stepNumber),
      ...(p.result !== undefined ? { output: p.result } : {}),
      ...(p.durationMs !== undefined ? { durationMs: p.durationMs } : {}),
      ...attemptOf(p.attempt),
    },
  ],
  step_failed: (p) => {
    const error = toErrorInfo(p.error, `step ${p.stepNumber} failed`);
    // retryCount counts earlier retries, so the attempt that just failed is retryCount + 1.
    const attempt = (p.retryCount ?? 0) + 1;
    const nodeId = stepNodeId(p.stepNumber);
    if (p.willRetry === true) return [{ type: 'node.retrying', nodeId, attempt, error: { ...error, retryable: true } }];
    return [{ type: 'node.failed', nodeId, error, attempt }];
  },
  step_skipped: (p) => [{ type: 'node.skipped', nodeId: stepNodeId(p.stepNumber), ...(p.reason !== undefined ? { reason: p.reason } : {}) }],
  parallel_group_started: (p, _env, state) => parallelGroup(p, state),
  execution_completed: (p) => {
    const executed = typeof p.executedSteps === 'number' ? p.executedSteps : undefined;
    const counts = executed !== undefined ? `: ${executed} of ${p.totalSteps ?? '?'} steps executed` : '';
    return [log(p.success === false ? 'warn' : 'info', `execution completed${p.success === false ? ' without success' : ''}${counts}`, 'execution')];
  },
  execution_failed: (p, _env, state) => {
    const error = toErrorInfo(p.error, p.reason ?? p.aiMessage ?? 'the run failed');
    const step = lastStepOf(p.lastStep);
    return end(state, { type: 'run.failed', error, ...nodeOf(step) }, 'failed');
  },
  execution_cancelled: (p, _env, state) =>
    end(state, { type: 'run.cancelled', ...(p.reason !== undefined ? { reason: p.reason } : {}), requested: state.cancelRequested }, 'cancelled'),
  execution_cancel_requested: (p, _env, state) => {
    state.cancelRequested = true;
    const by = p.requestedBy !== undefined ? ` by ${p.requestedBy}` : '';
    return [log('warn', `cancel requested${by}${p.reason ? `: ${p.reason}` : ''} (${p.mechanism ?? 'immediate'})`, 'cancel')];
  },
  step_heartbeat: (p) => {
    const elapsed = p.elapsedMs !== undefined ? ` · ${Math.round(p.elapsedMs / 1000)} s elapsed` : '';
    return [{ type: 'node.progress', nodeId: stepNodeId(p.stepNumber), message: `${p.phase ?? 'working'}${elapsed}` }];
  },
  status_narration: (p) => {
    if (p.stepNumber === undefined) return [log('info', p.message, 'narration')];
    const progress = toFraction(p.progress);
    return [{ type: 'node.progress', nodeId: stepNodeId(p.stepNumber), message: p.message, ...(progress !== undefined ? { progress } : {}) }];
  },
  token_usage_updated: (p) => {
    const cumulative = p.cumulative?.cost;
    return [
      {
        type: 'cost.recorded',
        micros: decimalToMicros(p.delta.cost),
        currency: 'USD',
        ...(p.delta.prompt !== undefined ? { inputTokens: p.delta.prompt } : {}),
        ...(p.delta.completion !== undefined ? { outputTokens: p.delta.completion } : {}),
        ...(cumulative !== undefined ? { cumulativeMicros: decimalToMicros(cumulative) } : {}),
        ...(p.model !== undefined ? { model: p.model } : {}),
        ...nodeOf(p.stepNumber),
      },
    ];
  },
  final_answer_ready: (p, _env, state) => {
    const message = typeof p.message === 'string' ? p.message : brief(p.message);
    if (p.interrupted === true) return [log('info', `waiting for input: ${message}`, 'final_answer')];
    if (state.terminal) return [log('info', message || 'final answer ready', 'final_answer')];
    const status = p.status?.toLowerCase();
    if (status === 'cancelled' || status === 'canceled') return end(state, { type: 'run.cancelled', requested: state.cancelRequested }, 'cancelled');
    if (p.success === false || status === 'failed' || status === 'error') {
      return end(state, { type: 'run.failed', error: { message: message || 'the run failed' } }, 'failed');
    }
    return end(state, { type: 'run.completed', ...(p.message !== undefined ? { output: p.message } : {}) }, 'closed');
  },
};
