/**
 * The session's recording: every raw frame with its arrival time, and every outbound
 * command (secrets removed), in DESIGN.md's JSON Lines format. Canonical events point
 * into it by frame index, so the details panel can show the frames behind a node.
 *
 * Bounded: past `maxEntries` the oldest half is dropped and `dropped` says how many, so a
 * week-long stream cannot exhaust memory; the UI states the bound when it is reached.
 * 200k frames (was 500k): with the live event log bounded too, 1M events then fit in
 * the 300 MB heap budget with a flat soak (benchmark 6).
 */
export type RecordingHeader = Readonly<{
  runboard: 1;
  dialect: string;
  transport: string;
  source: string;
  startedAt: string;
  runId?: string;
}>;

/**
 * `connection` marks a reconnect (the new connection's number): decoders are per
 * connection, so a replay must start a fresh one at the same point to decode the same way.
 */
export type RecordedEntry =
  | Readonly<{ t: number; frame: unknown }>
  | Readonly<{ t: number; out: unknown }>
  | Readonly<{ t: number; connection: number }>
  /** A person's action from this browser (the audit trail), so replays show it too. */
  | Readonly<{ t: number; audit: unknown }>;

const SECRET_KEYS = /^(authorization|token|api[-_]?key|x-api-key|password|secret|signed_state)$/i;

export class FrameLog {
  private entries: RecordedEntry[] = [];
  /** Received frames only, by frame index minus `firstFrame` (references, not copies). */
  private frameList: unknown[] = [];
  private firstFrame = 0;
  /** Entries dropped by the bound (the UI says so). */
  dropped = 0;

  constructor(
    readonly header: RecordingHeader,
    private readonly startedAtMs: number,
    readonly maxEntries = 200_000,
  ) {}

  /** Appends a received frame; returns its frame index (the recording's line number, 0-based). */
  addFrame(frame: unknown, atMs: number): number {
    this.frameList.push(frame);
    this.push({ t: Math.max(0, atMs - this.startedAtMs), frame });
    return this.firstFrame + this.frameList.length - 1;
  }

  addCommand(command: unknown, atMs: number): void {
    this.push({ t: Math.max(0, atMs - this.startedAtMs), out: stripSecrets(command) });
  }

  addAudit(event: unknown, atMs: number): void {
    this.push({ t: Math.max(0, atMs - this.startedAtMs), audit: event });
  }

  /** A new connection (reconnect) begins here; replay starts a fresh decoder at this line. */
  addConnection(connection: number, atMs: number): void {
    this.push({ t: Math.max(0, atMs - this.startedAtMs), connection });
  }

  get frames(): number {
    return this.firstFrame + this.frameList.length;
  }

  /** The raw frame with this index, or undefined when the bound dropped it. */
  frameAt(index: number): unknown {
    return index >= this.firstFrame ? this.frameList[index - this.firstFrame] : undefined;
  }

  /** The whole recording as JSON Lines text. */
  toJsonl(): string {
    const lines = [JSON.stringify(this.header)];
    for (const entry of this.entries) lines.push(entryLine(entry));
    return `${lines.join('\n')}\n`;
  }

  private push(entry: RecordedEntry) {
    this.entries.push(entry);
    if (this.entries.length <= this.maxEntries) return;
    const cut = Math.floor(this.maxEntries / 2);
    const droppedFrames = this.entries.slice(0, cut).filter((e) => 'frame' in e).length;
    this.entries = this.entries.slice(cut);
    this.frameList = this.frameList.slice(droppedFrames);
    this.firstFrame += droppedFrames;
    this.dropped += cut;
  }
}

/**
 * One recording line. A hostile frame may be nested too deeply for JSON.stringify (a
 * RangeError): that line says so instead of the export failing for the whole run.
 * Guarded by tests/integration/fuzz-decoders.test.ts.
 */
function entryLine(entry: RecordedEntry): string {
  try {
    return JSON.stringify(entry);
  } catch (error) {
    const note = `unrecordable frame: ${error instanceof Error ? error.message : String(error)}`;
    return JSON.stringify('out' in entry ? { t: entry.t, out: { runboard_unrecordable: note } } : { t: entry.t, frame: { runboard_unrecordable: note } });
  }
}

/** Removes credentials from an outbound command before it is recorded. */
export function stripSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => stripSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEYS.test(key) ? '[redacted]' : stripSecrets(item, depth + 1);
  }
  return out;
}

