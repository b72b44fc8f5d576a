/**
 * Node attempts from the canonical event log: when each attempt of each node started and
 * ended, how it ended, and when it waited for a person. Incremental: `advance(log)` reads
 * only the rows appended since the last call, so a live run of 100k rows costs the new rows
 * per refresh, not the whole log; a log that shrank (replay seeking back) or dropped rows
 * it had not read is read again from its first row. Guarded by attempt-tracker.test.ts.
 *
 * Rules (order-tolerant, like the node-status reducer):
 * - `node.started` opens an attempt; a start for the attempt already open changes nothing
 *   (MARS doubles its status events); a higher attempt number closes the open one as retried.
 * - `node.retrying` closes the open attempt as retried; the next attempt is queued from then.
 * - completed / failed / skipped / cancelled close it; a node that never ran gets a
 *   zero-length attempt (outcome not_run: drawn with no bar), so a skipped node still has its row; an end restated for a node
 *   whose attempt already ended changes nothing (task lists restate every status).
 * - `node.status` stating a status does the same as the event it stands for.
 * - `gate.opened` / `gate.resolved` on a node are a wait for a person inside its attempt.
 * - Output or progress for a node with no attempt open starts one (some protocols never say "started").
 * - A run that ends closes what is still open: cancelled when it was cancelled, else "no end reported".
 * Times are the event's `atMs`, or the last time seen before it (events without a clock).
 */
import type { RunEvent } from '@/protocol/run-event';

export type AttemptOutcome = 'running' | 'succeeded' | 'failed' | 'retried' | 'not_run' | 'cancelled' | 'unfinished';

/** A wait for a person; `gateId` names the gate asked, so views read its verdict from the run's gates. */
export type Wait = { fromMs: number; toMs?: number; gateId?: string };

export type Attempt = {
  /** `<node id>#<n>`: unique per attempt. */
  id: string;
  nodeId: string;
  /** 1-based, in the order the attempts happened. */
  attempt: number;
  startedAtMs: number;
  endedAtMs?: number;
  outcome: AttemptOutcome;
  waits: Wait[];
  /** The log row that started it (the timeline can show it). */
  row: number;
  /** Set for the attempt after a retry: when the retry was scheduled. */
  retryQueuedAtMs?: number;
};

type LogLike = Readonly<{ length: number; firstRow: number; at: (index: number) => { event: RunEvent } | undefined }>;

export class AttemptTracker {
  attempts: Attempt[] = [];
  /** When each node became known (its graph declared it), for "queued" before a first attempt. */
  declaredAtMs = new Map<string, number>();
  runStartedAtMs: number | undefined;
  runEndedAtMs: number | undefined;
  /** Bumped on every change, so views re-derive only when something happened. */
  version = 0;
  private open = new Map<string, Attempt>();
  private retryQueued = new Map<string, number>();
  private count = new Map<string, number>();
  private read = 0;
  private clock: number | undefined;

  /** Reads the rows appended since the last call (or everything again after a shrink). */
  advance(log: LogLike): void {
    if (log.length < this.read || log.firstRow > this.read) this.reset(log.firstRow);
    for (let index = this.read; index < log.length; index++) {
      const row = log.at(index);
      if (row) this.apply(row.event, index);
    }
    this.read = log.length;
  }

  private reset(from: number) {
    const version = this.version;
    Object.assign(this, new AttemptTracker());
    this.read = from;
    this.version = version + 1;
  }

  private apply(event: RunEvent, row: number) {
    if (event.atMs !== undefined && Number.isFinite(event.atMs)) this.clock = event.atMs;
    const at = this.clock;
    if (at === undefined) return;
    switch (event.type) {
      case 'run.started':
        this.runStartedAtMs ??= at;
        return;
      case 'run.completed':
      case 'run.failed':
      case 'run.cancelled':
        return this.endRun(at, event.type === 'run.cancelled');
      case 'graph.defined':
        for (const node of event.nodes) if (!this.declaredAtMs.has(node.id)) this.declaredAtMs.set(node.id, at);
        return;
      case 'node.started':
        return this.start(event.nodeId, at, row, event.attempt);
      case 'node.output':
      case 'node.progress':
        if (!this.open.has(event.nodeId)) this.start(event.nodeId, at, row);
        return;
      case 'node.completed':
        return this.close(event.nodeId, at, 'succeeded', row);
      case 'node.failed':
        return this.close(event.nodeId, at, 'failed', row);
      case 'node.retrying':
        this.close(event.nodeId, at, 'retried', row);
        this.retryQueued.set(event.nodeId, at);
        return;
      case 'node.skipped':
        return this.close(event.nodeId, at, 'not_run', row);
      case 'node.cancelled':
        return this.close(event.nodeId, at, 'cancelled', row);
      case 'node.status':
        return this.applyStatus(event.nodeId, event.status, at, row);
      case 'gate.opened':
        if (event.nodeId !== undefined) this.waitFrom(event.nodeId, at, row, event.gateId);
        return;
      case 'gate.resolved':
        if (event.nodeId !== undefined) this.waitUntil(event.nodeId, at);
        return;
      default:
        return;
    }
  }

  private applyStatus(nodeId: string, status: string, at: number, row: number) {
    if (status === 'running') {
      if (!this.open.has(nodeId)) this.start(nodeId, at, row);
    } else if (status === 'waiting') this.waitFrom(nodeId, at, row);
    else if (status === 'retrying') {
      this.close(nodeId, at, 'retried', row);
      this.retryQueued.set(nodeId, at);
    } else if (status === 'succeeded' || status === 'failed' || status === 'not_run' || status === 'cancelled') {
      this.close(nodeId, at, status, row);
    }
  }

  private start(nodeId: string, at: number, row: number, attemptNumber?: number) {
    const current = this.open.get(nodeId);
    if (current && (attemptNumber === undefined || attemptNumber === current.attempt)) return;
    if (current) this.finish(current, at, 'retried');
    const attempt = Math.max(attemptNumber ?? 0, (this.count.get(nodeId) ?? 0) + 1);
    this.count.set(nodeId, attempt);
    const queued = this.retryQueued.get(nodeId);
    this.retryQueued.delete(nodeId);
    const created: Attempt = { id: `${nodeId}#${attempt}`, nodeId, attempt, startedAtMs: at, outcome: 'running', waits: [], row, ...(queued !== undefined ? { retryQueuedAtMs: queued } : {}) };
    this.attempts.push(created);
    this.open.set(nodeId, created);
    this.version += 1;
  }

  private close(nodeId: string, at: number, outcome: AttemptOutcome, row: number) {
    const current = this.open.get(nodeId);
    if (current) return this.finish(current, at, outcome);
    // An end for a node whose attempt already ended is a repeat (task lists restate statuses).
    if (this.count.has(nodeId) || (outcome !== 'not_run' && outcome !== 'cancelled' && outcome !== 'failed')) return;
    // Nothing ever ran: a skip (or a failure before any start) still gets its row.
    this.start(nodeId, at, row);
    const created = this.open.get(nodeId);
    if (created) this.finish(created, at, outcome);
  }

  private finish(attempt: Attempt, at: number, outcome: AttemptOutcome) {
    attempt.endedAtMs = Math.max(at, attempt.startedAtMs);
    attempt.outcome = outcome;
    const wait = attempt.waits.at(-1);
    if (wait && wait.toMs === undefined) wait.toMs = attempt.endedAtMs;
    this.open.delete(attempt.nodeId);
    this.version += 1;
  }

  private waitFrom(nodeId: string, at: number, row: number, gateId?: string) {
    if (!this.open.has(nodeId)) this.start(nodeId, at, row);
    const attempt = this.open.get(nodeId);
    const last = attempt?.waits.at(-1);
    if (!attempt) return;
    if (last && last.toMs === undefined) {
      // A status "waiting" before the gate itself: the wait is the gate's.
      if (gateId !== undefined && last.gateId === undefined) last.gateId = gateId;
      return;
    }
    attempt.waits.push(gateId !== undefined ? { fromMs: at, gateId } : { fromMs: at });
    this.version += 1;
  }

  private waitUntil(nodeId: string, at: number) {
    const last = this.open.get(nodeId)?.waits.at(-1);
    if (!last || last.toMs !== undefined) return;
    last.toMs = Math.max(at, last.fromMs);
    this.version += 1;
  }

  private endRun(at: number, cancelled: boolean) {
    this.runEndedAtMs = at;
    for (const attempt of [...this.open.values()]) this.finish(attempt, at, cancelled ? 'cancelled' : 'unfinished');
    this.version += 1;
  }
}
