/**
 * Reading a keyframed recording's keyframes alone (what opening one costs beyond its
 * frames), by CPU time, many times: small changes to the keyframe code are lost in the
 * noise of a whole open on a shared machine. Run it in two checkouts to compare them:
 *
 *   npx tsx bench/keyframe-decode.ts [recording.keyframed.jsonl] [rounds] [--jitless]
 *
 * `--jitless` runs zod as it runs in the app's page: the page's content security policy
 * forbids the code zod generates for its compiled parsers, so there every zod parse walks
 * its value the slow way (in Node zod compiles them). Use it when a change moves work into
 * or out of zod.
 *
 * (benchmark 5's keyframed recordings are written by bench/replay-ab.ts into bench/out).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import * as z from 'zod';

import { decodeKeyframes, readKeyframeIndex } from '@/ingest/recording-keyframes';
import { RecordingLines } from '@/ingest/recording-lines';
import { fullState } from '@/ingest/replay-snapshots';
import type { LogCheckpoint } from '@/stores/event-log';
import { createNodeStatusStore } from '@/stores/node-status-store';
import { createRunStore } from '@/stores/run-store';

import { nodeBundle } from './lib/node-bundle';

const NEVER_DUE = { due: () => false, yield: () => Promise.resolve() };

async function child(path: string, rounds: number): Promise<void> {
  if (process.argv.includes('--jitless')) z.config({ jitless: true });
  const lines = new RecordingLines(new Uint8Array(readFileSync(path)));
  const index = readKeyframeIndex(lines);
  if (!index) throw new Error(`${path} has no keyframes`);
  const header = JSON.parse(lines.line(0)) as { runId?: string; dialect: string; source: string };
  const last = (JSON.parse(lines.line(lines.count - 2)) as { keyframe: { log: LogCheckpoint } }).keyframe.log;
  const frames = { total: index.frames, every: index.every, logLength: last.length, logRevision: last.revision };
  const cpu: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const base = { run: fullState(createRunStore({ runId: header.runId ?? 'recording', dialect: header.dialect, source: header.source })), byId: createNodeStatusStore().getState().byId };
    const started = process.cpuUsage();
    await decodeKeyframes(lines, index, base, frames, NEVER_DUE);
    const used = process.cpuUsage(started);
    cpu.push((used.user + used.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  console.log(`${index.count} keyframes: CPU median ${cpu[Math.floor(cpu.length / 2)]?.toFixed(0)} ms, min ${cpu[0]?.toFixed(0)} ms over ${rounds}`);
}

const [path = 'bench/out/replay-diverse-relavium-100000.keyframed.jsonl', rounds = '15'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (process.argv.includes('--child')) await child(path, Number(rounds));
else execFileSync(process.execPath, [nodeBundle('bench/keyframe-decode.ts'), path, rounds, '--child', ...(process.argv.includes('--jitless') ? ['--jitless'] : [])], { stdio: 'inherit' });
