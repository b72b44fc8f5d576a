/**
 * Writes the sample recordings the start page offers (public/recordings/<dialect>-<scenario>.jsonl):
 * each dialect's fan-out and gate scenarios, recorded from the in-process simulator through
 * the app's live session. Run: `npx tsx scripts/record-samples.ts [dialect…]` (all when none named).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { DIALECTS } from '@/protocol/dialects';
import { startSimulator } from '@/simulator/server';

import { recordRun } from './record-run';

const SCENARIOS = ['fanout', 'gate'] as const;

const only = process.argv.slice(2);
const sim = await startSimulator({ timeScale: 0.25 });
try {
  for (const dialect of Object.values(DIALECTS).filter((d) => only.length === 0 || only.includes(d.id))) {
    for (const scenario of SCENARIOS) {
      const { live, text } = await recordRun(sim, dialect, scenario, `sample-${dialect.id}`, 60_000);
      live.close();
      const file = resolve('public/recordings', `${dialect.id}-${scenario}.jsonl`);
      writeFileSync(file, text);
      process.stdout.write(`${file}: ${text.split('\n').length - 2} lines, ${(text.length / 1024).toFixed(1)} KB\n`);
    }
  }
} finally {
  await sim.close();
}
