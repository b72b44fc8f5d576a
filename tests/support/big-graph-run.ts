/**
 * A Shannon run whose task list declares a big layered DAG (each task depends on one or
 * two tasks of the layer before: ~1.5 edges per node), served by the simulator's real
 * Shannon backend. Shared by benchmark 4, the overview browser test and the screenshots.
 */
import { createShannonEncoder, type ShannonWire } from '@/simulator/backends/shannon-encoder';
import type { SimStep } from '@/simulator/engine/scenario';
import type { SimulatorHandle } from '@/simulator/server';

import { StormRun } from '../../bench/lib/storm-run';

export function bigDagSteps(nodes: number, running = 10): SimStep[] {
  const ids = Array.from({ length: nodes }, (_, i) => `t${i}`);
  const edges: { source: string; target: string }[] = [];
  for (let i = 1; i < nodes; i++) {
    edges.push({ source: ids[Math.floor((i - 1) / 2)] ?? 't0', target: ids[i] ?? 't0' });
    if (i % 2 === 0 && i > 2) edges.push({ source: ids[Math.floor((i - 3) / 2)] ?? 't0', target: ids[i] ?? 't0' });
  }
  return [
    { op: 'run.start', title: `Big graph ${nodes}` },
    { op: 'plan', nodes: ids.map((id, i) => ({ id, label: `Task ${i}`, kind: 'agent' })), edges },
    ...ids.slice(0, running).map((node): SimStep => ({ op: 'node.start', node })),
  ];
}

/**
 * Shannon's encoder re-sends the whole task list with every status change, as Shannon
 * does; with 10,000 tasks that is 1 MB a change — 1 GB/s at 1,000 changes/s, no real
 * stream. After the plan, these runs send the per-agent events only (AGENT_STARTED,
 * AGENT_COMPLETED, ...: what the decoder turns into statuses), renumbered so the frames
 * left out are no gap in Shannon's seq.
 */
function planOnceEncoder() {
  const encode = createShannonEncoder();
  let seq = 0;
  return (step: SimStep, facts: Parameters<typeof encode>[1]): ShannonWire[] =>
    encode(step, facts)
      .filter((frame) => step.op === 'plan' || frame.type !== 'TASKLIST_UPDATED')
      .map((frame) => ({ ...frame, seq: ++seq }));
}

/** Registers the run with the simulator (dialect `shannon`); `emit` sends more steps. */
export function startBigGraphRun(sim: SimulatorHandle, runId: string, nodes: number): StormRun<ShannonWire> {
  const run = new StormRun<ShannonWire>(runId, planOnceEncoder()).register(sim, 'shannon');
  run.emit(bigDagSteps(nodes));
  return run;
}
