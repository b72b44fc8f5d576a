/**
 * Reads a recording (docs/ARCHITECTURE.md "Recordings": JSON Lines, a header line, then one line per
 * received frame `{t, frame}` or outbound command `{t, out}`, plus `{t, connection}` where
 * the transport reconnected) into typed entries.
 *
 * Pure and tolerant: a line that is not JSON, is cut off, or has the wrong shape is
 * reported with its 1-based line number and skipped; every good line still loads. A
 * missing or broken header is a problem too, and the recording still opens when a
 * dialect can be named some other way (the caller decides). Replay reads line by line
 * (createRecordingReader, build-replay.ts); parseRecording reads a whole text at once.
 */
import type { RecordedEntry, RecordingHeader } from '@/ingest/frame-log';

/** `keyframes`: the recording's keyframes were not used (the frames replayed the run: nothing is missing, it only opened slower). */
export type RecordingProblem = Readonly<{ line: number; reason: string; keyframes?: true }>;

export type ParsedRecording = Readonly<{
  header: RecordingHeader | undefined;
  entries: RecordedEntry[];
  problems: RecordingProblem[];
  /** Received frame lines (entries minus commands). */
  frames: number;
}>;

/** Splits into lines, dropping one trailing empty line (files end with "\n"). */
function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function parseRecording(text: string): ParsedRecording {
  const reader = createRecordingReader();
  const entries: RecordedEntry[] = [];
  let frames = 0;
  splitLines(text).forEach((line, i) => {
    const entry = reader.read(line, i + 1);
    if (!entry) return;
    entries.push(entry);
    if ('frame' in entry) frames += 1;
  });
  return { header: reader.header, entries, problems: reader.problems, frames };
}

export type RecordingReader = Readonly<{
  readonly header: RecordingHeader | undefined;
  readonly problems: RecordingProblem[];
  /** The entry on this line (1-based `lineNumber`); undefined for the header, a blank line or a problem (noted). */
  read: (raw: string, lineNumber: number) => RecordedEntry | undefined;
}>;

/** Reads a recording one line at a time, so a caller can use each entry and let it go (replay does). */
export function createRecordingReader(): RecordingReader {
  let header: RecordingHeader | undefined;
  const problems: RecordingProblem[] = [];
  let keyframesNoted = false;

  function read(raw: string, lineNumber: number): RecordedEntry | undefined {
    const line = raw.trim();
    if (line === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problems.push({ line: lineNumber, reason: line.startsWith('{') && !line.endsWith('}') ? 'truncated JSON' : 'not JSON' });
      return undefined;
    }
    if (lineNumber === 1) {
      const checked = toHeader(value);
      if (typeof checked === 'string') problems.push({ line: 1, reason: checked });
      else header = checked;
      if (typeof checked !== 'string' || isHeaderLike(value)) return undefined;
    }
    if (isKeyframeLine(value)) {
      // Reached only when the keyframes lack a whole index (cut off): the frames say everything they would.
      if (!keyframesNoted) problems.push({ line: lineNumber, reason: 'keyframes without a complete index (the file was cut off?): ignored, the run was replayed from its frames', keyframes: true });
      keyframesNoted = true;
      return undefined;
    }
    const entry = toEntry(value);
    if (typeof entry !== 'string') return entry;
    problems.push({ line: lineNumber, reason: entry });
    return undefined;
  }

  return {
    get header() {
      return header;
    },
    problems,
    read,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A keyframed recording's keyframe or index line (recording-keyframes.ts). */
function isKeyframeLine(value: unknown): boolean {
  return isRecord(value) && !('t' in value) && ('keyframe' in value || 'keyframes' in value);
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
