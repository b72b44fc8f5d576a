/**
 * Benchmark 1's ingest, two builds in one process: each run parses the texts, then feeds the
 * frames through the base build's pipeline and through this one's, in turn, so a burst of load
 * on a shared machine hits both alike (separate processes moved by ±30 % here). Prints each
 * dialect's ratio to JSON.parse under both builds and head's time over base's (best run over
 * best run, and the median of each run's pair).
 *
 *   npx esbuild bench/lib/session.ts --bundle --platform=node --format=esm --packages=external \
 *     --outfile=<dir>/pipeline.mjs            (once in each checkout)
 *   npx esbuild bench/ingest-ab.ts --bundle --platform=node --format=esm --packages=external \
 *     --outfile=bench/out/node/ingest-ab.mjs
 *   node bench/out/node/ingest-ab.mjs <base pipeline.mjs> <head pipeline.mjs> <events> <runs> <dialect…>
 *
 * Both builds see every dialect named, in turn (all six: the "all six in one process" case).
 * With `AS_TAB=1` each run parses the frames' texts as it feeds them (timed with ingest).
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

import type { DialectId } from '@/protocol/dialect';

import { frameTextsFor, type createPipeline, type feed } from './lib/session';
import { buildSteps, encodeFrames, finishSteps } from './lib/stream';
import { cpuTime } from './lib/report';

type Build = Readonly<{ createPipeline: typeof createPipeline; feed: typeof feed }>;

const [basePath, headPath, eventsArg, runsArg, ...named] = process.argv.slice(2);
const load = async (path: string | undefined): Promise<Build> => (await import(pathToFileURL(resolve(path ?? '')).href)) as Build;
const builds: Record<'base' | 'head', Build> = { base: await load(basePath), head: await load(headPath) };
const events = Number(eventsArg ?? 50_000);
const runs = Number(runsArg ?? 5);
const dialects = named as DialectId[];

const prepared = dialects.map((dialect) => {
  const { frames, texts } = encodeFrames(dialect, 'storm~bench', finishSteps(buildSteps(events)));
  return { dialect, frames, texts, lengths: texts.map((text) => text.length), frameTexts: frameTextsFor(dialect, texts), parse: Infinity, base: Infinity, head: Infinity, paired: [] as number[] };
});
/** `AS_TAB=1`: each run parses its frames as it feeds them (young frames, as a tab has them): the figure is parse and ingest. */
const asTab = process.env.AS_TAB === '1';
const ingest = (build: Build, p: (typeof prepared)[number]) =>
  cpuTime(() => {
    const frames = asTab ? p.texts.map((text) => JSON.parse(text) as unknown) : p.frames;
    build.feed(build.createPipeline(p.dialect, 'storm~bench'), frames, 64, p.lengths, p.frameTexts);
  }).cpuMs;
for (const p of prepared) for (const build of Object.values(builds)) ingest(build, p);
for (let run = 0; run < runs; run++) {
  for (const p of prepared) {
    p.parse = Math.min(p.parse, cpuTime(() => p.texts.forEach((text) => JSON.parse(text) as unknown)).cpuMs);
    // Which build goes first alternates, so neither always follows the other's garbage.
    const order = run % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const);
    const ms = { base: 0, head: 0 };
    for (const name of order) ms[name] = ingest(builds[name], p);
    p.base = Math.min(p.base, ms.base);
    p.head = Math.min(p.head, ms.head);
    p.paired.push(ms.head / ms.base);
  }
}
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

for (const p of prepared) {
  const line = `${p.dialect}: parse ${p.parse.toFixed(0)} ms; base ${p.base.toFixed(0)} ms (${(p.parse / p.base).toFixed(2)}×), head ${p.head.toFixed(0)} ms (${(p.parse / p.head).toFixed(2)}×); head/base time ${(p.head / p.base).toFixed(3)} (best runs), ${median(p.paired).toFixed(3)} (median of runs)`;
  process.stdout.write(`${line}\n`);
}
