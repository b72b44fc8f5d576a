/**
 * A quick look at benchmark 1's ratio (ingest rate over bare JSON.parse of the same texts),
 * for iterating on the ingest path and profiling it. All the dialects named run in this one
 * process, in turn, each measured after the ones before it. Run it bundled, as benchmark 1 is
 * (bench/lib/node-bundle.ts says why):
 *
 *   npx esbuild bench/ingest-ratio.ts --bundle --platform=node --format=esm --packages=external \
 *     --outfile=bench/out/node/ingest-ratio.mjs
 *   node [--cpu-prof] bench/out/node/ingest-ratio.mjs <events> <runs> <dialect…>
 *
 * Built the same way from another checkout (main's, into /tmp), it gives the baseline in the
 * same minutes: run the two alternately and compare ratios, not times.
 *
 * "As a tab": benchmark 1's ratio feeds frames parsed before the timer starts, long since in
 * the old generation; a tab parses each frame as it arrives and the recording keeps it, so the
 * young frame is copied out by the collector. The last figure times parse and ingest together,
 * frame by frame, and counts what is beyond the bare parse as ingest.
 */
import type { DialectId } from '@/protocol/dialect';

import { createPipeline, feed, frameTextsFor, textLengthsFor } from './lib/session';
import { buildSteps, encodeFrames, finishSteps } from './lib/stream';
import { cpuTime } from './lib/report';

const events = Number(process.argv[2] ?? 50_000);
const runs = Number(process.argv[3] ?? 5);
const dialects = process.argv.slice(4) as DialectId[];

for (const dialect of dialects) {
  const { frames, texts } = encodeFrames(dialect, 'storm~bench', finishSteps(buildSteps(events)));
  const lengths = textLengthsFor(dialect, texts);
  const frameTexts = frameTextsFor(dialect, texts);
  let parse = Infinity;
  let ingest = Infinity;
  let asTab = Infinity;
  for (let run = 0; run < runs; run++) {
    parse = Math.min(parse, cpuTime(() => texts.forEach((text) => JSON.parse(text) as unknown)).cpuMs);
    ingest = Math.min(ingest, cpuTime(() => feed(createPipeline(dialect, 'storm~bench'), frames, 64, lengths, frameTexts)).cpuMs);
    asTab = Math.min(asTab, cpuTime(() => feedAsParsed(dialect, texts, lengths, frameTexts)).cpuMs);
  }
  const tabIngest = asTab - parse;
  process.stdout.write(
    `${dialect}: ${frames.length} frames, ingest ${ingest.toFixed(0)} ms, parse ${parse.toFixed(0)} ms, ratio ${(parse / ingest).toFixed(2)}; as a tab ${tabIngest.toFixed(0)} ms, ratio ${(parse / tabIngest).toFixed(2)}\n`,
  );
}

/** Each frame parsed from its text as it arrives, then fed (flushing every 64, as `feed`). */
function feedAsParsed(dialect: DialectId, texts: readonly string[], lengths: readonly number[], frameTexts: readonly string[] | undefined): void {
  const pipeline = createPipeline(dialect, 'storm~bench');
  for (let i = 0; i < texts.length; i++) {
    pipeline.receive(JSON.parse(texts[i] as string) as unknown, lengths[i], frameTexts?.[i]);
    if ((i + 1) % 64 === 0) pipeline.flush();
  }
  pipeline.flush();
}
