import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { openReplayEarly, releaseReplayOpening, takeReplayOpening, type OpeningState } from '@/app/run/replay-opening';
import { fetchEarly } from '@/lib/early-fetch';

const RECORDING = readFileSync(resolve(__dirname, '../../../public/recordings/relavium-gate.jsonl'));

let server: Server;
let base = '';
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url?.startsWith('/missing')) {
      response.statusCode = 404;
      return void response.end();
    }
    if (request.url?.startsWith('/slow')) {
      // Half the recording now, the rest long after any test here has decided.
      response.setHeader('content-length', RECORDING.length);
      response.write(RECORDING.subarray(0, RECORDING.length >> 1));
      const rest = setTimeout(() => response.end(RECORDING.subarray(RECORDING.length >> 1)), 5_000);
      response.on('close', () => clearTimeout(rest));
      return;
    }
    response.setHeader('content-length', RECORDING.length);
    response.end(RECORDING);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const timesAsked = (path: string) => asked.filter((url) => url === path).length;

describe('replay opening', () => {
  test('an early start is taken over by the page: one download, one decode, its stage so far', async () => {
    const source = `${base}/early.jsonl`;
    fetchEarly(source);
    openReplayEarly(source);
    const opening = takeReplayOpening(source);
    const seen: OpeningState[] = [];
    opening.watch((state) => seen.push(state));
    const replay = await opening.result;
    expect(replay.timeline.total).toBeGreaterThan(10);
    expect(seen[0]?.stage).toBe('Fetching the recording');
    expect(seen.some((state) => state.stage === 'Decoding' && (state.progress?.lines ?? 0) > 0)).toBe(true);
    expect(timesAsked('/early.jsonl')).toBe(1);
  });

  test('a page that takes the recording first is not followed by a second open', async () => {
    const source = `${base}/page-first.jsonl`;
    const opening = takeReplayOpening(source);
    openReplayEarly(source);
    await opening.result;
    // A second open would have asked by now (the first one's whole download and decode are done).
    await new Promise((done) => setTimeout(done, 50));
    expect(timesAsked('/page-first.jsonl')).toBe(1);
  });

  test('is taken once: the next visit opens the recording again', async () => {
    const source = `${base}/twice.jsonl`;
    openReplayEarly(source);
    const first = await takeReplayOpening(source).result;
    const second = await takeReplayOpening(source).result;
    expect(second).not.toBe(first);
    expect(second.timeline.total).toBe(first.timeline.total);
    expect(timesAsked('/twice.jsonl')).toBe(2);
  });

  test('let go, it is cancelled at its next turn: the result says it was aborted', async () => {
    const source = `${base}/slow-cancelled.jsonl`;
    const opening = takeReplayOpening(source);
    await new Promise((done) => setTimeout(done, 50));
    releaseReplayOpening(source, opening);
    await expect(opening.result).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('let go and taken again in the same turn (a page mounted twice), it goes on', async () => {
    const source = `${base}/slow-kept.jsonl`;
    const first = takeReplayOpening(source);
    releaseReplayOpening(source, first);
    const second = takeReplayOpening(source);
    expect(second).toBe(first);
    const settled = await Promise.race([first.result.then(() => 'opened', (error: unknown) => String(error)), new Promise((done) => setTimeout(() => done('still opening'), 300))]);
    expect(settled).toBe('still opening');
    expect(timesAsked('/slow-kept.jsonl')).toBe(1);
    releaseReplayOpening(source, second);
    await expect(second.result).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('a failure started early reaches the page that takes it', async () => {
    const source = `${base}/missing.jsonl`;
    openReplayEarly(source);
    await expect(takeReplayOpening(source).result).rejects.toThrow(/no recording/);
  });
});
