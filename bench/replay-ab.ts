/**
 * Benchmark 5's two forms side by side, quicker than the whole benchmark: opens a plain
 * recording and its keyframed twin (bench/lib/replay-recordings.ts) to the end, in turns,
 * from an esbuild bundle as benchmark 5 does, and prints each time and the ratio.
 *
 *   npx tsx bench/replay-ab.ts [token-heavy|diverse] [frames] [rounds]
 *   (add --cpu-prof to node's flags through NODE_OPTIONS to profile the bundle)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { createReplaySession } from '@/session';

import { nodeBundle } from './lib/node-bundle';
import { benchRecording, keyframedTwin, type RecordingKind } from './lib/replay-recordings';

async function openMs(path: string): Promise<number> {
  const bytes = new Uint8Array(readFileSync(path));
  const started = performance.now();
  const replay = await createReplaySession({ recording: bytes });
  replay.cursor.seek(replay.timeline.total);
  if (replay.problems.length > 0) throw new Error(`${path}: ${JSON.stringify(replay.problems.slice(0, 3))}`);
  return performance.now() - started;
}

async function child(kind: RecordingKind, frames: number, rounds: number): Promise<void> {
  const plain = benchRecording(kind, frames);
  const keyed = await keyframedTwin(plain);
  for (let round = 0; round < rounds; round++) {
    // Alternate which form goes first, so neither always inherits the other's garbage.
    const [first, second] = round % 2 === 0 ? [plain, keyed] : [keyed, plain];
    const a = await openMs(first.path);
    const b = await openMs(second.path);
    const [p, k] = round % 2 === 0 ? [a, b] : [b, a];
    console.log(`${kind} ${plain.frames} frames: plain ${p.toFixed(0)} ms, keyframed ${k.toFixed(0)} ms: ${(p / k).toFixed(2)}×`);
  }
}

const [kind = 'diverse', frames = '100000', rounds = '3'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (process.argv.includes('--child')) await child(kind as RecordingKind, Number(frames), Number(rounds));
else execFileSync(process.execPath, [nodeBundle('bench/replay-ab.ts'), kind, frames, rounds, '--child'], { stdio: 'inherit' });
