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
 * multi-byte character is 0x0A.
 */

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

export class RecordingLines {
  /** starts[i] is the byte offset of line i; starts[count] is the end of the bytes. */
  private readonly starts: Uint32Array;
  private readonly decoder = new TextDecoder();
  readonly count: number;
  /** Line index of each received frame, by frame index (noted while reading, see `noteFrame`). */
  private frameLines: Uint32Array;
  private frames = 0;

  constructor(readonly bytes: Uint8Array) {
    const starts: number[] = [0];
    for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) starts.push(at + 1);
    // A file that ends with "\n" has no line after it.
    if (starts[starts.length - 1] === bytes.length) starts.pop();
    this.count = starts.length;
    starts.push(bytes.length);
    this.starts = Uint32Array.from(starts);
    this.frameLines = new Uint32Array(this.count);
  }

  static fromText(text: string): RecordingLines {
    return new RecordingLines(new TextEncoder().encode(text));
  }

  /** Line i's text, without its line ending. */
  line(i: number): string {
    return this.decoder.decode(this.bytes.subarray(this.starts[i] ?? 0, this.endOf(i)));
  }

  /**
   * Lines from..to-1 decoded in one call (cheaper than one call per line), split apart.
   * Returns exactly to - from strings.
   */
  lines(from: number, to: number): string[] {
    const end = Math.min(to, this.count);
    if (end <= from) return [];
    const text = this.decoder.decode(this.bytes.subarray(this.starts[from] ?? 0, this.starts[end] ?? 0));
    const out = text.split('\n', end - from);
    for (let i = 0; i < out.length; i++) {
      const line = out[i] as string;
      if (line.endsWith('\r')) out[i] = line.slice(0, -1);
    }
    return out;
  }

  /** Says that line `lineIndex` holds the next received frame (frame indices count from 0). */
  noteFrame(lineIndex: number): void {
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
  toText(lines = this.count): string {
    const end = lines >= this.count ? this.bytes.length : (this.starts[lines] ?? this.bytes.length);
    return this.decoder.decode(this.bytes.subarray(0, end));
  }

  private endOf(i: number): number {
    let end = (this.starts[i + 1] ?? 0) - (i + 1 < this.count ? 1 : 0);
    // The last line has no "\n" of its own unless the file ends with one.
    if (i + 1 === this.count && this.bytes[end - 1] === NEWLINE) end -= 1;
    if (this.bytes[end - 1] === CARRIAGE_RETURN) end -= 1;
    return end;
  }
}
