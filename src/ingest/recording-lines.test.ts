import { describe, expect, test } from 'vitest';

import { RecordingLines } from '@/ingest/recording-lines';

const HEADER = '{"runboard":1,"dialect":"relavium","transport":"sse","source":"x","startedAt":"2026-01-01T00:00:00.000Z"}';

describe('RecordingLines', () => {
  test('splits lines with or without a final newline, drops "\\r", and keeps characters outside ASCII whole', () => {
    for (const text of [`${HEADER}\n{"t":1,"frame":"é✓"}\r\nlast`, `${HEADER}\n{"t":1,"frame":"é✓"}\r\nlast\n`]) {
      const lines = RecordingLines.fromText(text);
      expect(lines.count).toBe(3);
      expect([0, 1, 2].map((i) => lines.line(i))).toEqual([HEADER, '{"t":1,"frame":"é✓"}', 'last']);
      expect(lines.lines(0, 3)).toEqual([HEADER, '{"t":1,"frame":"é✓"}', 'last']);
      expect(lines.lines(1, 99)).toEqual(['{"t":1,"frame":"é✓"}', 'last']);
      expect(lines.toText()).toBe(text);
    }
  });

  test('a frame is parsed again from the line it was noted on; other indices have none', () => {
    const lines = RecordingLines.fromText(`${HEADER}\n{"t":0,"out":{"go":1}}\n{"t":1,"frame":{"a":1}}\n{"t":2,"frame":[2]}\n`);
    lines.noteFrame(2);
    lines.noteFrame(3);
    expect(lines.frameAt(0)).toEqual({ a: 1 });
    expect(lines.frameAt(1)).toEqual([2]);
    for (const index of [-1, 2, 0.5, Number.NaN]) expect(lines.frameAt(index)).toBeUndefined();
  });

  test('an empty recording has no lines', () => {
    const lines = RecordingLines.fromText('');
    expect(lines.count).toBe(0);
    expect(lines.lines(0, 10)).toEqual([]);
  });
});

describe('RecordingLines received in chunks', () => {
  const TEXT = `${HEADER}\n{"t":1,"frame":"é✓ 日本"}\r\n\n{"t":2,"frame":{"a":[1,2]}}\nlast`;

  /** The text's bytes cut at `cuts` (byte offsets), appended one chunk at a time. */
  function received(text: string, cuts: readonly number[], expected = 0): { lines: RecordingLines; countsSeen: number[] } {
    const bytes = new TextEncoder().encode(text);
    const lines = RecordingLines.receiving(expected);
    const countsSeen: number[] = [];
    let from = 0;
    for (const cut of [...cuts, bytes.length]) {
      lines.append(bytes.subarray(from, cut));
      countsSeen.push(lines.count);
      from = cut;
    }
    lines.end();
    return { lines, countsSeen };
  }

  test('reads the same lines as the whole bytes, wherever the chunks are cut (inside a character too)', () => {
    const whole = RecordingLines.fromText(TEXT);
    const size = new TextEncoder().encode(TEXT).length;
    for (let cut = 1; cut < size; cut++) {
      for (const expected of [0, 8, size]) {
        const { lines } = received(TEXT, [cut, Math.min(size, cut + 3)], expected);
        expect(lines.count).toBe(whole.count);
        expect(lines.lines(0, 99)).toEqual(whole.lines(0, 99));
        expect(lines.toText()).toBe(TEXT);
        expect(lines.toText(2)).toBe(whole.toText(2));
      }
    }
  });

  test('a line counts once its newline arrives; the last one at the end, and none after a final newline', () => {
    const { lines, countsSeen } = received(`${HEADER}\n{"t":1,"frame":1}\nla`, [HEADER.length, HEADER.length + 1, HEADER.length + 5]);
    expect(countsSeen).toEqual([0, 1, 1, 2]);
    expect(lines.count).toBe(3);
    expect(lines.line(2)).toBe('la');
    expect(received(`${HEADER}\n`, [3]).lines.count).toBe(1);
    expect(received('', []).lines.count).toBe(0);
  });

  test('grows past what it expected, and says how far the first lines reach in bytes', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `{"t":${i},"frame":${i}}`).join('\n');
    const cuts = Array.from({ length: 40 }, (_, i) => (i + 1) * 1000);
    const { lines } = received(many, cuts, 10);
    expect(lines.count).toBe(5000);
    expect(lines.line(4999)).toBe('{"t":4999,"frame":4999}');
    expect(lines.bytesBefore(1)).toBe('{"t":0,"frame":0}\n'.length);
    expect(lines.bytesBefore(5000)).toBe(lines.bytes.length);
    expect(() => lines.append(new Uint8Array(1))).toThrow(/after the end/);
  });
});
