/**
 * The only place that builds a replay: a recording's bytes → its header → the same ingest
 * as live (decoded once, build-replay.ts) → a RunSession in `replay` mode whose stores a
 * cursor moves to any frame. Nothing is ever sent: the bound commands refuse, so a gate or
 * a control in a replay cannot reach a backend.
 */
import { buildReplay, type ReplayTimeline } from '@/ingest/build-replay';
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
  /** The recording as read: its bytes (a file, a fetched body) or its text. */
  recording: Uint8Array | string;
  onProgress?: (done: number, total: number) => void;
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

/** The run a recording is of, from the first frame that names one (reads lines until then, and lets them go). */
function inferRunId(dialect: Dialect, lines: RecordingLines): string | undefined {
  const runIdOf = dialect.runIdOf;
  if (!runIdOf) return undefined;
  const reader = createRecordingReader();
  for (let i = 1; i < lines.count; i++) {
    const entry = reader.read(lines.line(i), i + 1);
    const runId = entry && 'frame' in entry ? runIdOf(entry.frame) : undefined;
    if (runId !== undefined) return runId;
  }
  return undefined;
}

async function readHeader(lines: RecordingLines, reader: RecordingReader) {
  if (lines.count > 0) reader.read(lines.line(0), 1);
  const header = reader.header;
  if (!header) throw new RecordingUnreadable('This file is not a Runboard recording: its first line is not a valid header.', reader.problems);
  const dialect = await loadDialect(header.dialect);
  if (!dialect) throw new RecordingUnreadable(`This recording is of an unknown dialect "${header.dialect}".`, reader.problems);
  return { header, dialect };
}

export async function createReplaySession(options: ReplaySessionOptions): Promise<ReplaySession> {
  const lines = typeof options.recording === 'string' ? RecordingLines.fromText(options.recording) : new RecordingLines(options.recording);
  const reader = createRecordingReader();
  const { header, dialect } = await readHeader(lines, reader);
  // The header's runId is Runboard's own addition: a recording from elsewhere names the run only in its frames.
  const runId = header.runId ?? inferRunId(dialect, lines) ?? 'recording';
  const timeline = await buildReplay({ dialect, header, lines, reader, runId, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
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
