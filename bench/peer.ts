/**
 * Benchmark 2 — the peer: the same AG-UI stream (bench/lib/stream.ts: messages of ~50
 * tokens) through @ag-ui/client's own pipeline (verifyEvents + defaultApplyEvents, with
 * the agent taking each mutation as AbstractAgent.processApplyEvents does) and through
 * Runboard's agui dialect + ingest. The peer's cost grows with the square of the run, so
 * it is measured at growing sizes, fitted (t = a·n²), and run at full size only when the
 * fit says it ends within the time limit; what was extrapolated is labelled as such.
 */
import { AbstractAgent, defaultApplyEvents, verifyEvents } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { EMPTY, from, lastValueFrom, tap, type Observable } from 'rxjs';

import { createPipeline, feed } from './lib/session';
import { buildSteps, encodeFrames, finishSteps } from './lib/stream';
import type { BenchOptions, BenchRow } from './lib/report';

const RUN_ID = 'storm~peer';
const FULL_RUN_LIMIT_MS = 180_000;

class BenchAgent extends AbstractAgent {
  run(): Observable<BaseEvent> {
    return EMPTY;
  }
}

function aguiStream(events: number) {
  return encodeFrames('agui', RUN_ID, finishSteps(buildSteps(events)));
}

async function peerMs(wires: readonly unknown[]): Promise<number> {
  const agent = new BenchAgent({ threadId: RUN_ID });
  const input: RunAgentInput = { threadId: RUN_ID, runId: 'peer', messages: [], tools: [], context: [], state: {}, forwardedProps: {} };
  const start = performance.now();
  const mutations$ = defaultApplyEvents(input, from(wires as BaseEvent[]).pipe(verifyEvents()), agent, []).pipe(
    tap((mutation) => {
      if (mutation.messages) agent.messages = mutation.messages;
      if (mutation.state !== undefined) agent.state = mutation.state;
    }),
  );
  await lastValueFrom(mutations$, { defaultValue: undefined });
  const elapsed = performance.now() - start;
  if (agent.messages.length === 0) throw new Error('the peer applied no messages: the benchmark is wrong');
  return elapsed;
}

function runboardMs(frames: readonly unknown[]): number {
  const start = performance.now();
  feed(createPipeline('agui', RUN_ID), frames, 64);
  return performance.now() - start;
}

export async function benchPeer({ quick, log }: BenchOptions): Promise<BenchRow[]> {
  const full = quick ? 20_000 : 100_000;
  const sizes = quick ? [2_500, 5_000] : [5_000, 10_000, 20_000];
  let sumNT = 0;
  let sumN4 = 0;
  const points: [number, number][] = [];
  for (const n of sizes) {
    const { wires } = aguiStream(n);
    const t = await peerMs(wires);
    log(`peer @ag-ui/client ${wires.length} events: ${(t / 1000).toFixed(2)} s`);
    points.push([wires.length, t]);
    sumNT += wires.length ** 2 * t;
    sumN4 += wires.length ** 4;
  }
  const a = sumNT / sumN4; // least squares for t = a·n²
  const first: [number, number] = points[0] ?? [1, 1];
  const last: [number, number] = points.at(-1) ?? [2, 1];
  const exponent = Math.log(last[1] / first[1]) / Math.log(last[0] / first[0]);
  const { wires, frames } = aguiStream(full);
  const predicted = a * wires.length ** 2;
  let peer = predicted;
  let measured = false;
  if (predicted <= FULL_RUN_LIMIT_MS) {
    peer = await peerMs(wires);
    measured = true;
  }
  runboardMs(frames); // warm-up
  const ours = Math.min(runboardMs(frames), runboardMs(frames));
  const ratio = peer / ours;
  log(`peer at ${wires.length}: ${measured ? 'measured' : 'extrapolated'} ${(peer / 1000).toFixed(1)} s (fit ${(predicted / 1000).toFixed(1)} s); Runboard ${ours.toFixed(0)} ms`);
  return [
    {
      bench: `2 peer agui ${full / 1000}k`,
      figure: `Runboard ${ours.toFixed(0)} ms; ${ratio.toFixed(0)}× faster`,
      budget: '≥ 100× faster',
      against: `@ag-ui/client ${(peer / 1000).toFixed(1)} s ${measured ? 'measured' : 'EXTRAPOLATED (a·n² fit)'}`,
      met: ratio >= 100,
      note: `peer measured at ${points.map(([n, t]) => `${n}: ${(t / 1000).toFixed(1)} s`).join(', ')}; quadratic fit t = ${a.toExponential(3)}·n² ms predicts ${(predicted / 1000).toFixed(0)} s at ${wires.length} events (the measured growth is n^${exponent.toFixed(1)}, so the quadratic extrapolation is the peer's best case)`,
    },
  ];
}
