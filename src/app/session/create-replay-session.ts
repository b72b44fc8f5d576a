/**
 * The only place that builds a replay: a recording → the same ingest as live (decoded
 * once, build-replay.ts) → a RunSession in `replay` mode whose stores a cursor moves to
 * any frame. Nothing is ever sent: the bound commands refuse, so a gate or a control in a
 * replay cannot reach a backend.
 */
import { buildReplay, type ReplayMark, type ReplayTimeline } from '@/ingest/build-replay';
import type { RecordedEntry, RecordingHeader } from '@/ingest/frame-log';
import { createReplayCursor, type ReplayCursor } from '@/ingest/replay-cursor';
import type { Dialect } from '@/protocol/dialect';
import { dialectById } from '@/protocol/dialects';
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
}>;

export type ReplaySessionOptions = Readonly<{
  header: RecordingHeader;
  entries: readonly RecordedEntry[];
  /** The original text, so "Export recording" gives back exactly what was opened. */
  text?: string;
  onProgress?: (done: number, total: number) => void;
}>;

function inferRunId(dialect: Dialect, entries: readonly RecordedEntry[]): string | undefined {
  for (const entry of entries) {
    const runId = 'frame' in entry ? dialect.runIdOf?.(entry.frame) : undefined;
    if (runId !== undefined) return runId;
  }
  return undefined;
}

export async function createReplaySession(options: ReplaySessionOptions): Promise<ReplaySession> {
  const { header } = options;
  const dialect = dialectById(header.dialect);
  if (!dialect) throw new Error(`this recording is of an unknown dialect "${header.dialect}"`);
  // The header's runId is Runboard's own addition: a recording from elsewhere names the run only in its frames.
  const runId = header.runId ?? inferRunId(dialect, options.entries) ?? 'recording';
  const timeline = await buildReplay({ dialect, header, entries: options.entries, runId, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
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
    frameAt: (index) => timeline.frames.frameAt(index),
    exportRecording: () => options.text ?? timeline.frames.toJsonl(),
  };
  return { session, cursor, timeline, marks: timeline.marks };
}
