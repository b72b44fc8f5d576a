/**
 * Replay's load pass: decodes a recording ONCE, through the same createIngest (decoder +
 * sequencer) as a live stream, one frame at a time on the recording's own clock.
 *
 *   recorded frames → createIngest (manual expiry, flush per frame) → loader stores
 *                                  └ onFlush → payloads[frame]  (what the stores got)
 *   every SNAPSHOT_EVERY frames   → snapshot {run state, log checkpoint, node byId}
 *
 * Seeking (replay-cursor.ts) then restores the nearest snapshot and re-applies at most
 * SNAPSHOT_EVERY cached payloads: no frame is decoded twice, so seeking costs O(K) at any
 * length. Deterministic: the clock is `startedAt + t`, and held frames expire when the
 * recorded time says the grace period ran out (never by a timer). After the last frame
 * the clock runs on by the grace period, so the end shows what the person saw once the
 * stream settled. Written only by app/create-replay-session.ts; no React.
 */
import { toAuditEvent } from '@/protocol/audit-event';
import type { Dialect } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import type { LogCheckpoint, EventLog } from '@/stores/event-log';
import { createStore } from 'zustand';

import type { NodeMap } from '@/stores/reduce-node-status';
import { createNodeStatusStore, type NodeStatusState, type NodeStatusStore } from '@/stores/node-status-store';
import { createRunStore, initialRunState, type RunStore, type RunStoreState } from '@/stores/run-store';
import type { RunState } from '@/stores/run-types';

import { createIngest, type FlushedBatch } from '@/ingest/create-ingest';
import { FrameLog, type RecordedEntry, type RecordingHeader } from '@/ingest/frame-log';

/** Frames between snapshots: a seek re-applies at most this many cached batches. */
export const SNAPSHOT_EVERY = 128;
const GRACE_MS = 750;
const YIELD_EVERY = 1_000;

export type ReplayMarkKind = 'chapter' | 'gate' | 'failure';
/** Something worth jumping to; `position` counts frames applied (the frame index + 1). */
export type ReplayMark = Readonly<{ kind: ReplayMarkKind; position: number; label: string }>;

export type ReplaySnapshot = Readonly<{ position: number; run: RunState; checkpoint: LogCheckpoint; byId: NodeMap }>;

export type ReplayTimeline = Readonly<{
  header: RecordingHeader;
  /** Number of received frames; positions run 0..total. */
  total: number;
  /** Recorded arrival time of each frame (ms since start). */
  times: readonly number[];
  /** What the stores got for each frame, by frame index. */
  payloads: readonly FlushedBatch[];
  /** snapshots[j] is the state at position j * SNAPSHOT_EVERY. */
  snapshots: readonly ReplaySnapshot[];
  /** The loader's log, run to the end: forward seeks copy rows from it. */
  log: EventLog;
  frames: FrameLog;
  marks: readonly ReplayMark[];
  /** The loader's run store at the end (tests compare a seek to it). */
  loaded: Readonly<{ run: RunStore; byId: () => NodeMap }>;
}>;

export type BuildReplayOptions = Readonly<{
  dialect: Dialect;
  header: RecordingHeader;
  entries: readonly RecordedEntry[];
  runId: string;
  /** Called between chunks with frames decoded so far. */
  onProgress?: (done: number, total: number) => void;
}>;

export async function buildReplay(options: BuildReplayOptions): Promise<ReplayTimeline> {
  const { dialect, header, entries, runId } = options;
  const startedAtMs = Date.parse(header.startedAt) || 0;
  const frames = new FrameLog(header, startedAtMs, Number.MAX_SAFE_INTEGER);
  const identity = { runId, dialect: dialect.id, source: header.source };
  const run = createRunStore(identity);
  const nodeStatus = createNodeStatusStore();
  let clock = startedAtMs;
  const flushed: FlushedBatch[] = [];
  const sink = createSink(identity);
  const ingest = createIngest({
    dialect, run: sink.run, nodeStatus: sink.nodeStatus, frames, runId,
    schedule: () => {},
    now: () => clock,
    manualExpiry: true,
    graceMs: GRACE_MS,
    onFlush: (batch) => flushed.push(batch),
  });
  const total = entries.reduce((n, e) => n + ('frame' in e ? 1 : 0), 0);
  const times: number[] = [];
  const payloads: FlushedBatch[] = [];
  const snapshots: ReplaySnapshot[] = [snapshot(0, run, nodeStatus.getState().byId)];
  const marks: ReplayMark[] = [];
  for (const entry of entries) {
    clock = startedAtMs + entry.t;
    if ('out' in entry) {
      frames.addCommand(entry.out, clock);
      continue;
    }
    if ('connection' in entry) {
      ingest.newEpoch();
      continue;
    }
    if ('audit' in entry) {
      const event = toAuditEvent(entry.audit);
      if (event) ingest.acceptLocal(event);
      frames.addAudit(entry.audit, clock);
      continue;
    }
    ingest.expireHeld();
    ingest.acceptFrame(entry.frame);
    if (times.length === total - 1) {
      clock += GRACE_MS;
      ingest.expireHeld();
    }
    ingest.flushNow();
    const payload = mergeBatches(flushed.splice(0), clock);
    payloads.push(payload);
    times.push(entry.t);
    const position = times.length;
    collectMarks(payload.events, position, marks);
    if (position % SNAPSHOT_EVERY === 0 || position === total) {
      applyBatch(run, nodeStatus, mergeBatches(payloads.slice(position - (position % SNAPSHOT_EVERY || SNAPSHOT_EVERY)), clock));
    }
    if (position % SNAPSHOT_EVERY === 0) snapshots.push(snapshot(position, run, nodeStatus.getState().byId));
    if (position % YIELD_EVERY === 0) {
      options.onProgress?.(position, total);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  ingest.dispose();
  options.onProgress?.(total, total);
  const log = run.getState().log;
  return { header, total, times, payloads, snapshots, log, frames, marks, loaded: { run, byId: () => nodeStatus.getState().byId } };
}

/**
 * Where createIngest writes during the load pass: nothing. The loader's real stores get
 * each SNAPSHOT_EVERY frames' batches at once (a fold: same state, one copy of `byId` per
 * K frames instead of one per frame, which made long runs with many nodes quadratic).
 */
function createSink(identity: Parameters<typeof initialRunState>[0]): { run: RunStore; nodeStatus: NodeStatusStore } {
  const noop = () => {};
  const run = createStore<RunStoreState>()(() => ({
    ...initialRunState(identity),
    actions: { applyEvents: noop, recordIssues: noop, addStats: noop, setConnection: noop, setHealth: noop, restore: noop },
  }));
  const nodeStatus = createStore<NodeStatusState>()(() => ({ byId: {}, actions: { applyEvents: noop, restore: noop } }));
  return { run, nodeStatus };
}

/** Applies one batch to a pair of stores exactly as ingest's flush does. */
export function applyBatch(run: RunStore, nodeStatus: NodeStatusStore, batch: FlushedBatch): void {
  const actions = run.getState().actions;
  if (batch.events.length > 0) {
    actions.applyEvents(batch.events);
    nodeStatus.getState().actions.applyEvents(batch.events);
  }
  actions.recordIssues(batch.issues);
  const { stats } = batch;
  if (stats.frames || stats.duplicates || stats.rejected || stats.gaps) actions.addStats(stats);
  actions.setHealth({ lastActivityAtMs: batch.atMs, stale: false });
}

/** Optional keys are written out so restoring over a later state clears them. */
function snapshot(position: number, run: RunStore, byId: NodeMap): ReplaySnapshot {
  const { actions: _actions, ...state } = run.getState();
  const full: RunState = { title: undefined, startedAtMs: undefined, endedAtMs: undefined, error: undefined, ...state } as RunState;
  return { position, run: full, checkpoint: state.log.checkpoint(), byId };
}

/** One frame normally flushes once; an expiry before it adds a second batch. */
export function mergeBatches(batches: readonly FlushedBatch[], atMs: number): FlushedBatch {
  if (batches.length === 1 && batches[0]) return batches[0];
  const events: RunEvent[] = [];
  const issues: FlushedBatch['issues'][number][] = [];
  const stats = { frames: 0, duplicates: 0, rejected: 0, gaps: 0 };
  let last = atMs;
  for (const batch of batches) {
    events.push(...batch.events);
    issues.push(...batch.issues);
    stats.frames += batch.stats.frames;
    stats.duplicates += batch.stats.duplicates;
    stats.rejected += batch.stats.rejected;
    stats.gaps += batch.stats.gaps;
    last = batch.atMs;
  }
  return { events, issues, stats, atMs: last };
}

function collectMarks(events: readonly RunEvent[], position: number, marks: ReplayMark[]) {
  for (const event of events) {
    if (event.type === 'chapter.started') marks.push({ kind: 'chapter', position, label: event.title });
    else if (event.type === 'gate.opened') marks.push({ kind: 'gate', position, label: event.message });
    else if (event.type === 'node.failed') marks.push({ kind: 'failure', position, label: `${event.nodeId} failed` });
    else if (event.type === 'run.failed') marks.push({ kind: 'failure', position, label: 'run failed' });
  }
}
