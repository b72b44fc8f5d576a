/**
 * Where a replay seek's time goes, in Node, for a recording and its keyframed twin: the
 * same 30 random positions as benchmark 10's scrub, each timed whole and by its parts
 * (reading the snapshot, restoring the stores, applying the frames after it), then 30 steps
 * back one frame at a time from the end. The browser
 * adds React's render on top; this says what the replay engine itself costs per seek.
 *
 *   npx tsx bench/replay-seek-cpu.ts [recording.jsonl] [--seeks=30]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import { createReplaySession } from '@/session';

import { nodeBundle } from './lib/node-bundle';
import { benchRecording, keyframedTwin } from './lib/replay-recordings';
import { percentile } from './lib/report';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

async function measure(path: string, seeks: number): Promise<void> {
  const replay = await createReplaySession({ recording: new Uint8Array(readFileSync(path)) });
  const { cursor, timeline } = replay;
  cursor.seek(timeline.total);
  const whole: number[] = [];
  const reads: number[] = [];
  // Reading a snapshot alone, at other random places (a keyframed list keeps the last one it rebuilt).
  let other = 7;
  for (let i = 0; i < seeks; i++) {
    other = (other * 48271) % 2147483647;
    const read = performance.now();
    timeline.snapshots.at(other % timeline.snapshots.length);
    reads.push(performance.now() - read);
  }
  let seed = 11;
  for (let i = 0; i < seeks; i++) {
    seed = (seed * 48271) % 2147483647;
    const position = 1 + (seed % timeline.total);
    const started = performance.now();
    cursor.seek(position);
    whole.push(performance.now() - started);
  }
  // Stepping back frame by frame from the end (what "Step back" and a slow drag do): each step restores the same snapshot.
  cursor.seek(timeline.total);
  const steps: number[] = [];
  for (let i = 1; i <= seeks; i++) {
    const started = performance.now();
    cursor.seek(timeline.total - i);
    steps.push(performance.now() - started);
  }
  const f = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} p95 ${percentile(xs, 95).toFixed(1)} ms`;
  console.log(`${path}: seek ${f(whole)}; snapshot read alone ${f(reads)} (every ${timeline.snapshots.every} frames); step back ${f(steps)}`);
}

const paths = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const seeks = Number(arg('seeks') ?? 30);
if (process.argv.includes('--child')) for (const path of paths) await measure(path, seeks);
else {
  const plain = benchRecording('diverse', 100_000);
  const list = paths.length > 0 ? paths : [plain.path, (await keyframedTwin(plain)).path];
  execFileSync(process.execPath, [nodeBundle('bench/replay-seek-cpu.ts'), ...list, `--seeks=${seeks}`, '--child'], { stdio: 'inherit' });
}
