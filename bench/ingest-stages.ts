/**
 * Where one dialect's ingest time goes, stage by stage, in one process (CPU time, best of N):
 * locate alone; locate + interpreter (the dialect); the whole ingest without stores (batches
 * taken and dropped); with the recording; the whole pipeline. Each stage's cost is its
 * difference from the one before. Run bundled like bench/ingest-ratio.ts:
 *
 *   npx esbuild bench/ingest-stages.ts --bundle --platform=node --format=esm --packages=external \
 *     --outfile=bench/out/node/ingest-stages.mjs
 *   node bench/out/node/ingest-stages.mjs <events> <runs> <dialect…>
 */
import type { DialectId } from '@/protocol/dialect';
import { DIALECTS } from '@/protocol/dialects';
import { createIngest } from '@/ingest/create-ingest';
import { FrameLog } from '@/ingest/frame-log';

import { createPipeline, feed, frameTextsFor, textLengthsFor } from './lib/session';
import { buildSteps, encodeFrames, finishSteps } from './lib/stream';
import { cpuTime } from './lib/report';

const events = Number(process.argv[2] ?? 50_000);
const runs = Number(process.argv[3] ?? 5);
const dialects = process.argv.slice(4) as DialectId[];
const RUN_ID = 'storm~bench';

for (const id of dialects) {
  const dialect = DIALECTS[id];
  const { frames, texts } = encodeFrames(id, RUN_ID, finishSteps(buildSteps(events)));
  const lengths = textLengthsFor(id, texts);
  const frameTexts = frameTextsFor(id, texts);
  const ctx = { runId: RUN_ID, connection: 0 };
  const stages: Record<string, () => void> = {
    parse: () => texts.forEach((text) => JSON.parse(text) as unknown),
    locate: () => frames.forEach((frame) => dialect.locate(frame, ctx)),
    dialect: () => {
      const interpret = dialect.createInterpreter({ runId: RUN_ID });
      for (const frame of frames) {
        const location = dialect.locate(frame, ctx);
        if (location.kind === 'placed') for (const placement of location.placements) interpret(placement);
      }
    },
    ingest: () => {
      const ingest = createIngest({ dialect, runId: RUN_ID, now: () => 0 });
      for (let i = 0; i < frames.length; i++) {
        ingest.feed(frames[i], i);
        if (i % 64 === 63) ingest.take();
      }
      ingest.take();
    },
    recorded: () => {
      const log = new FrameLog({ runboard: 1, dialect: id, transport: dialect.wire, source: 'bench', startedAt: '', runId: RUN_ID }, 0);
      const ingest = createIngest({ dialect, runId: RUN_ID, now: () => 0 });
      for (let i = 0; i < frames.length; i++) {
        ingest.feed(frames[i], log.addFrame(frames[i], 0, lengths[i], frameTexts?.[i]));
        if (i % 64 === 63) ingest.take();
      }
      ingest.take();
    },
    pipeline: () => feed(createPipeline(id, RUN_ID), frames, 64, lengths, frameTexts),
  };
  const best: Record<string, number> = {};
  for (let run = 0; run < runs; run++) {
    for (const [name, stage] of Object.entries(stages)) best[name] = Math.min(best[name] ?? Infinity, cpuTime(stage).cpuMs);
  }
  const us = (ms: number) => `${((ms * 1000) / frames.length).toFixed(2)} µs`;
  const b = best as Record<keyof typeof stages, number>;
  const parts = [
    ['parse', b.parse],
    ['locate', b.locate],
    ['interpret', (b.dialect ?? 0) - (b.locate ?? 0)],
    ['ingest rest', (b.ingest ?? 0) - (b.dialect ?? 0)],
    ['recording', (b.recorded ?? 0) - (b.ingest ?? 0)],
    ['stores', (b.pipeline ?? 0) - (b.recorded ?? 0)],
    ['pipeline', b.pipeline],
  ] as const;
  process.stdout.write(`${id} (${frames.length} frames, ratio ${((b.parse ?? 0) / (b.pipeline ?? 1)).toFixed(2)}): ${parts.map(([name, ms]) => `${name} ${(ms ?? 0).toFixed(0)} ms (${us(ms ?? 0)})`).join(', ')}\n`);
}
