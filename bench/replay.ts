/**
 * Benchmark 5 — replay of a million-frame recording, in Node on the replay pipeline the
 * app uses (the file's bytes → createReplaySession: decode every line once, keep compact
 * frames and keyframed snapshots → cursor.seek), for a token-heavy and a diverse run
 * (bench/lib/replay-recordings.ts). Open to end: bytes in hand → the stores at the last
 * frame (no paint: benchmark 10 opens the app in Chromium). Seeks: 200 random positions,
 * both ways. Heap: used JS heap after a full GC with the session alive, minus before it
 * was opened; the recording's bytes live outside the JS heap and are given apart.
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { createReplaySession } from '@/session';

import { benchRecording, keyframedTwin, type RecordingKind } from './lib/replay-recordings';
import type { WrittenRecording } from './lib/write-recording';
import { mb, ms, percentile, type BenchOptions, type BenchRow } from './lib/report';

const SEEKS = 200;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): NodeJS.MemoryUsage {
  gc();
  gc();
  return process.memoryUsage();
}

type ReplayFigures = Readonly<{ frames: number; fileBytes: number; openMs: number; seeks: number[]; heapBytes: number; outsideHeapBytes: number; rows: number }>;

/** Plain: the recording as the app records it; keyframed: its twin as "Export recording" writes it. */
type Form = 'plain' | 'keyframed';

async function measure(recording: WrittenRecording): Promise<ReplayFigures> {
  const before = heapAfterGc();
  const bytes = new Uint8Array(readFileSync(recording.path));
  const started = performance.now();
  const replay = await createReplaySession({ recording: bytes });
  replay.cursor.seek(replay.timeline.total);
  const openMs = performance.now() - started;
  const seeks: number[] = [];
  let seed = 7;
  for (let i = 0; i < SEEKS; i++) {
    seed = (seed * 48271) % 2147483647;
    const position = seed % (replay.timeline.total + 1);
    const t = performance.now();
    replay.cursor.seek(position);
    seeks.push(performance.now() - t);
  }
  const after = heapAfterGc();
  return {
    frames: replay.timeline.total,
    fileBytes: recording.bytes,
    openMs,
    seeks,
    heapBytes: after.heapUsed - before.heapUsed,
    outsideHeapBytes: after.arrayBuffers - before.arrayBuffers,
    rows: replay.timeline.log.length,
  };
}

function rowsOf(kind: RecordingKind, form: Form, f: ReplayFigures): BenchRow[] {
  const name = `5 replay ${Math.round(f.frames / 1000)}k frames ${kind}${form === 'keyframed' ? ', keyframed' : ''}`;
  const p95 = percentile(f.seeks, 95);
  return [
    { bench: `${name}: open to end (Node, no paint)`, figure: ms(f.openMs), budget: '≤ 5,000 ms', met: f.openMs <= 5000 },
    { bench: `${name}: seek, ${SEEKS} random positions`, figure: `p95 ${ms(p95)}, max ${ms(Math.max(...f.seeks))}`, budget: 'p95 ≤ 50 ms', met: p95 <= 50 },
    {
      bench: `${name}: JS heap with the session open`,
      figure: mb(f.heapBytes),
      budget: '≤ 500 MB',
      met: f.heapBytes <= 500 * 1024 * 1024,
      note: `plus the recording's ${mb(f.outsideHeapBytes)} of bytes outside the JS heap (an ArrayBuffer)`,
    },
  ];
}

function describeFigures(kind: RecordingKind, form: Form, f: ReplayFigures): string {
  return (
    `replay ${kind} ${form}: ${f.frames} frames (${mb(f.fileBytes)}), ${f.rows} timeline rows: open to end ${ms(f.openMs)}; ` +
    `seek p50 ${ms(percentile(f.seeks, 50))} p95 ${ms(percentile(f.seeks, 95))} max ${ms(Math.max(...f.seeks))}; ` +
    `heap ${mb(f.heapBytes)} + ${mb(f.outsideHeapBytes)} bytes outside it`
  );
}

export async function benchReplay({ quick, log }: BenchOptions): Promise<BenchRow[]> {
  const frames = quick ? 100_000 : 1_000_000;
  const rows: BenchRow[] = [];
  for (const kind of ['token-heavy', 'diverse'] as const) {
    const plain = benchRecording(kind, frames);
    const keyed = await keyframedTwin(plain);
    // Both forms in the same run, one after the other: the ratio holds on a loaded machine, the figures do not.
    const p = await measure(plain);
    log(describeFigures(kind, 'plain', p));
    const k = await measure(keyed);
    log(describeFigures(kind, 'keyframed', k));
    rows.push(...rowsOf(kind, 'plain', p), ...rowsOf(kind, 'keyframed', k), {
      bench: `5 replay ${kind}: keyframed open vs plain, same run`,
      figure: `${(p.openMs / k.openMs).toFixed(2)}× faster (file ${((k.fileBytes / p.fileBytes - 1) * 100).toFixed(0)} % larger)`,
      budget: '–',
    });
  }
  return rows;
}
