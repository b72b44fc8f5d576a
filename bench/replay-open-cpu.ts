/**
 * One recording opened to its end five times in one process, by CPU time (median and
 * least): on a shared machine CPU time says what a change to the open costs where wall time
 * mostly says how long the process waited for a core. Run it in two checkouts to compare:
 *
 *   npx tsx bench/replay-open-cpu.ts [recording.jsonl]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { createReplaySession } from '@/session';

import { nodeBundle } from './lib/node-bundle';

async function child(path: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(path));
  const cpu: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = process.cpuUsage();
    const replay = await createReplaySession({ recording: bytes });
    replay.cursor.seek(replay.timeline.total);
    const used = process.cpuUsage(started);
    cpu.push((used.user + used.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  console.log(`CPU per open: median ${cpu[2]?.toFixed(0)} ms, least ${cpu[0]?.toFixed(0)} ms`);
}

const [path = 'bench/out/replay-diverse-relavium-100000.keyframed.jsonl'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (process.argv.includes('--child')) await child(path);
else execFileSync(process.execPath, [nodeBundle('bench/replay-open-cpu.ts'), path, '--child'], { stdio: 'inherit' });
