/**
 * Replay's load pass: reads a recording ONCE, through the same ingest pipeline as a live
 * stream (create-ingest.ts), one frame at a time on the recording's own clock.
 *
 *   recorded frames → createIngest (clock = startedAt + t) → take() per frame → payloads[frame]
 *   every SNAPSHOT_EVERY frames → the payloads since the last snapshot applied to the
 *                                 loader's stores (apply-batch.ts) → snapshot {run, log checkpoint, byId}
 *
 * Seeking (replay-cursor.ts) then restores the nearest snapshot and re-applies at most
 * SNAPSHOT_EVERY cached payloads: no frame is read twice, so seeking costs O(K) at any
 * length. Deterministic: held frames wait exactly as long as the recorded times say, never
 * by a timer. After the last frame the clock runs on until nothing waits any more, so the
 * end shows what the person saw once the stream settled. Nothing is sent: the pipeline's
 * actions (refill, snapshot) are what live did, and their replies are in the recording.
 * Written only by app/create-replay-session.ts; no React.
 */
import { toAuditEvent } from '@/protocol/audit-event';
import type { Dialect } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import { EventLog, type LogCheckpoint } from '@/stores/event-log';
import type { NodeMap } from '@/stores/reduce-node-status';
import { createNodeStatusStore } from '@/stores/node-status-store';
import { createRunStore, type RunStore } from '@/stores/run-store';
import type { RunState } from '@/stores/run-types';

import { applyBatch, type BatchTarget } from '@/ingest/apply-batch';
import { mergeBatches, NO_STATS, type Batch } from '@/ingest/batch';
import { createIngest, type Ingest } from '@/ingest/create-ingest';
import { FrameLog, type RecordedEntry, type RecordingHeader } from '@/ingest/frame-log';

/** Frames between snapshots: a seek re-applies at most this many cached batches. */
export const SNAPSHOT_EVERY = 128;
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
  payloads: readonly Batch[];
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
  /** Called between chunks with frames read so far. */
  onProgress?: (done: number, total: number) => void;
}>;

const EMPTY_BATCH: Batch = { events: [], issues: [], stats: NO_STATS, atMs: 0 };

export async function buildReplay(options: BuildReplayOptions): Promise<ReplayTimeline> {
  const { dialect, header, entries, runId } = options;
  const startedAtMs = Date.parse(header.startedAt) || 0;
  const frames = new FrameLog(header, startedAtMs, Number.MAX_SAFE_INTEGER);
  const loader: BatchTarget = { log: new EventLog(), run: createRunStore({ runId, dialect: dialect.id, source: header.source }), nodeStatus: createNodeStatusStore() };
  const clock = { now: startedAtMs };
  const ingest = createIngest({ dialect, runId, now: () => clock.now });
  const total = entries.reduce((n, e) => n + ('frame' in e ? 1 : 0), 0);
  const times: number[] = [];
  const payloads: Batch[] = [];
  const snapshots: ReplaySnapshot[] = [snapshot(0, loader)];
  const marks: ReplayMark[] = [];
  for (const entry of entries) {
    clock.now = startedAtMs + entry.t;
    if (!('frame' in entry)) {
      replayNonFrame(entry, ingest, frames, clock.now);
      continue;
    }
    ingest.tick();
    ingest.accept(entry.frame, frames.addFrame(entry.frame, clock.now));
    if (times.length === total - 1) settle(ingest, clock);
    const payload = ingest.take() ?? { ...EMPTY_BATCH, atMs: clock.now };
    payloads.push(payload);
    times.push(entry.t);
    const position = times.length;
    collectMarks(payload.events, position, marks);
    if (position % SNAPSHOT_EVERY === 0 || position === total) {
      applyBatch(loader, mergeBatches(payloads.slice(position - (position % SNAPSHOT_EVERY || SNAPSHOT_EVERY)), clock.now));
      noteActivity(loader.run, clock.now);
    }
    if (position % SNAPSHOT_EVERY === 0) snapshots.push(snapshot(position, loader));
    if (position % YIELD_EVERY === 0) {
      options.onProgress?.(position, total);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  options.onProgress?.(total, total);
  return { header, total, times, payloads, snapshots, log: loader.log, frames, marks, loaded: { run: loader.run, byId: () => loader.nodeStatus.getState().byId } };
}

/** Commands (read as live read them), reconnects and audit rows: what live recorded besides frames. */
function replayNonFrame(entry: RecordedEntry, ingest: Ingest, frames: FrameLog, atMs: number): void {
  if ('out' in entry) {
    frames.addCommand(entry.out, atMs);
    ingest.outbound(entry.out);
  } else if ('connection' in entry) {
    ingest.newConnection();
    frames.addConnection(entry.connection, atMs);
  } else if ('audit' in entry) {
    const event = toAuditEvent(entry.audit);
    if (event) ingest.local(event);
    frames.addAudit(entry.audit, atMs);
  }
}

/** After the last frame the clock runs on until nothing waits (bounded: each step declares at least one hole). */
function settle(ingest: Ingest, clock: { now: number }): void {
  for (let step = 0; step < 100; step++) {
    const due = ingest.nextDeadlineMs();
    if (due === undefined) return;
    clock.now = Math.max(clock.now, due);
    ingest.tick();
  }
}

/** The replay's "last heard from the stream" is the recorded time (the header's clock reads it). */
export function noteActivity(run: RunStore, atMs: number): void {
  run.getState().actions.setHealth({ lastActivityAtMs: atMs, stale: false });
}

/** Optional keys are written out so restoring over a later state clears them. */
function snapshot(position: number, { log, run, nodeStatus }: BatchTarget): ReplaySnapshot {
  const { actions: _actions, ...state } = run.getState();
  const full: RunState = { title: undefined, startedAtMs: undefined, endedAtMs: undefined, error: undefined, ...state } as RunState;
  return { position, run: full, checkpoint: log.checkpoint(), byId: nodeStatus.getState().byId };
}

function collectMarks(events: readonly RunEvent[], position: number, marks: ReplayMark[]) {
  for (const event of events) {
    if (event.type === 'chapter.started') marks.push({ kind: 'chapter', position, label: event.title });
    else if (event.type === 'gate.opened') marks.push({ kind: 'gate', position, label: event.message });
    else if (event.type === 'node.failed') marks.push({ kind: 'failure', position, label: `${event.nodeId} failed` });
    else if (event.type === 'run.failed') marks.push({ kind: 'failure', position, label: 'run failed' });
  }
}
