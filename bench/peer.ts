/**
 * Benchmark 2 — the peer: the same AG-UI stream (bench/lib/stream.ts: messages of ~50
 * tokens) through @ag-ui/client's own pipeline (verifyEvents + defaultApplyEvents, with
 * the agent taking each mutation as AbstractAgent.processApplyEvents does) and through
 * Runboard's agui dialect + ingest. Both are measured on the full stream, never
 * extrapolated (the peer's cost grows with the square of the run: about a minute at 100k
 * here), in CPU time (bench/lib/report.ts: the machine is shared), wall time logged beside.
 */
import { AbstractAgent, defaultApplyEvents, verifyEvents } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { EMPTY, from, lastValueFrom, tap, type Observable } from 'rxjs';

import { createPipeline, feed, frameTextsFor, textLengthsFor } from './lib/session';
import { buildSteps, encodeFrames, finishSteps } from './lib/stream';
import { bestCpuMs, type BenchOptions, type BenchRow } from './lib/report';

const RUN_ID = 'storm~peer';

class BenchAgent extends AbstractAgent {
  run(): Observable<BaseEvent> {
    return EMPTY;
  }
}

async function peerMs(wires: readonly unknown[]): Promise<{ cpuMs: number; wallMs: number }> {
  const agent = new BenchAgent({ threadId: RUN_ID });
  const input: RunAgentInput = { threadId: RUN_ID, runId: 'peer', messages: [], tools: [], context: [], state: {}, forwardedProps: {} };
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const mutations$ = defaultApplyEvents(input, from(wires as BaseEvent[]).pipe(verifyEvents()), agent, []).pipe(
    tap((mutation) => {
      if (mutation.messages) agent.messages = mutation.messages;
      if (mutation.state !== undefined) agent.state = mutation.state;
    }),
  );
  await lastValueFrom(mutations$, { defaultValue: undefined });
  const used = process.cpuUsage(cpu);
  const elapsed = { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - wall };
  if (agent.messages.length === 0) throw new Error('the peer applied no messages: the benchmark is wrong');
  return elapsed;
}

export async function benchPeer({ quick, log }: BenchOptions): Promise<BenchRow[]> {
  const full = quick ? 20_000 : 100_000;
  const { wires, frames, texts } = encodeFrames('agui', RUN_ID, finishSteps(buildSteps(full)));
  const lengths = textLengthsFor('agui', texts);
  const frameTexts = frameTextsFor('agui', texts);
  const peer = await peerMs(wires);
  log(`peer @ag-ui/client ${wires.length} events: ${(peer.cpuMs / 1000).toFixed(1)} s CPU (wall ${(peer.wallMs / 1000).toFixed(1)} s)`);
  feed(createPipeline('agui', RUN_ID), frames, 64, lengths, frameTexts); // warm-up
  const ours = bestCpuMs(() => feed(createPipeline('agui', RUN_ID), frames, 64, lengths, frameTexts), 3);
  const ratio = peer.cpuMs / ours;
  log(`Runboard ${wires.length} events: ${ours.toFixed(0)} ms CPU`);
  return [
    {
      bench: `2 peer agui ${full / 1000}k`,
      figure: `Runboard ${ours.toFixed(0)} ms; ${ratio.toFixed(0)}× faster`,
      budget: '≥ 200× faster',
      against: `@ag-ui/client ${(peer.cpuMs / 1000).toFixed(1)} s measured (${wires.length} events)`,
      met: ratio >= 200,
    },
  ];
}
