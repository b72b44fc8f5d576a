/**
 * A recording kept as the bytes it was read from, with an index of where each line starts.
 *
 * Why bytes and not parsed frames: a million-frame recording parsed into objects costs
 * 300–400 bytes of heap per frame (and a JS string of the text costs two bytes per
 * character as soon as one character is outside Latin-1); its UTF-8 bytes cost one per
 * character, outside the JS heap. Replay reads each line once to decode it, keeps only
 * what ingest made of it, and parses a raw frame again when a view asks for it
 * (`frameAt`: the details panel, the raw frame panel, diagnostics), or gives the bytes back
 * whole for "Export recording". Splitting the bytes at "\n" is safe in UTF-8: no byte of a
 * multi-byte character is 0x0A — so are chunks received one by one (`receiving`): only
 * whole lines are ever decoded, so a character cut between two chunks is read whole.
 */

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

export class RecordingLines {
  /** The bytes received so far, in a buffer with room to grow (`bytes` is the part that holds them). */
  private buffer: Uint8Array;
  private received = 0;
  /** starts[i] is the byte offset of line i; starts[i + 1] - 1 is where line i ends (its "\n", or the end of the bytes). */
  private starts: Uint32Array = new Uint32Array(1024);
  private complete = 0;
  private ended = false;
  private readonly decoder = new TextDecoder();
  /** Line index of each received frame, by frame index (noted while reading, see `noteFrame`). */
  private frameLines: Uint32Array = new Uint32Array(1024);
  private frames = 0;

  /** Whole bytes (a file, a fetched body); `RecordingLines.receiving` for bytes that still arrive. */
  constructor(bytes: Uint8Array = new Uint8Array(0), ended = true) {
    this.buffer = bytes;
    this.received = bytes.length;
    this.indexLines(0);
    if (ended) this.end();
  }

  static fromText(text: string): RecordingLines {
    return new RecordingLines(new TextEncoder().encode(text));
  }

  /** Lines to come in chunks (`append`, then `end`): a line counts once its "\n" (or the end) has arrived. */
  static receiving(expectedBytes = 0): RecordingLines {
    const lines = new RecordingLines(new Uint8Array(0), false);
    if (expectedBytes > 0) lines.grow(expectedBytes);
    return lines;
  }

  /** Complete lines so far (all of them once the bytes ended). */
  get count(): number {
    return this.complete;
  }

  get bytes(): Uint8Array {
    return this.buffer.subarray(0, this.received);
  }

  /** Bytes up to the end of line `lines - 1` (how far a reader of the first `lines` lines has come). */
  bytesBefore(lines: number): number {
    return Math.min(this.received, this.starts[Math.min(lines, this.complete)] ?? 0);
  }

  /** The next chunk of a recording being received; its complete lines count at once. */
  append(chunk: Uint8Array): void {
    if (this.ended) throw new Error('RecordingLines: bytes appended after the end');
    if (this.received + chunk.length > this.buffer.length) this.grow(this.received + chunk.length);
    const from = this.received;
    this.buffer.set(chunk, from);
    this.received += chunk.length;
    this.indexLines(from);
  }

  /** No more bytes: what follows the last "\n" is a line of its own (a file that ends with "\n" has none after it). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.received > (this.starts[this.complete] ?? 0)) this.addLineEnd(this.received);
  }

  /** Line i's text, without its line ending. */
  line(i: number): string {
    return this.decoder.decode(this.buffer.subarray(this.starts[i] ?? 0, this.endOf(i)));
  }

  /**
   * Lines from..to-1 decoded in one call (cheaper than one call per line), split apart.
   * Returns exactly to - from strings (fewer when there are not that many lines yet).
   */
  lines(from: number, to: number): string[] {
    const end = Math.min(to, this.complete);
    if (end <= from) return [];
    const text = this.decoder.decode(this.buffer.subarray(this.starts[from] ?? 0, this.bytesBefore(end)));
    const out = text.split('\n', end - from);
    for (let i = 0; i < out.length; i++) {
      const line = out[i] as string;
      if (line.endsWith('\r')) out[i] = line.slice(0, -1);
    }
    return out;
  }

  /** Says that line `lineIndex` holds the next received frame (frame indices count from 0). */
  noteFrame(lineIndex: number): void {
    if (this.frames === this.frameLines.length) this.frameLines = grownTo(this.frameLines, this.frames * 2);
    this.frameLines[this.frames++] = lineIndex;
  }

  /** The raw frame with this index, parsed again from its line; undefined when there is none. */
  frameAt(index: number): unknown {
    if (!Number.isInteger(index) || index < 0 || index >= this.frames) return undefined;
    try {
      return (JSON.parse(this.line(this.frameLines[index] ?? 0)) as { frame?: unknown }).frame;
    } catch {
      return undefined;
    }
  }

  /** The recording as text, exactly as it was read (its first `lines` lines: all of them by default). */
  toText(lines = this.complete): string {
    const end = lines >= this.complete ? this.received : this.bytesBefore(lines);
    return this.decoder.decode(this.buffer.subarray(0, end));
  }

  /** Notes the start of each line that a "\n" from `from` on completes. */
  private indexLines(from: number): void {
    const bytes = this.buffer.subarray(0, this.received);
    for (let at = bytes.indexOf(NEWLINE, from); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) this.addLineEnd(at);
  }

  /** Line `complete` ends at byte `at` (its "\n", or the end of the bytes): the next line starts after it. */
  private addLineEnd(at: number): void {
    if (this.complete + 1 >= this.starts.length) this.starts = grownTo(this.starts, this.starts.length * 2);
    this.starts[++this.complete] = at + 1;
  }

  /** Room for `needed` bytes, doubling: a body of unknown length is copied about once in all. */
  private grow(needed: number): void {
    const next = new Uint8Array(Math.max(needed, Math.min(this.buffer.length * 2, 2 ** 32 - 1), 64 * 1024));
    next.set(this.buffer.subarray(0, this.received));
    this.buffer = next;
  }

  private endOf(i: number): number {
    let end = Math.min(this.received, (this.starts[i + 1] ?? 0) - 1);
    if (end > (this.starts[i] ?? 0) && this.buffer[end - 1] === CARRIAGE_RETURN) end -= 1;
    return end;
  }
}

function grownTo(from: Uint32Array, size: number): Uint32Array {
  const to = new Uint32Array(size);
  to.set(from);
  return to;
}
