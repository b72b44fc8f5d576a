/**
 * The only place that builds a replay: a recording's bytes → its header → the same ingest
 * as live (decoded once, build-replay.ts) → a RunSession in `replay` mode whose stores a
 * cursor moves to any frame. Nothing is ever sent: the bound commands refuse, so a gate or
 * a control in a replay cannot reach a backend.
 */
import { buildReplay, type ReplayProgress, type ReplayTimeline } from '@/ingest/build-replay';
import { keyframedRecording } from '@/ingest/keyframed-export';
import type { ReplayMark } from '@/ingest/replay-marks';
import { createRecordingReader, type RecordingProblem, type RecordingReader } from '@/ingest/parse-recording';
import { RecordingLines } from '@/ingest/recording-lines';
import { createReplayCursor, type ReplayCursor } from '@/ingest/replay-cursor';
import type { Dialect } from '@/protocol/dialect';
import { loadDialect } from '@/protocol/load-dialect';
import { EventLog } from '@/stores/event-log';
import { createGateAnswerStore } from '@/stores/gate-answer-store';
import { createNodeStatusStore } from '@/stores/node-status-store';
import type { RunSession } from '@/stores/run-session';
import { createRunStore } from '@/stores/run-store';

export type ReplaySession = Readonly<{
  session: RunSession;
  cursor: ReplayCursor;
  timeline: ReplayTimeline;
  marks: readonly ReplayMark[];
  /** Lines that could not be read (the rest loaded), with their 1-based numbers. */
  problems: readonly RecordingProblem[];
}>;

export type ReplaySessionOptions = Readonly<{
  /**
   * The recording: its bytes or its text, or a stream of its bytes (a fetched body, a file)
   * read as they arrive, so decoding goes on while the rest downloads.
   */
  recording: Uint8Array | string | ReadableStream<Uint8Array>;
  /** A stream's length in bytes, when known (its buffer is made that size once; the progress says how far). */
  size?: number;
  onProgress?: (progress: ReplayProgress) => void;
  /** Ends the open (it rejects with the signal's reason) once aborted: checked between slices of decoding. */
  signal?: AbortSignal;
}>;

/** The recording cannot be replayed at all (no header, an unknown dialect); `problems` lists the lines that failed. */
export class RecordingUnreadable extends Error {
  constructor(
    message: string,
    readonly problems: readonly RecordingProblem[],
  ) {
    super(message);
  }
}

/**
 * The run a recording is of, from the first frame that names one (reads lines until then,
 * and lets them go); a recording still arriving is read on until one does or it ends.
 */
async function inferRunId(dialect: Dialect, lines: RecordingLines, more: (() => Promise<boolean>) | undefined): Promise<string | undefined> {
  const runIdOf = dialect.runIdOf;
  if (!runIdOf) return undefined;
  const reader = createRecordingReader();
  for (let i = 1; ; i++) {
    while (i >= lines.count) if (!more || !(await more())) return undefined;
    const entry = reader.read(lines.line(i), i + 1);
    const runId = entry && 'frame' in entry ? runIdOf(entry.frame) : undefined;
    if (runId !== undefined) return runId;
  }
}

async function readHeader(lines: RecordingLines, reader: RecordingReader) {
  if (lines.count > 0) reader.read(lines.line(0), 1);
  const header = reader.header;
  if (!header) throw new RecordingUnreadable('This file is not a Runboard recording: its first line is not a valid header.', reader.problems);
  const dialect = await loadDialect(header.dialect);
  if (!dialect) throw new RecordingUnreadable(`This recording is of an unknown dialect "${header.dialect}".`, reader.problems);
  return { header, dialect };
}

/** The recording's lines, and for a stream the reader of its next chunk (false once it ended). */
function linesOf({ recording, size, signal }: ReplaySessionOptions): { lines: RecordingLines; more?: () => Promise<boolean> } {
  if (typeof recording === 'string') return { lines: RecordingLines.fromText(recording) };
  if (recording instanceof Uint8Array) return { lines: new RecordingLines(recording) };
  const lines = RecordingLines.receiving(size);
  const chunks = recording.getReader();
  // An abort ends a read still waiting for bytes (a stalled download), not only the next slice;
  // a signal aborted before the open began lets the download go at once (no abort event comes).
  const letGo = () => void chunks.cancel().catch(() => undefined);
  if (signal?.aborted) letGo();
  else signal?.addEventListener('abort', letGo, { once: true });
  const ahead: Promise<ReadableStreamReadResult<Uint8Array>>[] = [];
  const more = async (): Promise<boolean> => {
    while (ahead.length < READS_AHEAD) ahead.push(chunks.read());
    const { done, value } = await (ahead.shift() as Promise<ReadableStreamReadResult<Uint8Array>>);
    // Every wait for bytes ends here once aborted: the header's, the run id's and the decoding's.
    signal?.throwIfAborted();
    if (done) lines.end();
    else lines.append(value);
    return !done;
  };
  return { lines, more };
}

/**
 * Chunks asked for before they are needed: a file's stream in Chromium hands over 64 KB a
 * read, each a round trip to the browser process, and waited for one at a time the page sat
 * idle for a third of opening 100k frames (1.1 s of 3.4 s, profiled).
 */
const READS_AHEAD = 16;

export async function createReplaySession(options: ReplaySessionOptions): Promise<ReplaySession> {
  const { lines, more } = linesOf(options);
  options.signal?.throwIfAborted();
  if (more) while (lines.count < 1 && (await more()));
  const reader = createRecordingReader();
  const { header, dialect } = await readHeader(lines, reader);
  // The header's runId is Runboard's own addition: a recording from elsewhere names the run only in its frames.
  const runId = header.runId ?? (await inferRunId(dialect, lines, more)) ?? 'recording';
  const { onProgress, size, signal } = options;
  const timeline = await buildReplay({ dialect, header, lines, reader, runId, ...(more ? { more } : {}), ...(size === undefined ? {} : { totalBytes: size }), ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) });
  const log = new EventLog();
  const run = createRunStore({ runId, dialect: dialect.id, source: header.source });
  const nodeStatus = createNodeStatusStore();
  const cursor = createReplayCursor(timeline, { log, run, nodeStatus });
  const nothingSent = () => Promise.resolve({ ok: false as const, reason: 'replay: nothing is sent' });
  const session: RunSession = {
    runId,
    mode: 'replay',
    dialect,
    log,
    run,
    nodeStatus,
    answers: createGateAnswerStore(),
    answerGate: nothingSent,
    control: nothingSent,
    frameAt: (index) => lines.frameAt(index),
    exportRecording: () => keyframedRecording(timeline),
  };
  return { session, cursor, timeline, marks: timeline.marks, problems: timeline.problems };
}
