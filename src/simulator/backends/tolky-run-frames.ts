/**
 * tolky's run-wide frames: tool calls and logs as `chapter_log` lines, running token totals, a gate
 * as `execution_interrupted` and its answer as `continuation_started` (one continuation deeper), and
 * the run's end followed by `final_answer_ready` with the totals.
 */
import type { TolkyFramer, TolkyWire } from '@/simulator/backends/tolky-frames';
import type { TolkySteps } from '@/simulator/backends/tolky-steps';
import type { SimStep } from '@/simulator/engine/scenario';
import type { RunFacts } from '@/simulator/engine/scripted-run';

type Op<K extends SimStep['op']> = Extract<SimStep, { op: K }>;

export class TolkyRunFrames {
  private readonly totals = { prompt: 0, completion: 0, cost: 0, calls: 0 };
  private depth = 0;

  constructor(
    private readonly framer: TolkyFramer,
    private readonly steps: TolkySteps,
  ) {}

  tool(run: RunFacts, step: Op<'tool'>): TolkyWire[] {
    return [
      this.framer.frame(run, 'chapter_log', {
        message: `${step.tool} ${step.ok === false ? 'failed' : 'returned'} ${JSON.stringify(step.result)}`,
        level: step.ok === false ? 'error' : 'info',
        source: 'tool',
        stepNumber: this.steps.numberOf(step.node),
        action: step.tool,
        metadata: { args: step.args, result: step.result },
      }),
    ];
  }

  log(run: RunFacts, step: Op<'log'>): TolkyWire[] {
    const at = step.node ? { stepNumber: this.steps.numberOf(step.node) } : {};
    return [this.framer.frame(run, 'chapter_log', { message: step.message, level: step.level, source: 'runtime', ...at })];
  }

  cost(run: RunFacts, step: Op<'cost'>): TolkyWire[] {
    this.totals.prompt += step.inputTokens;
    this.totals.completion += step.outputTokens;
    this.totals.cost += step.usd;
    this.totals.calls += 1;
    return [
      this.framer.frame(run, 'token_usage_updated', {
        source: 'llm',
        model: step.model,
        stepNumber: this.steps.numberOf(step.node),
        delta: { prompt: step.inputTokens, completion: step.outputTokens, cost: step.usd, calls: 1 },
        cumulative: { ...this.totals },
      }),
    ];
  }

  gate(run: RunFacts, step: Op<'gate'>): TolkyWire[] {
    // Unpublished fields: a deadline, the way relavium names it, so the dialog can count down.
    const deadline =
      step.timeoutMs !== undefined ? { timeoutMs: step.timeoutMs, expiresAt: new Date(run.nowMs + step.timeoutMs).toISOString(), timeoutAction: 'reject' } : {};
    const interruptionPayload = {
      type: step.kind,
      message: step.message,
      options: step.options.map((o) => o.label),
      stepNumber: this.steps.numberOf(step.node),
      ...step.context,
      ...deadline,
    };
    return [this.framer.frame(run, 'execution_interrupted', { intentId: run.runId, interruptionPayload, completedSteps: this.steps.executed, continuationDepth: this.depth })];
  }

  gateResolved(run: RunFacts, step: Op<'gate.resolved'>): TolkyWire[] {
    this.depth += 1;
    return [
      this.framer.frame(run, 'continuation_started', {
        intentId: run.runId,
        continuationDepth: this.depth,
        completedCount: this.steps.executed,
        userResponse: step.decision,
        ...(step.cause === 'timeout' ? { trigger: 'timeout' } : {}),
      }),
    ];
  }

  done(run: RunFacts, step: Op<'run.done'>): TolkyWire[] {
    const f = this.framer;
    return this.finish(run, 'completed', typeof step.output === 'string' ? step.output : JSON.stringify(step.output), [
      f.frame(run, 'execution_completed', {
        intentId: run.runId,
        success: true,
        totalSteps: this.steps.total,
        executedSteps: this.steps.executed,
        metrics: { durationMs: run.nowMs - run.startedAtMs },
        auditLog: [],
      }),
      f.frame(run, 'cost_reconciled', { requestControlId: `rc-${run.runId}`, dbTotals: { ...this.totals }, inMemoryTotals: { ...this.totals }, dbRecordCount: this.totals.calls }),
      f.frame(run, 'performance_report', { timings: [{ name: 'execution', durationMs: run.nowMs - run.startedAtMs }] }),
    ]);
  }

  fail(run: RunFacts, step: Op<'run.fail'>): TolkyWire[] {
    const lastStep = step.node ? this.steps.numberOf(step.node) : (this.steps.lastStep ?? null);
    return this.finish(run, 'failed', step.error, [this.framer.frame(run, 'execution_failed', { error: step.error, lastStep, auditLog: [] })]);
  }

  cancel(run: RunFacts, step: Op<'run.cancel'>): TolkyWire[] {
    return this.finish(run, 'cancelled', step.reason, [
      this.framer.frame(run, 'execution_cancel_requested', { reason: step.reason, requestedBy: 'user', mechanism: 'immediate' }),
      this.framer.frame(run, 'execution_cancelled', { cancelledAtStep: this.steps.lastStep ?? null, reason: step.reason }),
    ]);
  }

  private finish(run: RunFacts, status: string, message: string, before: TolkyWire[]): TolkyWire[] {
    return [
      ...before,
      this.framer.frame(run, 'final_answer_ready', {
        intentId: run.runId,
        sessionId: this.framer.sessionId,
        requestControlId: `rc-${run.runId}`,
        status,
        message,
        success: status === 'completed',
        interrupted: false,
        continuationDepth: this.depth,
        totalStepsPlanned: this.steps.total,
        executedSteps: this.steps.executed,
        costTrackerSummary: { ...this.totals },
      }),
    ];
  }
}
