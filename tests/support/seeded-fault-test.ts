/**
 * One dialect's seeded fault test (issue 6), shared by the per-dialect files in tests/faults/
 * so vitest runs the dialects in parallel: a simulator of its own (time scaled to a tenth),
 * SEED_COUNT seeded runs under the fault proxy (drop 1%, duplicate 1%, reorder within 5,
 * short pauses, every connection cut every 0.4–1.2 s), each compared with its clean twin.
 * `FAULT_SEEDS=100` (npm run faults:long) runs more seeds; the figures are printed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { DialectId, StartConfig } from '@/protocol/dialect';
import { DIALECTS } from '@/protocol/dialects';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import type { FaultRates } from './fault-channel';
import { runFaultSuite, totals } from './fault-suite';

/** Seeds per dialect: 5 in `npm test`, `FAULT_SEEDS=100` in `npm run faults:long`. */
export const SEED_COUNT = Number(process.env.FAULT_SEEDS ?? 5);

/**
 * `FAULT_SEED_ONLY=33` or `31-40` or `7,33`: only these seeds (to replay one that failed, alone
 * and in the same scenario it had in the long run); all of 1..SEED_COUNT when absent.
 */
export function chosenSeeds(only = process.env.FAULT_SEED_ONLY, count = SEED_COUNT): number[] {
  if (!only) return Array.from({ length: count }, (_, i) => i + 1);
  return only.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    return Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
  });
}

export type SeededFaultTest = Readonly<{
  id: DialectId;
  /** Protocols whose event keys survive a reconnect (all but myagent, which renumbers per connection). */
  keyed: boolean;
  compare: 'exact' | 'state' | 'outcome' | 'watched';
  spare?: (unit: string) => boolean;
  rates?: FaultRates;
  /** Cut connections (default). False where a cut ends the run by the server's design (myagent). */
  cuts?: boolean;
  /** The start form's choices for a scenario (see SuiteOptions.startConfigFor). */
  startConfigFor?: (scenario: string) => StartConfig | undefined;
}>;

export function describeSeededFaults({ id, keyed, compare, spare, rates, cuts = true, startConfigFor }: SeededFaultTest): void {
  const seeds = chosenSeeds();
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await startSimulator({ timeScale: 0.1 });
  });
  afterAll(async () => {
    await sim.close();
  });

  describe(`${id} under seeded faults`, () => {
    test(`${seeds.length} seeded runs end exactly like the clean run`, async () => {
      const started = Date.now();
      const outcomes = await runFaultSuite({ dialect: DIALECTS[id], sim, seeds, ...(cuts ? { cutEveryMs: [400, 1200] as const } : {}), keyed, compare, ...(spare ? { spare } : {}), ...(rates ? { rates } : {}), ...(startConfigFor ? { startConfigFor } : {}) });
      for (const outcome of outcomes) {
        expect(outcome.faulted, `${id} seed ${outcome.seed} (${outcome.scenario})`).toEqual(outcome.clean);
      }
      const sum = totals(outcomes);
      // The runs must have been faulted for the comparison to mean anything.
      if (cuts) expect(sum.cuts).toBeGreaterThan(0);
      expect(sum.dropped + sum.duplicated + sum.reordered).toBeGreaterThan(0);
      console.info(`[faults] ${id}: ${seeds.length} seeds in ${Date.now() - started} ms, ${JSON.stringify(sum)}`);
    }, 40_000 + seeds.length * 4_000);
  });
}
