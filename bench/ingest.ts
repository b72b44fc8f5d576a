/**
 * Benchmark 1 — ingest in Node: a mixed stream per dialect (bench/lib/stream.ts) through
 * locate + sequence + interpret + store update, compared with bare JSON.parse of the same
 * frames' text (the limit: a transport must at least parse each frame).
 *
 * - Rate: 100k events per dialect, flushing every 64 frames (one flush per animation frame
 *   at ~4k frames/s). Parse and ingest runs alternate and the best of each counts, so a
 *   burst of load on the shared machine hits both alike. Times are CPU times (report.ts).
 * - Flush per frame (the worst case of a slow stream), relavium.
 * - All six in one process (`mixed`, a child of its own): every dialect's frames are encoded and
 *   every pipeline run once before anything is timed, then the runs go round the dialects in
 *   turn (parse, ingest; next dialect), so each dialect is measured with the JIT and the heap as
 *   the other five leave them: a tab watching several protocols at once.
 * - Linearity and heap: every dialect at 100k and at 1M events, each in a child process
 *   (bench/memory-child.ts) that encodes and feeds in chunks and takes the heap after GC;
 *   10× the events must take ≤ 11× the time (no hidden quadratic) and fit in 300 MB. The 100k
 *   time is the median of three runs.
 */
import { DIALECT_IDS, type DialectId } from '@/protocol/dialect';

import { runChild } from './memory';
import type { ChildResult } from './memory-child';
import { createPipeline, feed, frameTextsFor, textLengthsFor } from './lib/session';
import { buildSteps, encodeFrames, finishSteps } from './lib/stream';
import { bestCpuMs, cpuTime, mb, rate, type BenchOptions, type BenchRow } from './lib/report';

const RUN_ID = 'storm~bench';
const BATCH = 64;
const HEAP_BUDGET = 300 * 1024 * 1024;

type Measured = { frames: number; ingestMs: number; parseMs: number; parsePlusIngestMs: number };

function measure(dialect: DialectId, events: number, runs: number): Measured {
  const { frames, texts } = encodeFrames(dialect, RUN_ID, finishSteps(buildSteps(events)));
  const lengths = textLengthsFor(dialect, texts);
  const frameTexts = frameTextsFor(dialect, texts);
  let parseMs = Number.POSITIVE_INFINITY;
  let ingestMs = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    parseMs = Math.min(parseMs, cpuTime(() => texts.forEach((text) => JSON.parse(text) as unknown)).cpuMs);
    ingestMs = Math.min(ingestMs, cpuTime(() => feed(createPipeline(dialect, RUN_ID), frames, BATCH, lengths, frameTexts)).cpuMs);
  }
  const parsePlusIngestMs = cpuTime(() => feed(createPipeline(dialect, RUN_ID), texts.map((t) => JSON.parse(t) as unknown), BATCH, lengths, frameTexts)).cpuMs;
  return { frames: frames.length, ingestMs, parseMs, parsePlusIngestMs };
}

function rateRow(dialect: DialectId, events: number, runs: number, log: BenchOptions['log']): BenchRow {
  const m = measure(dialect, events, runs);
  const ingestRate = (m.frames / m.ingestMs) * 1000;
  const parseRate = (m.frames / m.parseMs) * 1000;
  const ratio = ingestRate / parseRate;
  log(`ingest ${dialect}: ${m.frames} frames, ingest ${m.ingestMs.toFixed(0)} ms, JSON.parse ${m.parseMs.toFixed(0)} ms, parse+ingest ${m.parsePlusIngestMs.toFixed(0)} ms (CPU)`);
  return {
    bench: `1 ingest ${dialect} ${events / 1000}k`,
    figure: `${rate(ingestRate)} (${ratio.toFixed(2)}× parse; with parse ${rate((m.frames / m.parsePlusIngestMs) * 1000)})`,
    budget: '≥ 0.50× JSON.parse',
    against: `JSON.parse ${rate(parseRate)}`,
    met: ratio >= 0.5,
  };
}

type Prepared = { dialect: DialectId; frames: unknown[]; texts: string[]; lengths: number[] | undefined; frameTexts: readonly string[] | undefined; parseMs: number; ingestMs: number };

/** Every dialect in this one process, round-robin; see the header. */
function mixedRows(dialects: readonly DialectId[], events: number, runs: number, log: BenchOptions['log']): BenchRow[] {
  const all: Prepared[] = dialects.map((dialect) => {
    const { frames, texts } = encodeFrames(dialect, RUN_ID, finishSteps(buildSteps(events)));
    return { dialect, frames, texts, lengths: textLengthsFor(dialect, texts), frameTexts: frameTextsFor(dialect, texts), parseMs: Infinity, ingestMs: Infinity };
  });
  for (const p of all) feed(createPipeline(p.dialect, RUN_ID), p.frames, BATCH, p.lengths, p.frameTexts);
  for (let run = 0; run < runs; run++) {
    for (const p of all) {
      p.parseMs = Math.min(p.parseMs, cpuTime(() => p.texts.forEach((text) => JSON.parse(text) as unknown)).cpuMs);
      p.ingestMs = Math.min(p.ingestMs, cpuTime(() => feed(createPipeline(p.dialect, RUN_ID), p.frames, BATCH, p.lengths, p.frameTexts)).cpuMs);
    }
  }
  return all.map(({ dialect, frames, parseMs, ingestMs }) => {
    const ratio = parseMs / ingestMs;
    log(`ingest ${dialect} (all six in one process): ${frames.length} frames, ingest ${ingestMs.toFixed(0)} ms, JSON.parse ${parseMs.toFixed(0)} ms (CPU)`);
    return {
      bench: `1 ingest ${dialect} ${events / 1000}k, all six in one process`,
      figure: `${rate((frames.length / ingestMs) * 1000)} (${ratio.toFixed(2)}× parse)`,
      budget: '≥ 0.30× JSON.parse',
      against: `JSON.parse ${rate((frames.length / parseMs) * 1000)}`,
      met: ratio >= 0.3,
    };
  });
}

function flushPerFrameRow(events: number, runs: number): BenchRow {
  const { frames, texts } = encodeFrames('relavium', RUN_ID, finishSteps(buildSteps(events)));
  const lengths = textLengthsFor('relavium', texts);
  const ms = bestCpuMs(() => feed(createPipeline('relavium', RUN_ID), frames, 1, lengths), runs);
  const perSecond = (frames.length / ms) * 1000;
  return { bench: '1 ingest relavium, flush per frame', figure: rate(perSecond), budget: '≥ 100k ev/s', met: perSecond >= 100_000 };
}

function linearityRow(dialect: DialectId, events: number, log: BenchOptions['log']): BenchRow {
  const bench = `1 linearity ${dialect} ${events / 1000}k→${(events * 10) / 1000}k`;
  try {
    return linearity(bench, dialect, events, log);
  } catch (error) {
    // A run out of memory or time must not cost the table the other rows.
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { bench, figure: `failed: ${why}`, budget: '≤ 11×, ≤ 300 MB', met: false };
  }
}

/**
 * The small run is the median of three: it is the divisor, and one process of a busy machine can
 * run half as fast as the next (a single small run made Shannon read 13.3× one day, 8× the next).
 */
function medianSmallRun(dialect: DialectId, events: number): ChildResult {
  const runs = [runChild(dialect, events, 1), runChild(dialect, events, 1), runChild(dialect, events, 1)].sort((a, b) => a.cpuMs - b.cpuMs);
  return runs[1] as ChildResult;
}

function linearity(bench: string, dialect: DialectId, events: number, log: BenchOptions['log']): BenchRow {
  const small = medianSmallRun(dialect, events);
  const big = runChild(dialect, events * 10, 10);
  const factor = big.cpuMs / small.cpuMs;
  const heap = big.series.at(-1)?.heapBytes ?? Number.NaN;
  const slices = big.series.map((s, i) => s.cpuMs - (big.series[i - 1]?.cpuMs ?? 0));
  log(`linearity ${dialect}: ${small.cpuMs.toFixed(0)} ms → ${big.cpuMs.toFixed(0)} ms CPU (wall ${small.wallMs.toFixed(0)} → ${big.wallMs.toFixed(0)} ms); per tenth ${slices.map((s) => s.toFixed(0)).join(' ')} ms`);
  log(`heap ${dialect} (after GC): ${big.series.map((s) => `${Math.round(s.events / 1000)}k ${mb(s.heapBytes)}`).join(', ')}; ${big.logRows} log rows, ${big.eventLogDropped} dropped; frame log dropped ${big.frameLogDropped}`);
  return {
    bench,
    figure: `${factor.toFixed(1)}× time (${(small.cpuMs / 1000).toFixed(2)} s → ${(big.cpuMs / 1000).toFixed(1)} s); heap ${mb(heap)}`,
    budget: '≤ 11×, ≤ 300 MB',
    met: factor <= 11 && heap <= HEAP_BUDGET,
  };
}

export function benchIngest({ quick, log, dialects, mixed }: BenchOptions): BenchRow[] {
  const events = quick ? 20_000 : 100_000;
  const runs = quick ? 2 : 5;
  const chosen = DIALECT_IDS.filter((dialect) => !dialects || dialects.includes(dialect));
  if (mixed) return mixedRows(chosen, events, runs, log);
  const rows = chosen.map((dialect) => rateRow(dialect, events, runs, log));
  if (chosen.includes('relavium')) rows.push(flushPerFrameRow(events, quick ? 1 : 3));
  for (const dialect of chosen) rows.push(linearityRow(dialect, events, log));
  return rows;
}
