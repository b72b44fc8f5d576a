/**
 * Reads a recording (DESIGN.md "Recordings": JSON Lines, a header line, then one line per
 * received frame `{t, frame}` or outbound command `{t, out}`, plus `{t, connection}` where
 * the transport reconnected) into typed entries.
 *
 * Pure and tolerant: a line that is not JSON, is cut off, or has the wrong shape is
 * reported with its 1-based line number and skipped; every good line still loads. A
 * missing or broken header is a problem too, and the recording still opens when a
 * dialect can be named some other way (the caller decides). Used in a Web Worker for
 * big files (recording.worker.ts) and in-thread where Worker does not exist.
 */
import type { RecordedEntry, RecordingHeader } from '@/ingest/frame-log';

export type RecordingProblem = Readonly<{ line: number; reason: string }>;

export type ParsedRecording = Readonly<{
  header: RecordingHeader | undefined;
  entries: RecordedEntry[];
  problems: RecordingProblem[];
  /** Received frame lines (entries minus commands). */
  frames: number;
}>;

/** Lines per progress report and per cooperative yield. */
export const PARSE_CHUNK_LINES = 2_000;

/** Splits into lines, dropping one trailing empty line (files end with "\n"). */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function parseRecording(text: string): ParsedRecording {
  const parser = createRecordingParser();
  const lines = splitLines(text);
  parser.addLines(lines, 0);
  return parser.result();
}

/** Incremental form: feed lines in chunks (the worker reports progress between them). */
export function createRecordingParser() {
  let header: RecordingHeader | undefined;
  const entries: RecordedEntry[] = [];
  const problems: RecordingProblem[] = [];
  let frames = 0;

  function addLine(raw: string, lineNumber: number) {
    const line = raw.trim();
    if (line === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problems.push({ line: lineNumber, reason: line.startsWith('{') && !line.endsWith('}') ? 'truncated JSON' : 'not JSON' });
      return;
    }
    if (lineNumber === 1) {
      const checked = toHeader(value);
      if (typeof checked === 'string') problems.push({ line: 1, reason: checked });
      else header = checked;
      if (typeof checked !== 'string' || isHeaderLike(value)) return;
    }
    const entry = toEntry(value);
    if (typeof entry === 'string') problems.push({ line: lineNumber, reason: entry });
    else {
      entries.push(entry);
      if ('frame' in entry) frames += 1;
    }
  }

  return {
    /** `firstIndex` is the 0-based index of lines[0] in the whole file. */
    addLines(lines: readonly string[], firstIndex: number): void {
      for (let i = 0; i < lines.length; i++) addLine(lines[i] ?? '', firstIndex + i + 1);
    },
    result(): ParsedRecording {
      return { header, entries, problems, frames };
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHeaderLike(value: unknown): boolean {
  return isRecord(value) && 'runboard' in value;
}

function toHeader(value: unknown): RecordingHeader | string {
  if (!isRecord(value) || !('runboard' in value)) return 'missing header (line 1 should be {"runboard": 1, "dialect": …})';
  if (value.runboard !== 1) return `unsupported recording version ${JSON.stringify(value.runboard)}`;
  const missing = ['dialect', 'transport', 'source', 'startedAt'].filter((key) => typeof value[key] !== 'string');
  if (missing.length > 0) return `header lacks ${missing.join(', ')}`;
  return {
    runboard: 1,
    dialect: value.dialect as string,
    transport: value.transport as string,
    source: value.source as string,
    startedAt: value.startedAt as string,
    ...(typeof value.runId === 'string' ? { runId: value.runId } : {}),
  };
}

function toEntry(value: unknown): RecordedEntry | string {
  if (!isRecord(value)) return 'not an object';
  const t = value.t;
  if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) return 'lacks "t" (ms since start)';
  if ('frame' in value) return { t, frame: value.frame };
  if ('out' in value) return { t, out: value.out };
  if (typeof value.connection === 'number') return { t, connection: value.connection };
  if ('audit' in value) return { t, audit: value.audit };
  return 'neither "frame", "out", "connection" nor "audit"';
}
