import { describe, expect, test } from 'vitest';

import { FrameLog } from '@/ingest/frame-log';
import { parseRecording } from '@/ingest/parse-recording';

const HEADER = '{"runboard":1,"dialect":"relavium","transport":"sse","source":"http://x/runs/r/events","startedAt":"2026-01-01T00:00:00.000Z","runId":"r"}';

describe('parseRecording', () => {
  test('reads the header, frames, commands and reconnect marks', () => {
    const text = [HEADER, '{"t":1,"frame":{"data":{"a":1}}}', '{"t":2,"out":{"via":"http"}}', '{"t":3,"connection":1}', '{"t":4,"frame":"text"}', ''].join('\n');
    const parsed = parseRecording(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.header).toMatchObject({ dialect: 'relavium', runId: 'r' });
    expect(parsed.entries).toEqual([{ t: 1, frame: { data: { a: 1 } } }, { t: 2, out: { via: 'http' } }, { t: 3, connection: 1 }, { t: 4, frame: 'text' }]);
    expect(parsed.frames).toBe(2);
  });

  test('a recording with broken lines loads the good ones and names the bad by line number', () => {
    const text = [
      HEADER,
      '{"t":1,"frame":{"n":1}}',
      '{"t":2,"frame":{"n":2',
      'garbage here',
      '{"frame":{"n":3}}',
      '[1,2,3]',
      '',
      '{"t":5,"nothing":true}',
      '{"t":6,"frame":{"n":6}}',
      '{"t":7,"fra',
    ].join('\r\n');
    const parsed = parseRecording(text);
    expect(parsed.entries.map((e) => ('frame' in e ? e.frame : null))).toEqual([{ n: 1 }, { n: 6 }]);
    expect(parsed.problems).toEqual([
      { line: 3, reason: 'truncated JSON' },
      { line: 4, reason: 'not JSON' },
      { line: 5, reason: 'lacks "t" (ms since start)' },
      { line: 6, reason: 'not an object' },
      { line: 8, reason: 'neither "frame", "out", "connection" nor "audit"' },
      { line: 10, reason: 'truncated JSON' },
    ]);
  });

  test('a header missing fields is named, and a frame on line 1 still loads', () => {
    const broken = parseRecording('{"runboard":1,"dialect":"mars"}\n{"t":1,"frame":1}\n');
    expect(broken.header).toBeUndefined();
    expect(broken.problems).toEqual([{ line: 1, reason: 'header lacks transport, source, startedAt' }]);
    expect(broken.frames).toBe(1);
    const headless = parseRecording('{"t":1,"frame":1}\n');
    expect(headless.problems[0]?.line).toBe(1);
    expect(headless.frames).toBe(1);
  });

  test("a session's export loads back, and secrets in commands never reach it", () => {
    const log = new FrameLog({ runboard: 1, dialect: 'shannon', transport: 'sse', source: 'http://x', startedAt: '2026-01-01T00:00:00.000Z' }, 1000);
    log.addFrame({ data: { type: 'WORKFLOW_STARTED' } }, 1010);
    log.addCommand({ via: 'http', headers: { Authorization: 'Bearer s3cret' }, body: { token: 's3cret', api_key: 's3cret', text: 'ok' } }, 1020);
    log.addConnection(1, 1030);
    const text = log.toJsonl();
    expect(text).not.toContain('s3cret');
    const parsed = parseRecording(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toEqual([
      { t: 10, frame: { data: { type: 'WORKFLOW_STARTED' } } },
      { t: 20, out: { via: 'http', headers: { Authorization: '[redacted]' }, body: { token: '[redacted]', api_key: '[redacted]', text: 'ok' } } },
      { t: 30, connection: 1 },
    ]);
  });
});
