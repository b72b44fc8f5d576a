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
