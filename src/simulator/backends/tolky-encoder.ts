/**
 * Scenario steps → tolky pipeline envelopes `{type, intentId, sessionId, timestamp, seq,
 * chapterId, chapterKey, payload}` (tolky-sequential-thinking.pt.md), seq from 1 per intent.
 *
 * Scenario node ids become step numbers in plan order (node `write` → stepNumber 8), so the
 * decoder's `step-<n>` ids line up; the plan states every dependency as `dependsOn`. tolky
 * has no token stream: streamed text becomes `status_narration` of the step (the text so
 * far), tools become `chapter_log` lines, and a gate becomes `execution_interrupted`.
 */
import type { SimNode, SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type TolkyWire = {
  type: string;
  intentId: string;
  sessionId: string | null;
  timestamp: string;
  seq: number;
  chapterId: string | null;
  chapterKey: string | null;
  payload: Record<string, unknown>;
};

type Step = { n: number; node: SimNode };
type Totals = { prompt: number; completion: number; cost: number; calls: number };

export function createTolkyEncoder(sessionId: string | null): Encoder<TolkyWire> {
  let seq = 0;
  let chapter: { id: string; key: string } | undefined;
  const chapterCounts = new Map<string, number>();
  const steps = new Map<string, Step>();
  const groupsLeft = new Map<string, Set<string>>();
  const startedGroups = new Set<string>();
  const text = new Map<string, string>();
  const totals: Totals = { prompt: 0, completion: 0, cost: 0, calls: 0 };
  let executed = 0;
  let depth = 0;
  let lastStep: number | undefined;

  const frame = (run: RunFacts, type: string, payload: Record<string, unknown> = {}): TolkyWire => ({
    type,
    intentId: run.runId,
    sessionId,
    timestamp: new Date(run.nowMs).toISOString(),
    seq: ++seq,
    chapterId: chapter?.id ?? null,
    chapterKey: chapter?.key ?? null,
    payload,
  });
  const stepOf = (node: string): Step => steps.get(node) ?? { n: 0, node: { id: node, label: node } };
  const total = () => steps.size;
  const base = (node: string) => {
    const { n, node: sim } = stepOf(node);
    lastStep = n;
    return { stepNumber: n, action: sim.id, displayName: sim.label };
  };
  const progress = (n: number) => (total() > 0 ? Math.round((n / total()) * 100) : 0);

  /** A group member finished: close the group once all of its members did. */
  const leaveGroup = (run: RunFacts, node: string, failed: boolean, out: TolkyWire[]) => {
    const group = stepOf(node).node.group;
    const left = group === undefined ? undefined : groupsLeft.get(group);
    if (group === undefined || !left?.delete(node) || left.size > 0) return;
    const members = [...steps.values()].filter((s) => s.node.group === group).map((s) => s.n);
    out.push(frame(run, 'parallel_group_completed', { stepNumbers: members, completedCount: members.length - (failed ? 1 : 0), failedCount: failed ? 1 : 0 }));
  };

  return (step: SimStep, run: RunFacts): TolkyWire[] => {
    switch (step.op) {
      case 'run.start':
        return [frame(run, 'intent_created', { intentId: run.runId, instructions: step.title })];
      case 'plan': {
        step.nodes.forEach((node, i) => steps.set(node.id, { n: i + 1, node }));
        for (const node of step.nodes) if (node.group) groupsLeft.set(node.group, new Set([...(groupsLeft.get(node.group) ?? []), node.id]));
        const planSteps = step.nodes.map((node, i) => ({
          stepNumber: i + 1,
          action: node.id,
          displayName: node.label,
          kind: node.kind ?? 'agent',
          dependsOn: step.edges.filter((e) => e.target === node.id).map((e) => stepOf(e.source).n),
          ...(node.group ? { parallelGroup: node.group } : {}),
        }));
        return [
          frame(run, 'plan_ready', { intentId: run.runId, steps: planSteps, totalSteps: planSteps.length, instructions: run.scenario.title }),
          frame(run, 'execution_started', { totalSteps: planSteps.length }),
        ];
      }
      case 'chapter.start': {
        const count = (chapterCounts.get(step.key) ?? 0) + 1;
        chapterCounts.set(step.key, count);
        chapter = { id: `${step.key}_${count}`, key: step.key };
        return [frame(run, 'chapter_started', { chapterId: chapter.id, chapterKey: step.key })];
      }
      case 'chapter.end': {
        const id = chapter?.key === step.key ? chapter.id : `${step.key}_${chapterCounts.get(step.key) ?? 1}`;
        const out = frame(run, 'chapter_completed', { chapterId: id, chapterKey: step.key, status: step.status });
        chapter = undefined;
        return [out];
      }
      case 'node.start': {
        const out: TolkyWire[] = [];
        const group = stepOf(step.node).node.group;
        if (group && !startedGroups.has(group)) {
          startedGroups.add(group);
          const members = [...steps.values()].filter((s) => s.node.group === group).map((s) => s.n);
          out.push(frame(run, 'parallel_group_started', { stepNumbers: members, groupSize: members.length }));
        }
        const b = base(step.node);
        // A step's narration is the text of this attempt so far: a new attempt starts it again.
        text.delete(step.node);
        const attempt = step.attempt && step.attempt > 1 ? { attempt: step.attempt } : {};
        out.push(frame(run, 'step_started', { ...b, totalSteps: total(), progress: progress(b.stepNumber), ...attempt }));
        return out;
      }
      case 'node.progress': {
        const b = base(step.node);
        const pct = Math.round(step.progress * 100);
        return [
          frame(run, 'step_heartbeat', { ...b, phase: step.message ?? 'working', elapsedMs: pct * 400, timeoutMs: 120_000, percentElapsed: pct / 3 }),
          frame(run, 'status_narration', { message: step.message ?? `${pct}%`, sourceEvent: 'step_progress', progress: pct, stepNumber: b.stepNumber }),
        ];
      }
      case 'tokens': {
        const soFar = (text.get(step.node) ?? '') + step.text;
        text.set(step.node, soFar);
        return [frame(run, 'status_narration', { message: soFar.trim(), sourceEvent: 'llm_stream', stepNumber: stepOf(step.node).n })];
      }
      case 'tool':
        return [
          frame(run, 'chapter_log', {
            message: `${step.tool} ${step.ok === false ? 'failed' : 'returned'} ${JSON.stringify(step.result)}`,
            level: step.ok === false ? 'error' : 'info',
            source: 'tool',
            stepNumber: stepOf(step.node).n,
            action: step.tool,
            metadata: { args: step.args, result: step.result },
          }),
        ];
      case 'cost': {
        totals.prompt += step.inputTokens;
        totals.completion += step.outputTokens;
        totals.cost += step.usd;
        totals.calls += 1;
        return [
          frame(run, 'token_usage_updated', {
            source: 'llm',
            model: step.model,
            stepNumber: stepOf(step.node).n,
            delta: { prompt: step.inputTokens, completion: step.outputTokens, cost: step.usd, calls: 1 },
            cumulative: { ...totals },
          }),
        ];
      }
      case 'node.done': {
        executed += 1;
        const b = base(step.node);
        // A step's narration is the text of this attempt so far: a new attempt starts it again.
        text.delete(step.node);
        const attempt = step.attempt && step.attempt > 1 ? { attempt: step.attempt } : {};
        const out = [frame(run, 'step_completed', { ...b, totalSteps: total(), result: step.output, progress: progress(b.stepNumber), ...attempt })];
        leaveGroup(run, step.node, false, out);
        return out;
      }
      case 'node.fail': {
        const b = base(step.node);
        const error = step.code ? { message: step.error, code: step.code } : step.error;
        const out = [frame(run, 'step_failed', { ...b, error, willRetry: step.willRetry, retryCount: (step.attempt ?? 1) - 1 })];
        if (!step.willRetry) leaveGroup(run, step.node, true, out);
        return out;
      }
      case 'node.skip': {
        const out = [frame(run, 'step_skipped', { ...base(step.node), reason: step.reason })];
        leaveGroup(run, step.node, false, out);
        return out;
      }
      case 'log':
        return [
          frame(run, 'chapter_log', {
            message: step.message,
            level: step.level,
            source: 'runtime',
            ...(step.node ? { stepNumber: stepOf(step.node).n } : {}),
          }),
        ];
      case 'gate':
        return [
          frame(run, 'execution_interrupted', {
            intentId: run.runId,
            interruptionPayload: {
              type: step.kind,
              message: step.message,
              options: step.options.map((o) => o.label),
              stepNumber: stepOf(step.node).n,
              ...step.context,
              // Unpublished fields: a deadline, the way relavium names it, so the dialog can count down.
              ...(step.timeoutMs !== undefined
                ? { timeoutMs: step.timeoutMs, expiresAt: new Date(run.nowMs + step.timeoutMs).toISOString(), timeoutAction: 'reject' }
                : {}),
            },
            completedSteps: executed,
            continuationDepth: depth,
          }),
        ];
      case 'gate.resolved':
        depth += 1;
        return [
          frame(run, 'continuation_started', {
            intentId: run.runId,
            continuationDepth: depth,
            completedCount: executed,
            userResponse: step.decision,
            ...(step.cause === 'timeout' ? { trigger: 'timeout' } : {}),
          }),
        ];
      case 'run.done':
        return finish(run, 'completed', typeof step.output === 'string' ? step.output : JSON.stringify(step.output), [
          frame(run, 'execution_completed', {
            intentId: run.runId,
            success: true,
            totalSteps: total(),
            executedSteps: executed,
            metrics: { durationMs: run.nowMs - run.startedAtMs },
            auditLog: [],
          }),
          frame(run, 'cost_reconciled', { requestControlId: `rc-${run.runId}`, dbTotals: { ...totals }, inMemoryTotals: { ...totals }, dbRecordCount: totals.calls }),
          frame(run, 'performance_report', { timings: [{ name: 'execution', durationMs: run.nowMs - run.startedAtMs }] }),
        ]);
      case 'run.fail':
        return finish(run, 'failed', step.error, [
          frame(run, 'execution_failed', { error: step.error, lastStep: step.node ? stepOf(step.node).n : (lastStep ?? null), auditLog: [] }),
        ]);
      case 'run.cancel':
        return finish(run, 'cancelled', step.reason, [
          frame(run, 'execution_cancel_requested', { reason: step.reason, requestedBy: 'user', mechanism: 'immediate' }),
          frame(run, 'execution_cancelled', { cancelledAtStep: lastStep ?? null, reason: step.reason }),
        ]);
      case 'run.pause':
      case 'run.resume':
      case 'gate.revised': // Shannon's review rounds and timeout end: nothing in this protocol
      case 'run.end':
      case 'wait':
        // tolky has no pause: nothing to say on the wire.
        return [];
    }
  };

  function finish(run: RunFacts, status: string, message: string, before: TolkyWire[]): TolkyWire[] {
    return [
      ...before,
      frame(run, 'final_answer_ready', {
        intentId: run.runId,
        sessionId,
        requestControlId: `rc-${run.runId}`,
        status,
        message,
        success: status === 'completed',
        interrupted: false,
        continuationDepth: depth,
        totalStepsPlanned: total(),
        executedSteps: executed,
        costTrackerSummary: { ...totals },
      }),
    ];
  }
}
