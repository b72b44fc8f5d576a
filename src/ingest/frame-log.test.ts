/**
 * The recording keeps frames without an entry object per frame; it must still write the lines
 * in the order they happened, drop the oldest half past its bound, and find frames by index.
 * The model here is the format's definition: a list of lines, the oldest half cut when full.
 */
import { describe, expect, test } from 'vitest';

import { FrameLog, type RecordedEntry } from '@/ingest/frame-log';

const HEADER = { runboard: 1, dialect: 'relavium', transport: 'sse', source: 'http://x', startedAt: '2026-01-01T00:00:00.000Z' } as const;

function model(maxEntries: number) {
  let lines: RecordedEntry[] = [];
  let dropped = 0;
  const frames: unknown[] = [];
  return {
    frames,
    add(entry: RecordedEntry) {
      lines.push(entry);
      if ('frame' in entry) frames.push(entry.frame);
      if (lines.length > maxEntries) {
        const cut = Math.floor(maxEntries / 2);
        lines = lines.slice(cut);
        dropped += cut;
      }
    },
    get lines() {
      return lines;
    },
    get dropped() {
      return dropped;
    },
  };
}

describe('FrameLog', () => {
  test.each([7, 50, 1000])('lines, drops and frame indices match the format (bound %i)', (maxEntries) => {
    let seed = maxEntries;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const log = new FrameLog(HEADER, 1000, maxEntries);
    const expected = model(maxEntries);
    for (let i = 0; i < 400; i++) {
      const atMs = 1000 + i * 3;
      const roll = random();
      if (roll < 0.75) {
        const frame = { n: i };
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
    expect(log.frames).toBe(expected.frames.length);
    const kept = new Set(expected.lines.filter((line) => 'frame' in line).map((line) => (line as { frame: unknown }).frame));
    expected.frames.forEach((frame, index) => expect(log.frameAt(index)).toBe(kept.has(frame) ? frame : undefined));
  });
});
