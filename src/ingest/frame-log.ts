/**
 * The session's recording: every raw frame with its arrival time, and every outbound
 * command (secrets removed), as JSON Lines (docs/ARCHITECTURE.md "Recordings"). Canonical events point
 * into it by frame index, so the details panel can show the frames behind a node.
 *
 * Bounded two ways, so a week-long stream cannot exhaust memory; the UI states the bound
 * when it is reached and `dropped` says how many lines went:
 * - past `maxEntries` lines the oldest half is dropped. 200k (was 500k): with the live event
 *   log bounded too, 1M events then fit in the 300 MB heap budget with a flat soak (benchmark 6);
 * - past `maxBytes` of frames (as JSON text, json-weight.ts) the oldest lines holding half of
 *   it are dropped. Why: frames differ in size by 100×. A MARS `dag_updated` carries the whole
 *   DAG (~36 kB for 200 nodes), so 200k MARS frames held ~500 MB (benchmark 1: 465 MB heap at
 *   262k frames); 64 MB of text is ~200k relavium frames, ~75k Shannon ones, ~18k MARS ones.
 */
import { jsonWeight } from '@/ingest/json-weight';
import { errorMessage } from '@/lib/error-message';

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

/** Parsed frames kept for views that read them again (a node's list shows up to a few hundred). */
const PARSED_KEPT = 512;

const SECRET_KEYS = /^(authorization|token|api[-_]?key|x-api-key|password|secret|signed_state)$/i;

/** A line that is not a received frame (a command, a connection, an audit), with the number of frames before it. */
type OtherLine = Readonly<{ beforeFrame: number; entry: RecordedEntry }>;

export class FrameLog {
  /**
   * Received frames by frame index minus `firstFrame`, and the time of each. A frame whose
   * JSON text the transport handed over is kept as that text (a string here is always JSON
   * text), else by reference. Why: every frame stays in memory until the bound drops it, and
   * a parsed frame is a tree of objects the collector copies out of the young generation and
   * walks on every pass, where its text is one flat string (and smaller). For the same reason
   * there is no entry object per frame.
   */
  private frameList: unknown[] = [];
  private frameTimes: number[] = [];
  /** Each kept frame's weight (json-weight.ts), and their sum. */
  private frameWeights: number[] = [];
  private keptBytes = 0;
  private firstFrame = 0;
  /** The other lines, in order; each knows where it sits among the frames. */
  private others: OtherLine[] = [];
  /** Entries dropped by the bound (the UI says so). */
  dropped = 0;
  /**
   * Frames kept as text, parsed when read, by index: a view reading the same frame on every
   * render gets the same object (its memos hold), and the text is not parsed again.
   */
  private readonly parsed = new Map<number, unknown>();

  constructor(
    readonly header: RecordingHeader,
    private readonly startedAtMs: number,
    readonly maxEntries = 200_000,
    readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /**
   * Appends a received frame; returns its frame index (the recording's line number, 0-based).
   * `textLength`: the length of the text it came in, when the transport had it (cheaper than
   * weighing the frame). `frameText`: the frame's own JSON text, when the frame is exactly
   * that text parsed.
   */
  addFrame(frame: unknown, atMs: number, textLength?: number, frameText?: string): number {
    const weight = textLength ?? jsonWeight(frame);
    this.frameList.push(keptForm(frame, frameText));
    this.frameTimes.push(this.at(atMs));
    this.frameWeights.push(weight);
    this.keptBytes += weight;
    this.bound();
    return this.firstFrame + this.frameList.length - 1;
  }

  addCommand(command: unknown, atMs: number): void {
    this.addOther({ t: this.at(atMs), out: stripSecrets(command) });
  }

  addAudit(event: unknown, atMs: number): void {
    this.addOther({ t: this.at(atMs), audit: event });
  }

  /** A new connection (reconnect) begins here; replay starts a fresh decoder at this line. */
  addConnection(connection: number, atMs: number): void {
    this.addOther({ t: this.at(atMs), connection });
  }

  get frames(): number {
    return this.firstFrame + this.frameList.length;
  }

  /** The raw frame with this index, or undefined when the bound dropped it. */
  frameAt(index: number): unknown {
    if (index < this.firstFrame) return undefined;
    const kept = this.frameList[index - this.firstFrame];
    if (typeof kept !== 'string') return kept;
    if (this.parsed.has(index)) return this.parsed.get(index);
    const frame = JSON.parse(kept) as unknown;
    if (this.parsed.size >= PARSED_KEPT) this.parsed.delete(this.parsed.keys().next().value as number);
    this.parsed.set(index, frame);
    return frame;
  }

  /** The whole recording as JSON Lines text (a frame kept as text is written as it came). */
  toJsonl(): string {
    const lines = [JSON.stringify(this.header)];
    let other = 0;
    for (let i = 0; i <= this.frameList.length; i++) {
      for (; other < this.others.length && (this.others[other] as OtherLine).beforeFrame <= this.firstFrame + i; other++) {
        lines.push(entryLine((this.others[other] as OtherLine).entry));
      }
      if (i < this.frameList.length) lines.push(frameLine(this.frameTimes[i] as number, this.frameList[i]));
    }
    return `${lines.join('\n')}\n`;
  }

  private at(atMs: number): number {
    return Math.max(0, atMs - this.startedAtMs);
  }

  private addOther(entry: RecordedEntry): void {
    this.others.push({ beforeFrame: this.frames, entry });
    this.bound();
  }

  /**
   * Past `maxEntries` lines the oldest half is dropped, past `maxBytes` the oldest lines that
   * hold half of the bytes, never the newest frame (in one go, so each drop is amortised O(1)). Other lines (commands,
   * connections, audits) are few and small: they count as lines, not bytes.
   */
  private bound(): void {
    const overLines = this.frameList.length + this.others.length > this.maxEntries;
    if (!overLines && this.keptBytes <= this.maxBytes) return;
    const lines = overLines ? Math.floor(this.maxEntries / 2) : 0;
    const bytes = this.keptBytes > this.maxBytes ? this.keptBytes - Math.floor(this.maxBytes / 2) : 0;
    let frames = 0;
    let others = 0;
    let weight = 0;
    // The newest frame stays, however big (one Shannon history page can pass the whole bound).
    while (frames + others < lines || (weight < bytes && frames < this.frameList.length - 1)) {
      const other = this.others[others];
      // An other line added before frame `firstFrame + frames` comes first.
      if (other && (other.beforeFrame <= this.firstFrame + frames || frames >= this.frameList.length)) others += 1;
      else weight += this.frameWeights[frames++] as number;
    }
    this.frameList = this.frameList.slice(frames);
    this.frameTimes = this.frameTimes.slice(frames);
    this.frameWeights = this.frameWeights.slice(frames);
    this.others = this.others.slice(others);
    this.firstFrame += frames;
    // Parsed copies of dropped frames would stay reachable until evicted.
    if (frames > 0) this.parsed.clear();
    this.keptBytes -= weight;
    this.dropped += frames + others;
  }
}

/**
 * What the recording keeps of a frame: its text when the transport gave it and it holds no
 * resume token; else the frame, with a string frame turned into its JSON text so that every
 * kept string reads back by one `JSON.parse`.
 */
function keptForm(frame: unknown, frameText: string | undefined): unknown {
  const redacted = withoutResumeToken(frame);
  if (frameText !== undefined && redacted === frame) return frameText;
  return typeof redacted === 'string' ? JSON.stringify(redacted) : redacted;
}

/**
 * A frame's line. A kept text is written as it came unless it spans lines (JSON may break
 * lines between tokens; a recording is one line per entry): that one is written anew. Looked
 * for here, once per export, not on every frame received.
 */
function frameLine(t: number, kept: unknown): string {
  if (typeof kept !== 'string') return entryLine({ t, frame: kept });
  return /[\n\r]/.test(kept) ? entryLine({ t, frame: JSON.parse(kept) as unknown }) : `{"t":${t},"frame":${kept}}`;
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
    const note = `unrecordable frame: ${errorMessage(error)}`;
    return JSON.stringify('out' in entry ? { t: entry.t, out: { runboard_unrecordable: note } } : { t: entry.t, frame: { runboard_unrecordable: note } });
  }
}

/**
 * A resume token a backend hands out (myagent's `agent.state_exported` carries
 * `metadata.signed_state`) never enters a recording or the raw-frame views; ingest still
 * reads the frame as received. Only the two places the token sits are looked at: this runs
 * once per frame. Guarded by frame-log.test.ts.
 */
function withoutResumeToken(frame: unknown): unknown {
  if (typeof frame !== 'object' || frame === null) return frame;
  const record = frame as Record<string, unknown>;
  const metadata = record.metadata;
  const inMetadata = typeof metadata === 'object' && metadata !== null && 'signed_state' in metadata;
  if (!inMetadata && !('signed_state' in record)) return frame;
  const copy: Record<string, unknown> = { ...record };
  if ('signed_state' in copy) copy.signed_state = '[redacted]';
  if (inMetadata) copy.metadata = { ...(metadata as Record<string, unknown>), signed_state: '[redacted]' };
  return copy;
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

