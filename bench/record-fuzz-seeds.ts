/**
 * Records the fuzz seeds: every dialect plays every simulator scenario over its real
 * transport through the app's live session, and the raw frames it received are written to
 * tests/fixtures/fuzz/<dialect>.jsonl (one frame per line). The fuzz tests mutate these
 * valid frames. Re-run after a dialect or encoder changes: `npx tsx bench/record-fuzz-seeds.ts`.
 */
import { writeFileSync } from 'node:fs';

import WebSocket from 'ws';

import { createLiveSession, paintAtOnce } from '@/session';
import { DIALECTS } from '@/protocol/dialects';
import { startSimulator } from '@/simulator/server';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

const SCENARIOS = ['fanout', 'retry', 'gate', 'cancel'];
const sim = await startSimulator({ timeScale: 0.02 });

for (const dialect of Object.values(DIALECTS)) {
  const lines: string[] = [];
  for (const scenario of SCENARIOS) {
    const runId = `${scenario}~seed-${dialect.id}`;
    const live = createLiveSession({
      dialect,
      params: { baseUrl: simulatorBackendUrl(dialect, sim.url), runId },
      ...(dialect.capabilities.startsRuns ? { start: `[scenario:${scenario}] seed` } : {}),
      schedule: paintAtOnce,
      WebSocketImpl: WebSocket as never,
    });
    const deadline = Date.now() + 6000;
    const run = live.session.run;
    while (Date.now() < deadline && !['succeeded', 'failed', 'cancelled'].includes(run.getState().status)) {
      if (scenario === 'gate' && run.getState().gateOrder.length > 0) {
        await new Promise((r) => setTimeout(r, 300));
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    live.close();
    const recording = live.session.exportRecording().trim().split('\n').slice(1);
    for (const line of recording) {
      const entry = JSON.parse(line) as { frame?: unknown };
      if ('frame' in entry) lines.push(JSON.stringify(entry.frame));
    }
    console.log(`${dialect.id} ${scenario}: status ${run.getState().status}, ${run.getState().stats.frames} frames, ${run.getState().stats.rejected} rejected`);
  }
  writeFileSync(`tests/fixtures/fuzz/${dialect.id}.jsonl`, `${lines.join('\n')}\n`);
}
await sim.close();
