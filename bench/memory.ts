/**
 * Benchmark 6 — memory: 1M events ingested, JS heap after GC (budget 300 MB), and an
 * accelerated soak (the event count of 10 minutes at 2,000 events/s, 1.2M, pushed as fast
 * as possible) sampled after GC: once the bounded buffers are full the heap must stop
 * growing. Runs in a child process (bench/memory-child.ts) for `--expose-gc`.
 */
import { execFileSync } from 'node:child_process';

import type { DialectId } from '@/protocol/dialect';

import type { ChildResult } from './memory-child';
import { nodeBundle } from './lib/node-bundle';
import { mb, type BenchOptions, type BenchRow } from './lib/report';

/** A run that takes longer is reported as failed (a quadratic 1M run could take hours). */
const CHILD_TIMEOUT_MS = 30 * 60_000;

let bundled: string | undefined;
/** bench/memory-child.ts bundled once per process (bench/lib/node-bundle.ts says why). */
function childBundle(): string {
  return (bundled ??= nodeBundle('bench/memory-child.ts'));
}

/**
 * One long run in a child process (bench/memory-child.ts): timed feeding, heap after GC at `samples` points.
 * Why `--single-threaded-gc`: CPU time counts every thread, and on this shared 2-core machine V8's
 * parallel GC helpers, contending with other processes for a core, made the same Shannon 100k run
 * take 0.95 s or 1.9 s of CPU from one process to the next (issue 12); with the GC on the main
 * thread, CPU time counts the GC's work and not its helpers' waiting.
 */
export function runChild(dialect: DialectId, events: number, samples: number): ChildResult {
  const out = execFileSync(process.execPath, ['--expose-gc', '--single-threaded-gc', childBundle(), dialect, String(events), String(samples)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    timeout: CHILD_TIMEOUT_MS,
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as ChildResult;
}

/**
 * Bytes per 100k events over the last third of the series, by least squares: by then the
 * frame log's and the event log's bounds are full (they fill at about two thirds of the soak).
 * A fit over every sample, not the two ends, so one noisy sample (GC timing) cannot decide.
 */
function tailSlope(series: ChildResult['series']): number {
  const tail = series.slice(-Math.max(3, Math.ceil(series.length / 3)));
  const n = tail.length;
  const meanX = tail.reduce((sum, s) => sum + s.events, 0) / n;
  const meanY = tail.reduce((sum, s) => sum + s.heapBytes, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const s of tail) {
    covariance += (s.events - meanX) * (s.heapBytes - meanY);
    variance += (s.events - meanX) ** 2;
  }
  return variance === 0 ? 0 : (covariance / variance) * 100_000;
}

export function benchMemory({ quick, log }: BenchOptions): BenchRow[] {
  const events = quick ? 200_000 : 1_000_000;
  const heap = runChild('relavium', events, 1);
  const final = heap.series.at(-1)?.heapBytes ?? Number.NaN;
  log(`memory ${heap.frames} events: ${mb(final)}; ${heap.logRows} log rows; frame log dropped ${heap.frameLogDropped}`);
  const soakEvents = quick ? 300_000 : 1_200_000;
  const soak = runChild('relavium', soakEvents, 12);
  const slope = tailSlope(soak.series);
  log(`soak series (events → heap): ${soak.series.map((s) => `${Math.round(s.events / 1000)}k→${mb(s.heapBytes)}`).join(', ')}`);
  return [
    {
      bench: `6 memory ${Math.round(heap.frames / 1000)}k events`,
      figure: `${mb(final)} heap (${heap.logRows} log rows)`,
      budget: '≤ 300 MB',
      met: final <= 300 * 1024 * 1024,
    },
    {
      bench: `6 soak ${Math.round(soak.frames / 1000)}k events (10 min @ 2k/s)`,
      figure: `${(slope / 1024 / 1024).toFixed(1)} MB per 100k events after the bounds fill`,
      budget: 'no growth (≤ 1 MB/100k)',
      met: slope <= 1024 * 1024,
      note: `heap after GC: ${soak.series.map((s) => `${Math.round(s.events / 1000)}k ${mb(s.heapBytes)}`).join(', ')}; frame log dropped ${soak.frameLogDropped} entries; event log rows ${soak.logRows}, dropped ${soak.eventLogDropped}`,
    },
  ];
}
