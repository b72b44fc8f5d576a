/**
 * A recording opened to its end by two builds of the replay engine in one process, in turns,
 * by CPU time: on a shared machine separate processes moved the same code's open from 1.1 to
 * 1.6 s, more than most changes to it, where two builds opened in turns meet the same load.
 * Prints each build's least and median CPU per open and the median of head's over base's,
 * pair by pair.
 *
 *   npx esbuild src/session/index.ts --bundle --platform=node --format=esm --packages=external \
 *     --outfile=bench/out/node/session.mjs    (in each checkout: its packages resolve from there)
 *   npx esbuild bench/replay-open-ab.ts --bundle --platform=node --format=esm --packages=external \
 *     --outfile=bench/out/node/replay-open-ab.mjs
 *   node bench/out/node/replay-open-ab.mjs <base>/bench/out/node/session.mjs bench/out/node/session.mjs \
 *     <recording.jsonl> [opens]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { createReplaySession } from '@/session';

import { percentile } from './lib/report';

type Build = Readonly<{ createReplaySession: typeof createReplaySession }>;

const [basePath, headPath, recordingPath, opensArg] = process.argv.slice(2);
const load = async (path: string | undefined): Promise<Build> => (await import(pathToFileURL(resolve(path ?? '')).href)) as Build;
const builds = { base: await load(basePath), head: await load(headPath) };
const bytes = new Uint8Array(readFileSync(recordingPath ?? ''));
const opens = Number(opensArg ?? 10);

async function open(build: Build): Promise<number> {
  const started = process.cpuUsage();
  const replay = await build.createReplaySession({ recording: bytes });
  replay.cursor.seek(replay.timeline.total);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

const cpu = { base: [] as number[], head: [] as number[] };
const ratios: number[] = [];
for (const build of Object.values(builds)) await open(build);
for (let i = 0; i < opens; i++) {
  // Which build goes first alternates, so neither always follows the other's garbage.
  const order = i % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const);
  const ms = { base: 0, head: 0 };
  for (const name of order) ms[name] = await open(builds[name]);
  cpu.base.push(ms.base);
  cpu.head.push(ms.head);
  ratios.push(ms.head / ms.base);
}
const describe = (list: number[]) => `least ${Math.min(...list).toFixed(0)} ms, median ${percentile(list, 50).toFixed(0)} ms`;
process.stdout.write(`CPU per open over ${opens}: base ${describe(cpu.base)}; head ${describe(cpu.head)}; head / base, median of pairs ${percentile(ratios, 50).toFixed(2)}×\n`);
