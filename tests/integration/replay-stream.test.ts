/**
 * A recording read as a stream of chunks (a fetched body, a file) while it arrives opens
 * exactly as its whole bytes do: the same frames, problems, snapshots and final state, at
 * every position a seek reaches — for a plain recording, a keyframed one, one whose header
 * names no run, and one with broken lines, wherever the chunks are cut (inside a line and
 * inside a character too). Decoding starts before the last chunk has arrived.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { describe, expect, test } from 'vitest';

import { createReplaySession, type ReplaySession } from '@/session';

import { buildDiverseSteps } from '../../bench/lib/diverse-steps';
import { writeRecording } from '../../bench/lib/write-recording';

import { expectSameAtEveryPosition } from './visible-state';

/** The text's bytes as a stream of chunks of pseudo-random sizes up to `max` bytes; `pulled` counts the chunks handed out. */
function chunked(text: string, max: number, seed = 7) {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  let state = seed;
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    cancel() {
      counter.cancelled = true;
    },
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      state = (state * 48271) % 2147483647;
      const size = 1 + (state % max);
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
      counter.pulled += 1;
    },
  });
  return { stream, counter, size: bytes.length };
}

function expectSameReplay(streamed: ReplaySession, whole: ReplaySession): void {
  expect(streamed.timeline.total).toBe(whole.timeline.total);
  expect(streamed.problems).toEqual(whole.problems);
  expect(streamed.timeline.plainLines).toBe(whole.timeline.plainLines);
  expect(streamed.timeline.snapshots.every).toBe(whole.timeline.snapshots.every);
  expect(streamed.session.exportRecording()).toBe(whole.session.exportRecording());
  expectSameAtEveryPosition(whole, streamed);
}

const dir = mkdtempSync(join(tmpdir(), 'runboard-stream-'));
const diverse = readFileSync(writeRecording(join(dir, 'diverse.jsonl'), 'relavium', buildDiverseSteps(1_500)).path, 'utf8');

describe('a recording read as it arrives', () => {
  test('plain and keyframed: the same replay as the whole bytes, chunks cut anywhere', async () => {
    const keyframed = (await createReplaySession({ recording: diverse })).session.exportRecording();
    for (const text of [diverse, keyframed]) {
      const whole = await createReplaySession({ recording: text });
      for (const [max, seed] of [[700, 3], [64 * 1024, 11]] as const) {
        const { stream, size } = chunked(text, max, seed);
        expectSameReplay(await createReplaySession({ recording: stream, size }), whole);
      }
    }
  });

  test('a sample from another producer (no run in its header), a broken line and a cut-off keyframe read as from whole bytes', async () => {
    const sample = readFileSync(resolve('public/recordings/shannon-fanout.jsonl'), 'utf8');
    const noRunId = sample.replace(/,"runId":"[^"]*"/, '');
    const lines = diverse.split('\n');
    const broken = [...lines.slice(0, 5), '{"t": 5, "frame": {"data": ', 'garbage', ...lines.slice(5)].join('\n');
    const keyframed = (await createReplaySession({ recording: diverse })).session.exportRecording();
    const cutOff = keyframed.slice(0, keyframed.length - 40);
    for (const text of [noRunId, broken, cutOff]) {
      const whole = await createReplaySession({ recording: text });
      const { stream } = chunked(text, 900);
      expectSameReplay(await createReplaySession({ recording: stream }), whole);
    }
  });

  test('decoding begins before the last chunk has arrived', async () => {
    const bytes = new TextEncoder().encode(diverse);
    const half = Math.floor(bytes.length / 2);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
      // Not released by a progress report within 10 s: the rest arrives anyway, and the test says so.
      setTimeout(resolve, 10_000);
    });
    let linesWhileHeld = 0;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= bytes.length) return controller.close();
        if (sent >= half) await held;
        const chunk = bytes.slice(sent, Math.min(sent + 8192, sent >= half ? bytes.length : half));
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const replay = await createReplaySession({
      recording: stream,
      size: bytes.length,
      onProgress: ({ lines, totalBytes }) => {
        expect(totalBytes).toBe(bytes.length);
        if (sent < bytes.length && lines > 1) {
          linesWhileHeld = Math.max(linesWhileHeld, lines);
          release();
        }
      },
    });
    expect(linesWhileHeld).toBeGreaterThan(100);
    expect(replay.timeline.total).toBe((await createReplaySession({ recording: diverse })).timeline.total);
  });
});

describe('an open nobody waits for any more', () => {
  test('aborted while its bytes arrive, it rejects with the abort and reads no further', async () => {
    const { stream, counter, size } = chunked(diverse, 2_000);
    const controller = new AbortController();
    const progress: number[] = [];
    const opening = createReplaySession({
      recording: stream,
      size,
      signal: controller.signal,
      onProgress: ({ lines }) => {
        progress.push(lines);
        if (progress.length === 3) controller.abort();
      },
    });
    await expect(opening).rejects.toMatchObject({ name: 'AbortError' });
    const pulled = counter.pulled;
    expect(progress).toHaveLength(3);
    expect(pulled).toBeLessThan(size / 2_000);
    // Nothing reads on after the rejection either.
    await new Promise((done) => setTimeout(done, 50));
    expect(counter.pulled).toBe(pulled);
  });

  test('aborted before it starts, it rejects without decoding a line and lets its stream go', async () => {
    const controller = new AbortController();
    controller.abort();
    const progress: number[] = [];
    const { stream, counter, size } = chunked(diverse, 64 * 1024);
    await expect(createReplaySession({ recording: stream, size, signal: controller.signal, onProgress: ({ lines }) => progress.push(lines) })).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([]);
    // A download nobody will read is cancelled, not left to fill memory.
    expect(counter.cancelled).toBe(true);
  });
});
