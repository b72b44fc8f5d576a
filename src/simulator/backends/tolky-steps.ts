/**
 * tolky's steps: scenario node ids become step numbers in plan order (node `write` → stepNumber 8),
 * so the decoder's `step-<n>` ids line up, and the plan states every dependency as `dependsOn`.
 * Streamed text becomes `status_narration` of the step (the text of this attempt so far); members
 * of a parallel group open the group once and close it when the last of them ends.
 */
import type { TolkyFramer, TolkyWire } from '@/simulator/backends/tolky-frames';
import type { SimNode, SimStep } from '@/simulator/engine/scenario';
import type { RunFacts } from '@/simulator/engine/scripted-run';

type Step = { n: number; node: SimNode };
type Op<K extends SimStep['op']> = Extract<SimStep, { op: K }>;

export class TolkySteps {
  private readonly steps = new Map<string, Step>();
  private readonly groupsLeft = new Map<string, Set<string>>();
  private readonly startedGroups = new Set<string>();
  private readonly text = new Map<string, string>();
  /** Steps completed so far (said at gates and at the end). */
  executed = 0;
  /** The step of the latest step frame (said when the run fails or is cancelled). */
  lastStep: number | undefined;

  constructor(private readonly framer: TolkyFramer) {}

  get total(): number {
    return this.steps.size;
  }

  numberOf(node: string): number {
    return this.stepOf(node).n;
  }

  plan(run: RunFacts, step: Op<'plan'>): TolkyWire[] {
    step.nodes.forEach((node, i) => this.steps.set(node.id, { n: i + 1, node }));
    for (const node of step.nodes) if (node.group) this.groupsLeft.set(node.group, new Set([...(this.groupsLeft.get(node.group) ?? []), node.id]));
    const planSteps = step.nodes.map((node, i) => ({
      stepNumber: i + 1,
      action: node.id,
      displayName: node.label,
      kind: node.kind ?? 'agent',
      dependsOn: step.edges.filter((e) => e.target === node.id).map((e) => this.stepOf(e.source).n),
      ...(node.group ? { parallelGroup: node.group } : {}),
    }));
    return [
      this.framer.frame(run, 'plan_ready', { intentId: run.runId, steps: planSteps, totalSteps: planSteps.length, instructions: run.scenario.title }),
      this.framer.frame(run, 'execution_started', { totalSteps: planSteps.length }),
    ];
  }

  start(run: RunFacts, step: Op<'node.start'>): TolkyWire[] {
    const out: TolkyWire[] = [];
    const group = this.stepOf(step.node).node.group;
    if (group && !this.startedGroups.has(group)) {
      this.startedGroups.add(group);
      const members = this.membersOf(group);
      out.push(this.framer.frame(run, 'parallel_group_started', { stepNumbers: members, groupSize: members.length }));
    }
    const b = this.base(step.node);
    // A step's narration is the text of this attempt so far: a new attempt starts it again.
    this.text.delete(step.node);
    const attempt = step.attempt && step.attempt > 1 ? { attempt: step.attempt } : {};
    out.push(this.framer.frame(run, 'step_started', { ...b, totalSteps: this.total, progress: this.progress(b.stepNumber), ...attempt }));
    return out;
  }

  progressOf(run: RunFacts, step: Op<'node.progress'>): TolkyWire[] {
    const b = this.base(step.node);
    const pct = Math.round(step.progress * 100);
    return [
      this.framer.frame(run, 'step_heartbeat', { ...b, phase: step.message ?? 'working', elapsedMs: pct * 400, timeoutMs: 120_000, percentElapsed: pct / 3 }),
      this.framer.frame(run, 'status_narration', { message: step.message ?? `${pct}%`, sourceEvent: 'step_progress', progress: pct, stepNumber: b.stepNumber }),
    ];
  }

  tokens(run: RunFacts, step: Op<'tokens'>): TolkyWire[] {
    const soFar = (this.text.get(step.node) ?? '') + step.text;
    this.text.set(step.node, soFar);
    return [this.framer.frame(run, 'status_narration', { message: soFar.trim(), sourceEvent: 'llm_stream', stepNumber: this.stepOf(step.node).n })];
  }

  done(run: RunFacts, step: Op<'node.done'>): TolkyWire[] {
    this.executed += 1;
    const b = this.base(step.node);
    // A step's narration is the text of this attempt so far: a new attempt starts it again.
    this.text.delete(step.node);
    const attempt = step.attempt && step.attempt > 1 ? { attempt: step.attempt } : {};
    const out = [this.framer.frame(run, 'step_completed', { ...b, totalSteps: this.total, result: step.output, progress: this.progress(b.stepNumber), ...attempt })];
    this.leaveGroup(run, step.node, false, out);
    return out;
  }

  fail(run: RunFacts, step: Op<'node.fail'>): TolkyWire[] {
    const b = this.base(step.node);
    const error = step.code ? { message: step.error, code: step.code } : step.error;
    const out = [this.framer.frame(run, 'step_failed', { ...b, error, willRetry: step.willRetry, retryCount: (step.attempt ?? 1) - 1 })];
    if (!step.willRetry) this.leaveGroup(run, step.node, true, out);
    return out;
  }

  skip(run: RunFacts, step: Op<'node.skip'>): TolkyWire[] {
    const out = [this.framer.frame(run, 'step_skipped', { ...this.base(step.node), reason: step.reason })];
    this.leaveGroup(run, step.node, false, out);
    return out;
  }

  private stepOf(node: string): Step {
    return this.steps.get(node) ?? { n: 0, node: { id: node, label: node } };
  }

  private base(node: string) {
    const { n, node: sim } = this.stepOf(node);
    this.lastStep = n;
    return { stepNumber: n, action: sim.id, displayName: sim.label };
  }

  private progress(n: number): number {
    return this.total > 0 ? Math.round((n / this.total) * 100) : 0;
  }

  private membersOf(group: string): number[] {
    return [...this.steps.values()].filter((s) => s.node.group === group).map((s) => s.n);
  }

  /** A group member finished: close the group once all of its members did. */
  private leaveGroup(run: RunFacts, node: string, failed: boolean, out: TolkyWire[]) {
    const group = this.stepOf(node).node.group;
    const left = group === undefined ? undefined : this.groupsLeft.get(group);
    if (group === undefined || !left?.delete(node) || left.size > 0) return;
    const members = this.membersOf(group);
    out.push(this.framer.frame(run, 'parallel_group_completed', { stepNumbers: members, completedCount: members.length - (failed ? 1 : 0), failedCount: failed ? 1 : 0 }));
  }
}
