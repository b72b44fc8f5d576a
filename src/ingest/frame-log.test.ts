/**
 * The recording keeps frames without an entry object per frame; it must still write the lines
 * in the order they happened, drop the oldest half past its bound, and find frames by index.
 * The model here is the format's definition: a list of lines, the oldest half cut when full.
 */
import { describe, expect, test } from 'vitest';

import { FrameLog, type RecordedEntry } from '@/ingest/frame-log';

const HEADER = { runboard: 1, dialect: 'relavium', transport: 'sse', source: 'http://x', startedAt: '2026-01-01T00:00:00.000Z' } as const;

/**
 * `maxBytes`: frames' JSON text; past it the oldest lines holding half of it go, never the
 * newest frame (frames of strings only: weights are exact).
 */
function model(maxEntries: number, maxBytes = Number.POSITIVE_INFINITY) {
  let lines: { entry: RecordedEntry; bytes: number }[] = [];
  let bytes = 0;
  let dropped = 0;
  const frames: unknown[] = [];
  /** Bytes never drop the newest frame: at least two frames from line `n` on. */
  const framesFrom = (n: number) => lines.slice(n).filter((line) => 'frame' in line.entry).length;
  return {
    frames,
    add(entry: RecordedEntry) {
      const weight = 'frame' in entry ? JSON.stringify(entry.frame).length : 0;
      lines.push({ entry, bytes: weight });
      bytes += weight;
      if ('frame' in entry) frames.push(entry.frame);
      if (lines.length <= maxEntries && bytes <= maxBytes) return;
      const cutLines = lines.length > maxEntries ? Math.floor(maxEntries / 2) : 0;
      const cutBytes = bytes > maxBytes ? bytes - Math.floor(maxBytes / 2) : 0;
      let cut = 0;
      let cutWeight = 0;
      while (cut < cutLines || (cutWeight < cutBytes && framesFrom(cut) >= 2)) cutWeight += (lines[cut++] as { bytes: number }).bytes;
      lines = lines.slice(cut);
      bytes -= cutWeight;
      dropped += cut;
    },
    get lines() {
      return lines.map((line) => line.entry);
    },
    get bytes() {
      return bytes;
    },
    get dropped() {
      return dropped;
    },
  };
}

describe('FrameLog', () => {
  test.each([
    [7, undefined],
    [50, undefined],
    [1000, undefined],
    // Bytes bind first: frames of 20 to ~2,000 characters, as a stream mixing tokens and whole graphs.
    [1000, 20_000],
    [60, 8_000],
  ])('lines, drops and frame indices match the format (bound %i lines, %s bytes)', (maxEntries, maxBytes) => {
    let seed = maxEntries + (maxBytes ?? 0);
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const log = new FrameLog(HEADER, 1000, maxEntries, maxBytes);
    const expected = model(maxEntries, maxBytes);
    for (let i = 0; i < 400; i++) {
      const atMs = 1000 + i * 3;
      const roll = random();
      if (roll < 0.75) {
        const frame = { n: String(i), pad: 'x'.repeat(random() < 0.1 ? 2_000 : 10) };
        expect(log.addFrame(frame, atMs)).toBe(expected.frames.length);
        expected.add({ t: atMs - 1000, frame });
      } else if (roll < 0.85) {
        log.addCommand({ via: 'http', token: 'secret', n: i }, atMs);
        expected.add({ t: atMs - 1000, out: { via: 'http', token: '[redacted]', n: i } });
      } else if (roll < 0.93) {
        log.addConnection(i, atMs);
        expected.add({ t: atMs - 1000, connection: i });
      } else {
        log.addAudit({ n: i }, atMs);
        expected.add({ t: atMs - 1000, audit: { n: i } });
      }
    }
    const lines = log.toJsonl().trimEnd().split('\n');
    expect(JSON.parse(lines[0] ?? '')).toEqual(HEADER);
    expect(lines.slice(1).map((line) => JSON.parse(line) as unknown)).toEqual(expected.lines);
    expect(log.dropped).toBe(expected.dropped);
    if (maxBytes !== undefined) expect(expected.bytes).toBeLessThanOrEqual(maxBytes);
    expect(log.frames).toBe(expected.frames.length);
    const kept = new Set(expected.lines.filter((line) => 'frame' in line).map((line) => (line as { frame: unknown }).frame));
    expected.frames.forEach((frame, index) => expect(log.frameAt(index)).toBe(kept.has(frame) ? frame : undefined));
  });

  test('a frame bigger than the whole byte bound is kept until the next frame comes', () => {
    const log = new FrameLog(HEADER, 0, 1000, 1_000);
    log.addFrame({ pad: 'x'.repeat(100) }, 1);
    const page = { history: 'x'.repeat(5_000) };
    expect(log.addFrame(page, 2)).toBe(1);
    expect(log.frameAt(1)).toBe(page);
    expect(log.frameAt(0)).toBeUndefined();
    log.addFrame({ n: 'next' }, 3);
    expect(log.frameAt(1)).toBeUndefined();
    expect(log.frameAt(2)).toEqual({ n: 'next' });
  });

  test("a frame's text length, when the transport gives it, is its weight (no walk of the frame)", () => {
    const log = new FrameLog(HEADER, 0, 1000, 1_000);
    log.addFrame({ n: 1 }, 1);
    // A small frame whose text was long: its given length counts, and the bound drops the first.
    log.addFrame({ n: 2 }, 2, 1_200);
    expect(log.frameAt(0)).toBeUndefined();
    expect(log.frameAt(1)).toEqual({ n: 2 });
  });
});

describe('a resume token never enters the recording', () => {
  test("myagent's signed_state (in metadata, or at the top level) is redacted in the recording and the raw frame, nothing else", () => {
    const log = new FrameLog({ runboard: 1, dialect: 'myagent', transport: 'websocket', source: 'ws://x', startedAt: '' }, 0);
    const exported = { event: 'agent.state_exported', metadata: { signed_state: { signature: 'sig-123' }, state_size: 9 } };
    const top = { event: 'agent.state_exported', signed_state: 'sig-456' };
    log.addFrame(exported, 1);
    log.addFrame(top, 2);
    log.addCommand({ event: 'user.reconnect_with_state', signed_state: { signature: 'sig-123' } }, 3);
    const text = log.toJsonl();
    expect(text).not.toMatch(/sig-123|sig-456/);
    expect(log.frameAt(0)).toEqual({ event: 'agent.state_exported', metadata: { signed_state: '[redacted]', state_size: 9 } });
    // The frame ingest reads is the one received, untouched.
    expect(exported.metadata.signed_state).toEqual({ signature: 'sig-123' });
    const plain = { event: 'agent.thinking', metadata: { model: 'm' } };
    log.addFrame(plain, 4);
    expect(log.frameAt(2)).toBe(plain);
  });
});

describe("a frame kept as the text it arrived in (no parsed objects held for the collector's every pass)", () => {
  test('the recording writes the text as received and the raw frame reads as the parsed frame', () => {
    const log = new FrameLog(HEADER, 0);
    const text = '{ "type": "TEXT_MESSAGE_CONTENT",  "delta": "hi" }';
    log.addFrame(JSON.parse(text) as unknown, 5, text.length, text);
    expect(log.frameAt(0)).toEqual({ type: 'TEXT_MESSAGE_CONTENT', delta: 'hi' });
    // Read again, the same object: a view's memo keyed on it holds across renders.
    expect(log.frameAt(0)).toBe(log.frameAt(0));
    // The spacing of the received text survives: the line was not written from a parsed frame.
    expect(log.toJsonl().trimEnd().split('\n')[1]).toBe(`{"t":5,"frame":${text}}`);
  });

  test('a text with a line break is written on one line, and a frame holding a resume token is kept without it', () => {
    const log = new FrameLog(HEADER, 0);
    const broken = '{"a":\n1}';
    log.addFrame({ a: 1 }, 1, broken.length, broken);
    const token = '{"event":"agent.state_exported","signed_state":"sig-9"}';
    log.addFrame(JSON.parse(token) as unknown, 2, token.length, token);
    const lines = log.toJsonl().trimEnd().split('\n');
    expect(lines.slice(1).map((line) => JSON.parse(line) as unknown)).toEqual([
      { t: 1, frame: { a: 1 } },
      { t: 2, frame: { event: 'agent.state_exported', signed_state: '[redacted]' } },
    ]);
    expect(log.frameAt(1)).toEqual({ event: 'agent.state_exported', signed_state: '[redacted]' });
  });

  test('a frame that is itself a string, given without text, still reads back as that string', () => {
    const log = new FrameLog(HEADER, 0);
    log.addFrame('[DONE]', 1);
    log.addFrame('{"not":"parsed"}', 2);
    expect(log.frameAt(0)).toBe('[DONE]');
    expect(log.frameAt(1)).toBe('{"not":"parsed"}');
    expect(log.toJsonl().trimEnd().split('\n').slice(1).map((line) => JSON.parse(line) as unknown)).toEqual([
      { t: 1, frame: '[DONE]' },
      { t: 2, frame: '{"not":"parsed"}' },
    ]);
  });
});
