/**
 * Replay's load pass: reads a recording ONCE, line by line, through the same ingest
 * pipeline as a live stream (create-ingest.ts), one frame at a time on the recording's own
 * clock, and keeps only what ingest made of each frame.
 *
 *   recording lines → parse one line → createIngest (clock = startedAt + t) → take() per frame
 *     → ReplayFrames (compact: events, issues, counters, clocks by frame)
 *   every `every` frames → those frames applied to the loader's stores (apply-batch.ts)
 *     → ReplaySnapshots (bounded in number, growing arrays shared between them)
 *
 * Nothing else is kept per frame: the parsed frame is let go once decoded, and the raw
 * frame is parsed again from its line when a view asks (recording-lines.ts). Seeking
 * (replay-cursor.ts) restores the nearest snapshot and re-applies at most `every` frames'
 * events: no frame is decoded twice. Deterministic: held frames wait exactly as long as
 * the recorded times say, never by a timer. After the last frame the clock runs on until
 * nothing waits any more, so the end shows what the person saw once the stream settled.
 * Nothing is sent: the pipeline's actions (refill, snapshot) are what live did, and their
 * replies are in the recording. Written only by src/session/create-replay-session.ts; no React.
 *
 * On the page's thread, in slices: the loop gives the page a turn every SLICE_MS
 * (lib/yield-to-page.ts), so opening a big recording shows its progress and answers input
 * instead of freezing. Why not a Web Worker (replay had one for parsing): what replay keeps
 * is the decoded events, which the views' stores need on this thread; a worker would have
 * to send all of them back, and structured-cloning a million events costs this thread
 * about what decoding them does, with both copies alive at once (the old worker sent the
 * parsed entries, and the page froze deserialising them). Decoding here, one line at a
 * time, lets each parsed frame go as soon as ingest has read it.
 */
import { toAuditEvent } from '@/protocol/audit-event';
import type { Dialect } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import { createTimeSlice } from '@/lib/yield-to-page';
import { EventLog } from '@/stores/event-log';
import type { NodeMap } from '@/stores/node-map';
import { createNodeStatusStore } from '@/stores/node-status-store';
import { createRunStore, type RunStore } from '@/stores/run-store';

import { applyBatch, type BatchTarget } from '@/ingest/apply-batch';
import type { Batch } from '@/ingest/batch';
import { createIngest, type Ingest } from '@/ingest/create-ingest';
import type { RecordedEntry, RecordingHeader } from '@/ingest/frame-log';
import type { RecordingProblem, RecordingReader } from '@/ingest/parse-recording';
import { ReplayFrames } from '@/ingest/replay-frames';
import { collectMarks, type ReplayMark } from '@/ingest/replay-marks';
import { captureSnapshot, fullState, ReplaySnapshots, snapshotEvery, type SnapshotList } from '@/ingest/replay-snapshots';
import { decodeKeyframes, KeyframeInvalid, readKeyframeIndex, type KeyframeBase, type KeyframeIndex } from '@/ingest/recording-keyframes';
import type { RecordingLines } from '@/ingest/recording-lines';

/** Lines decoded per call (one TextDecoder call per chunk, not per line). */
const CHUNK_LINES = 512;

export type ReplayTimeline = Readonly<{
  header: RecordingHeader;
  /** Number of received frames; positions run 0..total. */
  total: number;
  /** Recorded arrival time of each frame (ms since start). */
  times: Float64Array;
  /** What the stores got for each frame. */
  frames: ReplayFrames;
  /** snapshots.at(j) is the state at position j × snapshots.every. */
  snapshots: SnapshotList;
  /** The loader's log, run to the end: forward seeks copy rows from it. */
  log: EventLog;
  /** The recording's bytes: raw frames by index, and the export. */
  lines: RecordingLines;
  /** Lines before a keyframed recording's keyframes (all of them in a plain one). */
  plainLines: number;
  marks: readonly ReplayMark[];
  /** Lines that could not be read, with their 1-based numbers. */
  problems: readonly RecordingProblem[];
  /** The loader's run store at the end (tests compare a seek to it). */
  loaded: Readonly<{ run: RunStore; byId: () => NodeMap }>;
}>;

export type BuildReplayOptions = Readonly<{
  dialect: Dialect;
  header: RecordingHeader;
  lines: RecordingLines;
  /** Has read line 1 (the header); reads the rest. */
  reader: RecordingReader;
  runId: string;
  /** Called between slices with lines read so far. */
  onProgress?: (done: number, total: number) => void;
}>;

type Load = {
  readonly ingest: Ingest;
  loader: BatchTarget;
  readonly clock: { now: number };
  readonly frames: ReplayFrames;
  snapshots: ReplaySnapshots;
  /** A keyframed recording's snapshots, once its keyframes are read (they replace `snapshots`). */
  keyframes?: SnapshotList;
  readonly marks: ReplayMark[];
  /** Frames applied to the loader so far. */
  applied: number;
  /** A keyframed recording: the frames fill only the loader's log, the keyframes give the stores. */
  keyed: boolean;
  /** The chapter open at the end of the loader's log (keyed: no run store counts them). */
  chapter: number;
};

function createLoad({ dialect, header, runId }: BuildReplayOptions, frameLines: number, keyed: boolean): Load {
  const clock = { now: Date.parse(header.startedAt) || 0 };
  const loader = { log: new EventLog(), run: createRunStore({ runId, dialect: dialect.id, source: header.source }), nodeStatus: createNodeStatusStore() };
  const load: Load = {
    ingest: createIngest({ dialect, runId, now: () => clock.now }),
    loader,
    clock,
    frames: new ReplayFrames(frameLines),
    snapshots: new ReplaySnapshots(snapshotEvery(frameLines)),
    marks: [],
    applied: 0,
    keyed,
    chapter: -1,
  };
  load.snapshots.add(captureSnapshot(0, loader));
  return load;
}

export async function buildReplay(options: BuildReplayOptions): Promise<ReplayTimeline> {
  const { header, lines, reader } = options;
  const index = readKeyframeIndex(lines);
  const plainLines = index ? index.firstLine : lines.count;
  const startedAtMs = Date.parse(header.startedAt) || 0;
  const load = createLoad(options, plainLines, index !== undefined);
  const base = { run: fullState(load.loader.run), byId: load.loader.nodeStatus.getState().byId };
  const slice = createTimeSlice();
  for (let from = 1; from < plainLines; from += CHUNK_LINES) {
    lines.lines(from, Math.min(plainLines, from + CHUNK_LINES)).forEach((raw, i) => {
      const entry = reader.read(raw, from + i + 1);
      if (entry) readEntry(load, entry, startedAtMs, () => lines.noteFrame(from + i));
    });
    if (slice.due()) {
      options.onProgress?.(Math.min(lines.count, from + CHUNK_LINES), lines.count);
      await slice.yield();
    }
  }
  finish(load);
  if (index) await settleKeyframes(load, { lines, index, base, reader, slice });
  options.onProgress?.(lines.count, lines.count);
  const { loader, frames, marks } = load;
  const snapshots = load.keyframes ?? load.snapshots;
  return {
    header,
    total: frames.length,
    times: frames.times,
    frames,
    snapshots,
    log: loader.log,
    lines,
    plainLines,
    marks,
    problems: reader.problems,
    loaded: { run: loader.run, byId: () => loader.nodeStatus.getState().byId },
  };
}

function readEntry(load: Load, entry: RecordedEntry, startedAtMs: number, noteFrame: () => void): void {
  const { ingest, clock, frames } = load;
  clock.now = startedAtMs + entry.t;
  if (!('frame' in entry)) return replayNonFrame(entry, ingest);
  ingest.tick();
  ingest.feed(entry.frame, frames.length);
  noteFrame();
  const batch = ingest.take();
  frames.push(batch, clock.now, entry.t);
  const position = frames.length;
  if (batch) collectMarks(batch.events, position, load.marks);
  if (position % load.snapshots.every === 0) {
    applyUpTo(load, position);
    if (!load.keyed) load.snapshots.add(captureSnapshot(position, load.loader));
  }
}

/** Applies the frames read since the loader was last brought up to date (keyed: to its log only). */
function applyUpTo(load: Load, position: number): void {
  const from = load.applied;
  load.applied = position;
  // Keyed, the log takes only the events: no need to sum every frame's counters into a batch.
  if (load.keyed) return appendToLog(load, load.frames.eventsOf(from, position));
  const batch = load.frames.batchOf(from, position);
  if (batch) applyTo(load, batch);
}

function appendToLog(load: Load, events: readonly RunEvent[]): void {
  load.loader.log.appendAll(events, load.chapter);
  for (const event of events) if (event.type === 'chapter.started') load.chapter += 1;
}

function applyTo(load: Load, batch: Batch): void {
  if (load.keyed) return appendToLog(load, batch.events);
  applyBatch(load.loader, batch);
  noteActivity(load.loader.run, batch.atMs);
}

type TimeSlice = ReturnType<typeof createTimeSlice>;
type Keyed = Readonly<{ lines: RecordingLines; index: KeyframeIndex; base: KeyframeBase; reader: RecordingReader; slice: TimeSlice }>;

/** The stores from the keyframes; when one does not fit, from the frames, as a plain recording opens (and says so). */
async function settleKeyframes(load: Load, { lines, index, base, reader, slice }: Keyed): Promise<void> {
  const { log, run, nodeStatus } = load.loader;
  const frames = { total: load.frames.length, every: load.snapshots.every, logLength: log.length, logRevision: log.revision };
  try {
    const decoded = await decodeKeyframes(lines, index, base, frames, slice);
    load.keyframes = decoded.snapshots;
    run.getState().actions.restore(decoded.end.run);
    nodeStatus.getState().actions.restore(decoded.end.byId);
  } catch (error) {
    if (!(error instanceof KeyframeInvalid)) throw error;
    reader.problems.push({ line: index.firstLine + 1, reason: `keyframes ignored (${error.message}): the run was replayed from its frames instead`, keyframes: true });
    await replayStores(load, slice);
  }
}

/** The loader and snapshots built again from the decoded frames, as for a plain recording. */
async function replayStores(load: Load, slice: TimeSlice): Promise<void> {
  const { runId, dialect, source } = load.loader.run.getState();
  load.loader = { log: new EventLog(), run: createRunStore({ runId, dialect, source }), nodeStatus: createNodeStatusStore() };
  load.keyed = false;
  load.applied = 0;
  const { every } = load.snapshots;
  load.snapshots = new ReplaySnapshots(every);
  load.snapshots.add(captureSnapshot(0, load.loader));
  const total = load.frames.length;
  for (let position = every; position <= total; position += every) {
    applyUpTo(load, position);
    load.snapshots.add(captureSnapshot(position, load.loader));
    if (slice.due()) await slice.yield();
  }
  if (load.applied < total) applyUpTo(load, total);
  load.snapshots.finish(fullState(load.loader.run));
}

/** The stream settles, the last frame gets what that released, and the loader reaches the end. */
function finish(load: Load): void {
  const { ingest, clock, frames, snapshots, loader } = load;
  const total = frames.length;
  runClockOut(ingest, clock);
  const tail = total > 0 ? ingest.take() : undefined;
  if (tail) {
    frames.amendLast(tail);
    collectMarks(tail.events, total, load.marks);
  }
  // The loader had the last frame already, without what settling released.
  if (load.applied < total) applyUpTo(load, total);
  else if (tail) applyTo(load, tail);
  if (load.keyed) return;
  if (total > 0 && total % snapshots.every === 0) snapshots.replaceLast(captureSnapshot(total, loader));
  snapshots.finish(fullState(loader.run));
}

/** Commands (read as live read them), reconnects and audit rows: what live recorded besides frames. */
function replayNonFrame(entry: RecordedEntry, ingest: Ingest): void {
  if ('out' in entry) ingest.outbound(entry.out);
  else if ('connection' in entry) ingest.newConnection();
  else if ('audit' in entry) {
    const event = toAuditEvent(entry.audit);
    if (event) ingest.local(event);
  }
}

/** After the last frame the clock runs on until nothing waits (bounded: each step declares at least one hole). */
function runClockOut(ingest: Ingest, clock: { now: number }): void {
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
