/**
 * tolky phase events with nothing better to map to than the log: preparation, planning,
 * feasibility, containment, replans, delivery comparison, full retry, compile, database
 * queries, reconciliation and context memory. Each becomes one readable log line (warn
 * where the phase reports trouble); `performance_report` timings become metrics.
 *
 * `cost_reconciled` is logged only: its totals restate costs already booked from
 * token_usage_updated, and booking them again would double the run's cost.
 */
import type { RunEvent } from '@/protocol/run-event';
import { brief, log, stepNodeId, type TolkyHandlers } from '@/protocol/tolky/tolky-state';
import type { ExecutionType } from '@/protocol/tolky/tolky-map-execution';
import type { TolkyType } from '@/protocol/tolky/tolky-schemas';

/** Everything the execution mapper and the gate mapper do not handle. */
type PhaseType = Exclude<
  TolkyType,
  ExecutionType | 'execution_interrupted' | 'input_guard_clarification' | 'full_retry_interrupt' | 'continuation_started'
>;

const info = (source: string) => (message: string) => [log('info', message, source)];
const warn = (source: string) => (message: string) => [log('warn', message, source)];
const errorText = (error: unknown) => (error === undefined ? '' : `: ${typeof error === 'string' ? error : brief((error as { message?: unknown }).message ?? error)}`);
const of = (attempt: number | undefined, max: number | undefined) => (attempt === undefined ? '' : ` (attempt ${attempt}${max !== undefined ? ` of ${max}` : ''})`);

const prep = info('preparation');
const plan = info('planning');
const compile = info('compile');
const db = info('db_query');

export const PHASE_HANDLERS: TolkyHandlers<PhaseType> = {
  intent_restored: (p) => info('initialization')(`intent restored: ${p.completedCount ?? 0} step(s) done, ${p.pendingCount ?? 0} pending`),
  media_resolution_started: () => prep('resolving media'),
  media_resolved: (p) => (p.error !== undefined ? warn('preparation')(`media resolution failed${errorText(p.error)}`) : prep(`media resolved: ${p.resolvedCount ?? 0}`)),
  actions_prefilter_started: () => prep('prefiltering actions'),
  actions_prefiltered: (p) => prep(`actions prefiltered: ${brief(p.selected)} of ${p.total ?? '?'}`),
  constraints_prefilter_started: () => prep('prefiltering constraints'),
  constraints_prefiltered: (p) => prep(`constraints prefiltered: ${p.groupCount ?? 0} group(s)`),
  web_context_enrichment_started: () => prep('enriching with web context'),
  web_context_enriched: (p) => (p.error !== undefined ? warn('preparation')(`web context failed${errorText(p.error)}`) : prep(`web context appended: ${brief(p.appended)}`)),
  rag_context_enrichment_started: () => prep('enriching with RAG context'),
  rag_context_enriched: (p) =>
    p.error !== undefined
      ? warn('preparation')(`RAG context failed${errorText(p.error)}`)
      : prep(`RAG context appended: ${brief(p.appended)}${p.reason ? ` (${p.reason})` : ''}`),
  plan_generated: (p) => plan(`plan generated: ${p.stepCount ?? '?'} step(s)${p.continuation ? ' (continuation)' : ''}${p.planSummary ? ` — ${brief(p.planSummary)}` : ''}`),
  plan_review_started: () => plan('reviewing the plan'),
  plan_reviewed: (p) => (p.error !== undefined ? warn('planning')(`plan review failed${errorText(p.error)}`) : plan(`plan reviewed${p.corrected ? ': corrected' : ''}`)),
  plan_loaded: (p) => plan(`plan loaded: ${p.stepCount ?? '?'} step(s)`),
  feasibility_checked: (p) =>
    (p.feasible === false ? warn : info)('feasibility')(
      `feasibility: ${p.feasible === false ? 'not feasible' : 'feasible'}; ${p.issues?.length ?? 0} issue(s), ${p.warnings?.length ?? 0} warning(s)`,
    ),
  feasibility_rejected: (p) => warn('feasibility')(`plan rejected as infeasible${of(p.attempt, p.maxAttempts)}${p.correctiveInstruction ? `: ${p.correctiveInstruction}` : ''}`),
  replanning_triggered: (p) => warn('planning')(`replanning${of(p.attempt, undefined)}${p.reason ? `: ${p.reason}` : ''}`),
  execution_started: (p) => info('execution')(`execution started: ${p.totalSteps ?? '?'} step(s)`),
  parallel_group_completed: (p) =>
    info('execution')(`parallel group [${p.stepNumbers.join(', ')}] done: ${p.completedCount ?? '?'} completed, ${p.failedCount ?? 0} failed`),
  branch_resolved: (p) => [
    log('info', `step ${p.stepNumber} took branch ${p.chosenBranchLabel ?? p.chosenBranchIndex ?? '?'} (${p.branchStepCount ?? '?'} step(s))`, 'execution', stepNodeId(p.stepNumber)),
  ],
  replanning_for_continuation: (p) => info('continuation')(`replanning for continuation (depth ${p.continuationDepth ?? '?'}): ${brief(p.pendingSteps)} pending`),
  containment_started: (p) => warn('containment')(`containment started${of(p.attempt, undefined)}, ${p.retriesLeft ?? '?'} retries left`),
  containment_completed: (p) => info('containment')(`containment completed${of(p.attempt, undefined)}: ${brief(p.stepsExecuted)} executed`),
  containment_failed: (p) => [log('error', `containment failed${of(p.attempt, undefined)}${p.reason ? `: ${p.reason}` : ''}${errorText(p.error)}`, 'containment')],
  step_replan_recommended: (p) => [
    log('warn', `replan recommended for step ${p.stepNumber}: ${brief(p.recommendation)}`, 'recommendation_replan', stepNodeId(p.stepNumber)),
  ],
  recommendation_replan_started: (p) => warn('recommendation_replan')(`recommendation replan started${p.stepNumber !== undefined ? ` at step ${p.stepNumber}` : ''}`),
  recommendation_replan_completed: (p) => info('recommendation_replan')(`recommendation replan completed${of(p.attempt, undefined)}: ${brief(p.stepsExecuted)} executed`),
  recommendation_replan_failed: (p) => [log('error', `recommendation replan failed${of(p.attempt, undefined)}${p.reason ? `: ${p.reason}` : ''}`, 'recommendation_replan')],
  delivery_comparison_started: (p) => info('delivery_comparison')(`comparing delivery with the request${of(p.attempt, undefined)}`),
  delivery_compared: (p) =>
    (p.status === 'delivered' ? info : warn)('delivery_comparison')(
      `delivery ${p.status ?? 'compared'}: ${p.missingObjectives?.length ?? 0} of ${p.objectiveCount ?? '?'} objective(s) missing${p.reasoning ? ` — ${brief(p.reasoning)}` : ''}`,
    ),
  delivery_replan_started: (p) => warn('delivery_comparison')(`delivery replan${of(p.attempt, undefined)}${p.correctiveInstruction ? `: ${p.correctiveInstruction}` : ''}`),
  delivery_gaps_remaining: (p) => warn('delivery_comparison')(`delivery gaps remain: ${p.missingObjectives?.length ?? 0} objective(s)${p.reasoning ? ` — ${brief(p.reasoning)}` : ''}`),
  full_retry_started: (p) => warn('full_retry')(`full retry started${of(p.attempt, p.maxRetries)}`),
  compile_started: (p) => compile(`compiling the answer${p.hasLastStepPayload ? ' from the last step' : ''}`),
  captures_collected: (p) => compile(`${p.captureCount ?? 0} capture(s) collected`),
  composing_message: (p) => compile(`composing the message${p.model ? ` with ${p.model}` : ''}${p.reason ? ` (${p.reason})` : ''}`),
  final_answer_resolved: (p) => compile(`final answer from ${p.source ?? 'unknown source'}`),
  compile_completed: (p) => (p.success === false ? warn : info)('compile')(`compile ${p.success === false ? 'failed' : 'completed'}`),
  db_query_phase_started: (p) => db(`query phase ${p.phase ?? '?'} started${p.description ? `: ${p.description}` : ''}${of(p.attempt, p.maxAttempts)}`),
  db_query_phase_completed: (p) => db(`query phase ${p.phase ?? '?'} done${p.durationMs !== undefined ? ` in ${p.durationMs} ms` : ''}`),
  db_query_attempt_started: (p) => db(`query${of(p.attempt, p.maxAttempts)} started`),
  db_query_attempt_succeeded: (p) => db(`query succeeded${of(p.attempt, p.totalAttempts)}: ${p.rowCount ?? 0} row(s)`),
  db_query_attempt_failed: (p) =>
    [log(p.willRetry ? 'warn' : 'error', `query failed${of(p.attempt, p.maxAttempts)}${p.failedAt ? ` at ${p.failedAt}` : ''}: ${p.reason ?? 'unknown reason'}`, 'db_query')],
  cost_reconciled: (p) => [log('debug', `costs reconciled with ${p.dbRecordCount ?? 0} stored record(s): ${brief(p.dbTotals)}`, 'cost')],
  performance_report: (p) => timings(p.timings),
  context_memory_updated: (p) =>
    [log('debug', `context memory ${p.updatedLayer ?? 'layer'} updated${p.triggerAction ? ` after ${p.triggerAction}` : ''}`, 'context_memory')],
};

/** `{timings}` is an array sorted by duration; entries with a name and a duration become metrics. */
function timings(entries: readonly unknown[] | undefined): RunEvent[] {
  const events: RunEvent[] = [];
  for (const entry of entries ?? []) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as Record<string, unknown>;
    const name = [e.name, e.label, e.phase, e.event].find((v): v is string => typeof v === 'string');
    const value = [e.durationMs, e.ms, e.duration].find((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (name !== undefined && value !== undefined) events.push({ type: 'metric', name: `timing.${name}`, value, unit: 'ms' });
  }
  return events.length > 0 ? events : [log('debug', `performance report: ${entries?.length ?? 0} timing(s)`, 'performance')];
}
