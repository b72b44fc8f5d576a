/**
 * One simulated run: plays a Scenario's steps on a clock, turns each into wire frames
 * with the dialect's encoder, keeps the full history for late joiners and replays, and
 * obeys commands (answer a gate, cancel, pause, resume) the way a real backend would:
 * the first valid decision wins, a decided gate answers "already decided".
 */
import type { Scenario, SimStep } from '@/simulator/engine/scenario';

export type Encoder<F> = (step: SimStep, run: RunFacts) => F[];

/** What encoders may need beyond the step itself. */
export type RunFacts = Readonly<{
  runId: string;
  scenario: Scenario;
  /** Epoch ms of the step being encoded. */
  nowMs: number;
  /** Running total in USD before this step (for protocols that send totals). */
  totalUsd: number;
  startedAtMs: number;
}>;

/**
 * How a run waits between its steps and for its gates' deadlines. The default is real time; a
 * test may pass a clock it holds still (so a run starts only when the test is ready for it, or a
 * deadline does not run out while a slow page loads) and lets go.
 */
export type SimClock = Readonly<{ wait: (ms: number) => Promise<void> }>;

export const REAL_TIME: SimClock = { wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export type GateDecisionResult = 'accepted' | 'not_found' | 'already_decided';

type PendingGate = Readonly<{ step: Extract<SimStep, { op: 'gate' }>; resolve: (branch: readonly SimStep[]) => void }>;

export type RunPhase = 'running' | 'paused' | 'waiting' | 'finished';

/** How a finished run ended, for the simulated run lists. */
export type RunOutcome = 'completed' | 'failed' | 'cancelled';

export class ScriptedRun<F> {
  readonly history: F[] = [];
  phase: RunPhase = 'running';
  private readonly listeners = new Set<(frame: F) => void>();
  private readonly pending = new Map<string, PendingGate>();
  private readonly decided = new Set<string>();
  private totalUsd = 0;
  readonly startedAtMs = Date.now();
  // ---- facts the simulated run lists read (run-lists/) ----
  /** The title `run.start` gave. */
  title?: string;
  outcome?: RunOutcome;
  endedAtMs?: number;
  /** What `run.fail` said, or the reason of a cancel (a status endpoint reports it). */
  error?: string;
  /** What `run.done` gave. */
  output?: unknown;
  /** The session this run belongs to (tolky, MARS), when a list groups runs. */
  group?: string;
  private stopped = false;
  private resumeWaiters: (() => void)[] = [];

  constructor(
    readonly runId: string,
    readonly scenario: Scenario,
    private readonly encode: Encoder<F>,
    private readonly timeScale = 1,
    private readonly clock: SimClock = REAL_TIME,
  ) {}

  /**
   * Plays the scenario. Its first `alreadyPlayed` steps happened before anyone watched: they
   * are emitted at once (a run opened late), the rest on the clock.
   */
  start(): this {
    const before = this.scenario.alreadyPlayed ?? 0;
    for (const step of this.scenario.steps.slice(0, before)) this.emitAtOnce(step);
    // Detached: the run plays on its own clock. A throw while playing (a listener's bug) ends the run and is said in the log.
    void this.play(this.scenario.steps.slice(before)).then(
      () => {
        this.phase = 'finished';
      },
      (error: unknown) => {
        this.phase = 'finished';
        console.error(`simulator: run ${this.runId} stopped playing on an error`, error);
      },
    );
    return this;
  }

  private emitAtOnce(step: SimStep) {
    if (step.op === 'tokens') for (const chunk of chunksOf(step.text)) this.emit({ ...step, text: chunk });
    else if (step.op !== 'wait' && step.op !== 'gate') this.emit(step);
  }

  subscribe(listener: (frame: F) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get pendingGateIds(): string[] {
    return [...this.pending.keys()];
  }

  /** Cost booked so far, in USD. */
  get costUsd(): number {
    return this.totalUsd;
  }

  /** First valid decision wins; `tone` picks the branch. */
  decide(gateId: string, tone: 'approve' | 'reject', decidedBy: string, decision: string): GateDecisionResult {
    const gate = this.pending.get(gateId);
    if (!gate) return this.decided.has(gateId) ? 'already_decided' : 'not_found';
    this.pending.delete(gateId);
    this.decided.add(gateId);
    this.emit({ op: 'gate.resolved', id: gateId, node: gate.step.node, decision, decidedBy, cause: 'decision' });
    gate.resolve(tone === 'approve' ? gate.step.approved : gate.step.rejected);
    return 'accepted';
  }

  /** The open gate with this id, as the scenario asks it. */
  pendingGate(gateId: string): Extract<SimStep, { op: 'gate' }> | undefined {
    return this.pending.get(gateId)?.step;
  }

  /** Was this gate decided (by anyone, or by its timeout)? */
  wasDecided(gateId: string): boolean {
    return this.decided.has(gateId);
  }

  /** A backend's own event outside the script, sent now (Shannon's gateway publishes review rounds). */
  publish(step: SimStep): void {
    if (this.phase !== 'finished') this.emit(step);
  }

  cancel(reason: string): boolean {
    if (this.phase === 'finished') return false;
    this.stopped = true;
    this.phase = 'finished';
    for (const [id, gate] of this.pending) {
      this.decided.add(id);
      gate.resolve([]);
    }
    this.pending.clear();
    this.emit({ op: 'run.cancel', reason });
    this.wakeResume();
    return true;
  }

  /**
   * The backend dropped the run without a word (myagent cancels a session's task when its
   * socket closes, and what it sends afterwards goes nowhere): nothing more is played or sent.
   */
  abort(): void {
    this.stopped = true;
    this.phase = 'finished';
    for (const gate of this.pending.values()) gate.resolve([]);
    this.pending.clear();
    this.wakeResume();
  }

  pause(reason: string): boolean {
    if (this.phase !== 'running') return false;
    this.phase = 'paused';
    this.emit({ op: 'run.pause', reason });
    return true;
  }

  resume(): boolean {
    if (this.phase !== 'paused') return false;
    this.phase = 'running';
    this.emit({ op: 'run.resume' });
    this.wakeResume();
    return true;
  }

  private wakeResume() {
    const waiters = this.resumeWaiters;
    this.resumeWaiters = [];
    for (const wake of waiters) wake();
  }

  private emit(step: SimStep) {
    const frames = this.encode(step, {
      runId: this.runId,
      scenario: this.scenario,
      nowMs: Date.now(),
      totalUsd: this.totalUsd,
      startedAtMs: this.startedAtMs,
    });
    if (step.op === 'cost') this.totalUsd += step.usd;
    this.noteListFacts(step);
    for (const frame of frames) {
      this.history.push(frame);
      for (const listener of this.listeners) listener(frame);
    }
  }

  private noteListFacts(step: SimStep) {
    if (step.op === 'run.start') this.title = step.title;
    const outcome = step.op === 'run.done' ? 'completed' : step.op === 'run.fail' ? 'failed' : step.op === 'run.cancel' ? 'cancelled' : step.op === 'run.end' ? step.outcome : undefined;
    if (outcome && !this.outcome) {
      this.outcome = outcome;
      this.endedAtMs = Date.now();
      if (step.op === 'run.done') this.output = step.output;
      if (step.op === 'run.fail' || step.op === 'run.cancel') this.error = step.op === 'run.fail' ? step.error : step.reason;
    }
  }

  private async sleep(ms: number) {
    await this.clock.wait(Math.max(0, ms * this.timeScale));
    while (this.phase === 'paused' && !this.stopped) {
      await new Promise<void>((resolve) => this.resumeWaiters.push(resolve));
    }
  }

  private async play(steps: readonly SimStep[]): Promise<void> {
    for (const step of steps) {
      if (this.stopped) return;
      await this.sleep(step.op === 'wait' ? step.ms : this.scenario.tickMs);
      if (this.stopped) return;
      if (step.op === 'wait') continue;
      if (step.op === 'tokens') {
        await this.stream(step);
        continue;
      }
      if (step.op === 'gate') {
        const branch = await this.openGate(step);
        await this.play(branch);
        return;
      }
      this.emit(step);
      if (step.op === 'run.done' || step.op === 'run.fail' || step.op === 'run.cancel' || step.op === 'run.end') {
        this.stopped = true;
        return;
      }
    }
  }

  /** Streams text a few words at a time, like a model would. */
  private async stream(step: Extract<SimStep, { op: 'tokens' }>) {
    for (const [i, chunk] of chunksOf(step.text).entries()) {
      if (this.stopped) return;
      if (i > 0) await this.sleep(this.scenario.tickMs / 4);
      this.emit({ ...step, text: chunk });
    }
  }

  private openGate(step: Extract<SimStep, { op: 'gate' }>): Promise<readonly SimStep[]> {
    return new Promise((resolve) => {
      this.pending.set(step.id, { step, resolve });
      this.phase = 'waiting';
      // Deadlines on the wire match the simulator's clock, so countdowns reach zero when it acts.
      this.emit(step.timeoutMs === undefined ? step : { ...step, timeoutMs: step.timeoutMs * this.timeScale });
      // On the simulator's clock, as its steps are: a test that holds the clock holds the deadline too.
      if (step.timeoutMs !== undefined) {
        void this.clock.wait(step.timeoutMs * this.timeScale).then(() => {
          if (!this.pending.has(step.id)) return;
          this.pending.delete(step.id);
          this.decided.add(step.id);
          this.emit({ op: 'gate.resolved', id: step.id, node: step.node, decision: 'rejected', decidedBy: 'timeout', cause: 'timeout' });
          resolve(step.rejected);
        });
      }
    }).then((branch) => {
      if (this.phase === 'waiting') this.phase = 'running';
      return branch as readonly SimStep[];
    });
  }
}

/** A model streams a few characters at a time: one chunk per word (with its trailing space). */
function chunksOf(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [text];
}
