/**
 * The replay benchmarks' recordings (issue 15): relavium runs of at least N frames, either
 * token-heavy (bench/lib/stream.ts: 50 tokens per node life coalesce into one timeline row)
 * or diverse (bench/lib/diverse-steps.ts: many distinct rows, retries, gates, chapters).
 * Written once into bench/out and reused while the generators are unchanged: a million
 * frames take a minute to encode and 200+ MB on disk.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';

import { createReplaySession } from '@/session';

import type { SimStep } from '@/simulator/engine/scenario';

import { buildDiverseSteps } from './diverse-steps';
import { buildSteps, encodeFrames, finishSteps } from './stream';
import { writeRecording, type WrittenRecording } from './write-recording';

export type RecordingKind = 'token-heavy' | 'diverse';

const BUILD: Record<RecordingKind, (steps: number) => SimStep[]> = {
  'token-heavy': (steps) => finishSteps(buildSteps(steps)),
  diverse: buildDiverseSteps,
};
/** The generators: a recording older than any of them is written again. */
const SOURCES = ['bench/lib/stream.ts', 'bench/lib/diverse-steps.ts', 'bench/lib/write-recording.ts', 'bench/lib/replay-recordings.ts'];
const SAMPLE_STEPS = 20_000;

/** Steps that encode to at least `frames` frames: some steps make no frame in a dialect, some two. */
function stepsFor(kind: RecordingKind, frames: number): SimStep[] {
  const sample = encodeFrames('relavium', 'sample', BUILD[kind](SAMPLE_STEPS)).frames.length;
  return BUILD[kind](Math.ceil((frames * SAMPLE_STEPS * 1.01) / sample));
}

export function benchRecording(kind: RecordingKind, frames: number): WrittenRecording {
  const path = `bench/out/replay-${kind}-relavium-${frames}.jsonl`;
  const newestSource = Math.max(...SOURCES.map((source) => statSync(source).mtimeMs));
  if (existsSync(path) && statSync(path).mtimeMs > newestSource) {
    const lines = countLines(path);
    return { path, frames: lines - 1, bytes: statSync(path).size };
  }
  return writeRecording(path, 'relavium', stepsFor(kind, frames));
}

function countLines(path: string): number {
  const bytes = readFileSync(path);
  let lines = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++;
  return lines;
}

/**
 * The keyframed twin of a benchmark recording: the same lines plus keyframes, exactly as
 * "Export recording" writes it from a replay of the plain one. Cached beside it.
 */
export async function keyframedTwin(plain: WrittenRecording): Promise<WrittenRecording> {
  const path = plain.path.replace(/\.jsonl$/, '.keyframed.jsonl');
  if (!existsSync(path) || statSync(path).mtimeMs < statSync(plain.path).mtimeMs) {
    const replay = await createReplaySession({ recording: new Uint8Array(readFileSync(plain.path)) });
    writeFileSync(path, replay.session.exportRecording());
  }
  return { path, frames: plain.frames, bytes: statSync(path).size };
}
