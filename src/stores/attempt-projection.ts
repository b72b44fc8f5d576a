/**
 * Every attempt of every node, from the event log. The rules of what an attempt is are the
 * node-status reducer's (reduce-node-status.ts): this projection steps each node through
 * `nextNodeState` and turns its transitions into attempts, so the canvas's "attempt 2", the
 * Durations bars and the inspector's cost by attempt cannot disagree. What it adds is time:
 *
 * - a node that leaves "pending" (or whose attempt number rises) opens an attempt; an attempt
 *   still open when a higher one opens was retried;
 * - "retrying" closes the open attempt as retried, and the next one is queued from then;
 * - a terminal status closes it with that outcome; a node that never ran gets a zero-length
 *   attempt (skipped, failed before any start, or pending when the run ended: the last is our
 *   inference, dropped when a late event about the node arrives); a success whose start was
 *   never seen (a snapshot on joining late) is counted with no start time;
 * - "waiting" is a wait for a person inside the attempt, named after its gate;
 * - a run that ends closes what is still open: "unfinished" (no end reported).
 *
 * Times are the event's `atMs`, or the last time seen before it; before any event carried a
 * time, attempts are counted all the same, without times. Incremental: `advance(log)` reads the rows appended since the last
 * call; a log that shrank (replay seeking back) or dropped unread rows is read again.
 * Read it through `readAttempts` (attempt-read.ts). Guarded by attempt-projection.test.ts.
 */
import type { RunEvent } from '@/protocol/run-event';

import type { NodeState } from '@/stores/node-types';
import { applyNodeEvent, nextNodeState, type RunEnd } from '@/stores/reduce-node-status';
import type { AttemptOutcome } from '@/stores/attempt-types';

export type OpenWait = { fromMs: number; toMs?: number; gateId?: string };

/** The projection's working record of one attempt (read-only to everyone else). */
export type TrackedAttempt = {
  id: string;
  nodeId: string;
  attempt: number;
  outcome: AttemptOutcome;
  startedAtMs: number | undefined;
  endedAtMs: number | undefined;
  retryQueuedAtMs: number | undefined;
  waits: OpenWait[];
  notRunReason: string | undefined;
  row: number;
  frame: number | undefined;
  /** A not-run attempt inferred from the run's end: a late event about the node replaces it. */
  inferred: true | undefined;
};

/** Where cost starts counting toward an attempt: its opening row, or the retry row before it. */
export type CostBoundary = Readonly<{ row: number; attempt: number }>;

type Track = { attempts: TrackedAttempt[]; open: TrackedAttempt | undefined; retryQueuedAtMs: number | undefined; costFrom: CostBoundary[] };
type At = Readonly<{ ms: number | undefined; row: number; frame: number | undefined; event: RunEvent }>;
type LogLike = Readonly<{ length: number; firstRow: number; at: (index: number) => { event: RunEvent } | undefined }>;

const RUN_WIDE: ReadonlySet<RunEvent['type']> = new Set(['run.completed', 'run.failed', 'run.cancelled', 'graph.defined']);

export class AttemptProjection {
  readonly attempts: TrackedAttempt[] = [];
  readonly tracks = new Map<string, Track>();
  readonly declaredAtMs = new Map<string, number>();
  runStartedAtMs: number | undefined;
  runEndedAtMs: number | undefined;
  /** Bumped on every change, so readers re-derive only when something happened. */
  version = 0;
  private nodes: Record<string, NodeState> = {};
  /** The run's end as the node-status reducer reads it (set even when the end carried no time). */
  private end: RunEnd;
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
    Object.assign(this, new AttemptProjection());
    this.read = from;
    this.version = version + 1;
  }

  private apply(event: RunEvent, row: number) {
    if (event.atMs !== undefined && Number.isFinite(event.atMs)) this.clock = event.atMs;
    const at: At = { ms: this.clock, row, frame: event.frame, event };
    if (RUN_WIDE.has(event.type)) return this.applyRunWide(event, at);
    if (event.type === 'run.started' && at.ms !== undefined) this.runStartedAtMs ??= at.ms;
    const nodeId = 'nodeId' in event ? event.nodeId : undefined;
    if (nodeId === undefined) return;
    const before = this.nodes[nodeId];
    const after = nextNodeState(before, event, this.end);
    if (!after) return;
    this.nodes[nodeId] = after;
    if (after !== before) this.transition(nodeId, before, after, at);
    if (event.type === 'gate.opened') this.nameWait(nodeId, event.gateId);
  }

  /** Run ends and graphs change many nodes at once: the reducer's own step on this projection's entries, then each node that moved. */
  private applyRunWide(event: RunEvent, at: At) {
    const nodes = this.nodes;
    const before = new Map<string, NodeState | undefined>();
    this.end = applyNodeEvent(
      {
        get: (id) => nodes[id],
        put: (id, state) => {
          if (!before.has(id)) before.set(id, nodes[id]);
          nodes[id] = state;
        },
        ids: () => Object.keys(nodes),
      },
      event,
      this.end,
    );
    if (event.type === 'graph.defined' && at.ms !== undefined) for (const node of event.nodes) if (!this.declaredAtMs.has(node.id)) this.declaredAtMs.set(node.id, at.ms);
    for (const [id, state] of Object.entries(nodes)) if (before.has(id) && state !== before.get(id)) this.transition(id, before.get(id), state, at);
    if (event.type === 'graph.defined') return;
    if (at.ms !== undefined) this.runEndedAtMs = at.ms;
    for (const track of this.tracks.values()) if (track.open) this.finish(track, at.ms, 'unfinished');
    this.version += 1;
  }

  private transition(nodeId: string, before: NodeState | undefined, after: NodeState, at: At) {
    const track = this.trackOf(nodeId);
    if (before?.leftAtRunEnd && !after.leftAtRunEnd) this.dropInferred(track);
    if (after.status === 'pending') return;
    if (after.status === 'retrying') return this.retry(track, nodeId, after, at);
    const current = this.attemptFor(track, nodeId, after, at);
    if (after.status === 'running' || after.status === 'waiting') {
      if (current !== track.open) return; // a late word about an attempt already closed
      closeWait(current, after.status === 'running' ? at.ms : undefined);
      if (after.status === 'waiting') openWait(current, at.ms);
      this.version += 1;
      return;
    }
    if (track.open === current) this.finish(track, at.ms, after.status);
    if (after.status === 'not_run') {
      if (after.reason) current.notRunReason = after.reason;
      if (after.leftAtRunEnd) current.inferred = true;
    }
  }

  /** The attempt `after` is in: the open one, or a new one when none is open for its number. */
  private attemptFor(track: Track, nodeId: string, after: NodeState, at: At): TrackedAttempt {
    const last = track.attempts.at(-1);
    if (last && last.attempt >= after.attempt) return track.open ?? last;
    if (track.open) this.finish(track, at.ms, 'retried');
    const queued = track.retryQueuedAtMs;
    track.retryQueuedAtMs = undefined;
    // Every key set, in one order: one object shape for thousands of attempts (see attempt-read.ts).
    const created: TrackedAttempt = {
      id: `${nodeId}#${after.attempt}`,
      nodeId,
      attempt: after.attempt,
      outcome: 'running',
      // A success we never saw start (a snapshot on joining late) ran for a time we do not know.
      startedAtMs: after.status === 'succeeded' ? undefined : at.ms,
      endedAtMs: undefined,
      retryQueuedAtMs: queued,
      waits: [],
      notRunReason: undefined,
      row: at.row,
      frame: at.frame,
      inferred: undefined,
    };
    track.attempts.push(created);
    this.attempts.push(created);
    track.open = created;
    if (track.costFrom.at(-1)?.attempt !== after.attempt) track.costFrom.push({ row: at.row, attempt: after.attempt });
    this.version += 1;
    return created;
  }

  /** A retry: the open attempt failed and another is queued; cost from here on is the next attempt's. */
  private retry(track: Track, nodeId: string, after: NodeState, at: At) {
    // A retry with no attempt seen: the attempt that failed still ran (zero-length, its start unknown).
    if (!track.open && track.attempts.length === 0) this.attemptFor(track, nodeId, after, at);
    this.finish(track, at.ms, 'retried');
    if (at.ms !== undefined) track.retryQueuedAtMs = at.ms;
    track.costFrom.push({ row: at.row, attempt: after.attempt + 1 });
    this.version += 1;
  }

  private finish(track: Track, atMs: number | undefined, outcome: AttemptOutcome, attempt = track.open) {
    if (!attempt) return;
    if (atMs !== undefined) attempt.endedAtMs = Math.max(atMs, attempt.startedAtMs ?? atMs);
    attempt.outcome = outcome;
    closeWait(attempt, attempt.endedAtMs);
    if (track.open === attempt) track.open = undefined;
    this.version += 1;
  }

  /** A gate opened on a node already waiting (a "waiting" status came first): the wait is the gate's. */
  private nameWait(nodeId: string, gateId: string) {
    const wait = this.tracks.get(nodeId)?.open?.waits.at(-1);
    if (wait && wait.toMs === undefined && wait.gateId === undefined) {
      wait.gateId = gateId;
      this.version += 1;
    }
  }

  private dropInferred(track: Track) {
    const last = track.attempts.at(-1);
    if (!last?.inferred) return;
    track.attempts.pop();
    track.costFrom.pop();
    const index = this.attempts.lastIndexOf(last);
    if (index >= 0) this.attempts.splice(index, 1);
    this.version += 1;
  }

  private trackOf(nodeId: string): Track {
    let track = this.tracks.get(nodeId);
    if (!track) this.tracks.set(nodeId, (track = { attempts: [], open: undefined, retryQueuedAtMs: undefined, costFrom: [] }));
    return track;
  }
}

function openWait(attempt: TrackedAttempt, atMs: number | undefined) {
  const last = attempt.waits.at(-1);
  if (atMs !== undefined && (!last || last.toMs !== undefined)) attempt.waits.push({ fromMs: atMs });
}

function closeWait(attempt: TrackedAttempt, atMs: number | undefined) {
  const last = attempt.waits.at(-1);
  if (atMs !== undefined && last && last.toMs === undefined) last.toMs = Math.max(atMs, last.fromMs);
}
