/**
 * Replay's load pass: reads a recording ONCE, line by line as its bytes arrive, through the
 * same ingest pipeline as a live stream (create-ingest.ts), one frame at a time on the
 * recording's own clock, and keeps only what ingest made of each frame.
 *
 *   recording lines (as they arrive) → parse one line → createIngest (clock = startedAt + t)
 *     → take() per frame → ReplayFrames (compact: events, issues, counters, clocks by frame)
 *   once the bytes end → the stores at every snapshot: from a keyframed recording's keyframes
 *     (the frames fill only the log), else the frames applied every `every` frames
 *     (apply-batch.ts) → ReplaySnapshots (bounded in number, growing arrays shared)
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
import { abortableSlice, createTimeSlice } from '@/lib/yield-to-page';
import { EventLog } from '@/stores/event-log';
import type { NodeMap } from '@/stores/node-map';
import { createNodeStatusStore } from '@/stores/node-status-store';
import { createRunStore, type RunStore } from '@/stores/run-store';

import { applyBatch, type BatchTarget } from '@/ingest/apply-batch';
import { createIngest, type Ingest } from '@/ingest/create-ingest';
import type { RecordedEntry, RecordingHeader } from '@/ingest/frame-log';
import type { RecordingProblem, RecordingReader } from '@/ingest/parse-recording';
import { ReplayFrames } from '@/ingest/replay-frames';
import { collectMarks, type ReplayMark } from '@/ingest/replay-marks';
import { captureSnapshot, fullState, ReplaySnapshots, snapshotEvery, type SnapshotList } from '@/ingest/replay-snapshots';
import { decodeKeyframes, KeyframeInvalid, looksLikeKeyframeLine, readKeyframeIndex, type KeyframeIndex } from '@/ingest/recording-keyframes';
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

/** How far opening has come: lines decoded, and the bytes they take of all there will be (when known). */
export type ReplayProgress = Readonly<{ lines: number; bytes: number; totalBytes?: number }>;

export type BuildReplayOptions = Readonly<{
  dialect: Dialect;
  header: RecordingHeader;
  lines: RecordingLines;
  /** Has read line 1 (the header); reads the rest. */
  reader: RecordingReader;
  runId: string;
  /**
   * For a recording still arriving: appends its next chunk to `lines` and says whether one
   * came (false: the bytes ended, and `lines` was told so). Absent: `lines` holds them all.
   */
  more?: () => Promise<boolean>;
  /** All the bytes there will be, when known (the progress a person sees). */
  totalBytes?: number;
  /** Called between slices. */
  onProgress?: (progress: ReplayProgress) => void;
  /** Aborts the open at its next turn (the page that wanted it has gone): buildReplay rejects with the signal's reason. A stream's `more` ends its own waits. */
  signal?: AbortSignal;
}>;

type Load = {
  readonly ingest: Ingest;
  loader: BatchTarget;
  readonly clock: { now: number };
  readonly startedAtMs: number;
  readonly frames: ReplayFrames;
  readonly marks: ReplayMark[];
  /** Frames applied to the loader so far. */
  applied: number;
  /** The chapter open at the end of the loader's log (a keyed load fills only the log; no run store counts them). */
  chapter: number;
};

function createLoad({ dialect, header, runId, lines }: BuildReplayOptions): Load {
  const startedAtMs = Date.parse(header.startedAt) || 0;
  const clock = { now: startedAtMs };
  return {
    ingest: createIngest({ dialect, runId, now: () => clock.now }),
    loader: freshLoader({ runId, dialect: dialect.id, source: header.source }),
    clock,
    startedAtMs,
    frames: new ReplayFrames(Math.max(1024, lines.count)),
    marks: [],
    applied: 0,
    chapter: -1,
  };
}

function freshLoader(run: Parameters<typeof createRunStore>[0]): BatchTarget {
  return { log: new EventLog(), run: createRunStore(run), nodeStatus: createNodeStatusStore() };
}

/**
 * Reads the frames as their lines arrive (all of them first, when the recording is whole),
 * then brings the stores to every snapshot: from a keyframed recording's keyframes, else by
 * applying the frames. The stores wait for the end because only the end says which (the
 * keyframes' index is the last line) and how far apart snapshots are (by the frame count).
 */
export async function buildReplay(options: BuildReplayOptions): Promise<ReplayTimeline> {
  const { header, lines, reader } = options;
  const load = createLoad(options);
  // Ended at a turn once aborted: a million-frame open is ten seconds of slices, which would run on behind a page that left.
  const slice = abortableSlice(createTimeSlice(), options.signal);
  const read = await readFrames(load, options, slice);
  settle(load);
  const index = read.keyframesAt === undefined ? undefined : readKeyframeIndex(lines);
  const keyed = index !== undefined && read.keyframesAt !== undefined && read.keyframesAt <= index.firstLine;
  const plainLines = keyed ? index.firstLine : lines.count;
  // Lines that only looked like keyframes (none the index names, or no index): read as any other line.
  if (plainLines > read.next) await readLines(load, options, slice, read.next, plainLines);
  const every = snapshotEvery(plainLines);
  const snapshots = keyed ? await storesFromKeyframes(load, { lines, index, reader, slice, every }) : await replayStores(load, every, slice);
  report(options, lines.count, lines.bytes.length);
  const { loader, frames, marks } = load;
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

type TimeSlice = ReturnType<typeof createTimeSlice>;

/** Reads frame lines as they arrive, up to the first that looks like a keyframe; then waits for the rest of the bytes. */
async function readFrames(load: Load, options: BuildReplayOptions, slice: TimeSlice): Promise<{ next: number; keyframesAt?: number }> {
  const { lines, more } = options;
  let next = 1;
  let keyframesAt: number | undefined;
  for (;;) {
    if (keyframesAt === undefined && next < lines.count) {
      const stop = await readLines(load, options, slice, next, lines.count, true);
      if (stop.keyframeAt !== undefined) keyframesAt = stop.keyframeAt;
      next = stop.next;
    }
    if (!more) break;
    // While the next bytes travel, the page says how far it got.
    report(options, next, lines.bytesBefore(next));
    if (!(await more())) break;
  }
  return keyframesAt === undefined ? { next } : { next, keyframesAt };
}

function report({ onProgress, totalBytes }: BuildReplayOptions, lines: number, bytes: number): void {
  onProgress?.({ lines, bytes, ...(totalBytes === undefined ? {} : { totalBytes }) });
}

/** Reads lines from..to-1 in chunks, giving the page its turns; `untilKeyframe`: stops before a keyframe line. */
async function readLines(load: Load, options: BuildReplayOptions, slice: TimeSlice, from: number, to: number, untilKeyframe = false): Promise<{ next: number; keyframeAt?: number }> {
  const { lines, reader } = options;
  for (let at = from; at < to; at += CHUNK_LINES) {
    const texts = lines.lines(at, Math.min(to, at + CHUNK_LINES));
    for (let i = 0; i < texts.length; i++) {
      const raw = texts[i] as string;
      const line = at + i;
      if (untilKeyframe && looksLikeKeyframeLine(raw)) return { next: line, keyframeAt: line };
      const entry = reader.read(raw, line + 1);
      if (entry) readEntry(load, entry, lines, line);
    }
    if (slice.due()) {
      const done = Math.min(to, at + CHUNK_LINES);
      report(options, done, lines.bytesBefore(done));
      await slice.yield();
    }
  }
  return { next: to };
}

function readEntry(load: Load, entry: RecordedEntry, lines: RecordingLines, line: number): void {
  const { ingest, clock, frames } = load;
  clock.now = load.startedAtMs + entry.t;
  if (!('frame' in entry)) return replayNonFrame(entry, ingest);
  ingest.tick();
  ingest.feed(entry.frame, frames.length);
  lines.noteFrame(line);
  // Copied into the frames (and read for marks) before the next frame is fed.
  const batch = ingest.takeTransient();
  frames.push(batch, clock.now, entry.t);
  if (batch) collectMarks(batch.events, frames.length, load.marks);
}

/** The stream settles after the last frame: the last frame gets what that released. */
function settle(load: Load): void {
  const { ingest, clock, frames } = load;
  runClockOut(ingest, clock);
  const tail = frames.length > 0 ? ingest.take() : undefined;
  if (!tail) return;
  frames.amendLast(tail);
  collectMarks(tail.events, frames.length, load.marks);
}

type Keyed = Readonly<{ lines: RecordingLines; index: KeyframeIndex; reader: RecordingReader; slice: TimeSlice; every: number }>;

/**
 * The stores from the keyframes (the frames fill only the loader's log); when one does not
 * fit, from the frames, as a plain recording opens (and says so).
 */
async function storesFromKeyframes(load: Load, { lines, index, reader, slice, every }: Keyed): Promise<SnapshotList> {
  const { log, run, nodeStatus } = load.loader;
  // The stores as a replay starts them: the first keyframe is a patch on these.
  const base = { run: fullState(run), byId: nodeStatus.getState().byId };
  await fillLog(load, slice);
  const frames = { total: load.frames.length, every, logLength: log.length, logRevision: log.revision };
  try {
    const decoded = await decodeKeyframes(lines, index, base, frames, slice);
    run.getState().actions.restore(decoded.end.run);
    nodeStatus.getState().actions.restore(decoded.end.byId);
    return decoded.snapshots;
  } catch (error) {
    if (!(error instanceof KeyframeInvalid)) throw error;
    reader.problems.push({ line: index.firstLine + 1, reason: `keyframes ignored (${error.message}): the run was replayed from its frames instead`, keyframes: true });
    return replayStores(load, every, slice);
  }
}

/** The loader's log gets every frame's events (a keyed load: its stores come from the keyframes). */
async function fillLog(load: Load, slice: TimeSlice): Promise<void> {
  const total = load.frames.length;
  for (let from = 0; from < total; from += CHUNK_LINES * 8) {
    const events = load.frames.eventsOf(from, Math.min(total, from + CHUNK_LINES * 8));
    load.loader.log.appendAll(events, load.chapter);
    for (const event of events) if (event.type === 'chapter.started') load.chapter += 1;
    if (slice.due()) await slice.yield();
  }
}

/** A fresh loader brought through the decoded frames, a snapshot every `every` frames, as a plain recording opens. */
async function replayStores(load: Load, every: number, slice: TimeSlice): Promise<SnapshotList> {
  const { runId, dialect, source } = load.loader.run.getState();
  load.loader = freshLoader({ runId, dialect, source });
  load.applied = 0;
  const snapshots = new ReplaySnapshots(every);
  snapshots.add(captureSnapshot(0, load.loader));
  const total = load.frames.length;
  for (let position = every; position <= total; position += every) {
    applyUpTo(load, position);
    snapshots.add(captureSnapshot(position, load.loader));
    if (slice.due()) await slice.yield();
  }
  if (load.applied < total) applyUpTo(load, total);
  snapshots.finish(fullState(load.loader.run));
  return snapshots;
}

/** Applies the frames read since the loader was last brought up to date. */
function applyUpTo(load: Load, position: number): void {
  const batch = load.frames.batchOf(load.applied, position);
  load.applied = position;
  if (!batch) return;
  applyBatch(load.loader, batch);
  noteActivity(load.loader.run, batch.atMs);
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
