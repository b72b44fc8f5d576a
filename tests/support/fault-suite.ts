/**
 * One dialect's seeded fault runs: each scenario is played clean (straight to the simulator)
 * and under the fault proxy (drops, duplicates, reorders, pauses, cuts on a seeded schedule),
 * all at once, and each faulted run's normalised final state is compared with its clean twin.
 * Shared by the per-dialect fault tests (tests/faults/, in `npm test`) and `npm run faults:long`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import type { Dialect, StartConfig } from '@/protocol/dialect';
import type { SimulatorHandle } from '@/simulator/server';

import { emptyStats, type FaultRates, type FaultStats } from './fault-channel';
import { startFaultProxy } from './fault-proxy';
import { isFinished, normalise, openRun, type Normalised } from './fault-run';

export const SCENARIOS_BY_SEED = ['fanout', 'retry', 'gate'] as const;

export type SeedOutcome = Readonly<{ seed: number; scenario: string; equal: boolean; clean: Partial<Normalised>; faulted: Partial<Normalised>; stats: FaultStats; gaps: number; events: number }>;

export type SuiteOptions = Readonly<{
  dialect: Dialect;
  sim: SimulatorHandle;
  seeds: readonly number[];
  /** Cut every connection every [min, max] ms of wall time (none when absent). */
  cutEveryMs?: readonly [number, number];
  /** Protocols whose keys survive a reconnect (all but myagent, which renumbers per connection). */
  keyed: boolean;
  spare?: (unit: string) => boolean;
  /** The faults this protocol's transport can really produce (the rates when absent). */
  rates?: FaultRates;
  settleMs?: number;
  /**
   * 'exact' compares everything; 'state' leaves out chapters, the event multiset and keys
   * (for decoders that synthesise chapter and cost events from per-connection state, which a
   * fresh decoder after a reconnect may say differently: see the report of issue 6);
   * 'outcome' also leaves out the streamed words (myagent's server coalesces its partial
   * answers by wall time, so which words are sent differs from run to run by design);
   * 'watched' is 'state' for a protocol whose client watches over REST after a cut (MARS):
   * the total cost, not its points (REST gives totals, recorded as differences); no gates
   * (an approval asked and decided while the tab watched leaves no trace the REST API shows);
   * and in a failed run a finished node reads "ended" whether it succeeded, failed or never
   * ran — MARS sets every node failed when a run fails, so a tab that did not see a node
   * finish (or never start) cannot tell (the socket's tab keeps what it saw).
   */
  compare?: 'exact' | 'state' | 'outcome' | 'watched';
  /** The start form's choices for a scenario (MARS: its default mode never asks, so the gate story needs one that does). */
  startConfigFor?: (scenario: string) => StartConfig | undefined;
}>;

function view(n: Normalised, compare: SuiteOptions['compare']): Partial<Normalised> {
  if (compare === undefined || compare === 'exact') return n;
  const { status, nodes, costMicros, costPoints, gates, words, graph } = n;
  if (compare === 'watched') return { status, nodes: status === 'failed' ? endedAlike(nodes) : nodes, costMicros, words, graph };
  return compare === 'state' ? { status, nodes, costMicros, costPoints, gates, words, graph } : { status, nodes, costMicros, costPoints, gates, graph };
}

function endedAlike(nodes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(nodes).map(([id, status]) => [id, status.replace(/^(succeeded|failed|not_run)@/, 'ended@')]));
}

function startConfigOf(options: SuiteOptions, scenario: string): { startConfig?: StartConfig } {
  const startConfig = options.startConfigFor?.(scenario);
  return startConfig ? { startConfig } : {};
}

async function playClean(options: SuiteOptions, scenario: string, tag: string): Promise<Normalised> {
  const { live, stop } = openRun({ dialect: options.dialect, sim: options.sim, baseUrl: options.sim.url, runId: `${scenario}~clean-${tag}`, scenario, ...startConfigOf(options, scenario) });
  try {
    await until(() => isFinished(live.session), options.settleMs ?? 20_000);
    await new Promise((resolve) => setTimeout(resolve, 200)); // trailing frames after the terminal one
    return normalise(live.session, options.keyed);
  } finally {
    stop();
  }
}

async function playFaulted(options: SuiteOptions, seed: number, clean: Normalised, scenario: string, tag: string): Promise<SeedOutcome> {
  const proxy = await startFaultProxy({ target: options.sim.url, seed, ...(options.cutEveryMs ? { cutEveryMs: options.cutEveryMs } : {}), ...(options.spare ? { spare: options.spare } : {}), ...(options.rates ? { rates: options.rates } : {}) });
  const { live, stop } = openRun({ dialect: options.dialect, sim: options.sim, baseUrl: proxy.url, runId: `${scenario}~fault-${tag}-${seed}`, scenario, ...startConfigOf(options, scenario) });
  try {
    // Cuts go on until the state matches (or time runs out): a lost tail is only seen on a reconnect.
    const expected = view(clean, options.compare);
    await until(() => isFinished(live.session) && isDeepStrictEqual(view(normalise(live.session, options.keyed), options.compare), expected), options.settleMs ?? 20_000);
    const full = normalise(live.session, options.keyed);
    const faulted = view(full, options.compare);
    const state = live.session.run.getState();
    if (process.env.FAULT_DUMP_DIR && !isDeepStrictEqual(faulted, expected)) dumpRecording(process.env.FAULT_DUMP_DIR, `${options.dialect.id}-${scenario}-${seed}`, live.session.exportRecording());
    return { seed, scenario, equal: isDeepStrictEqual(faulted, expected), clean: expected, faulted, stats: { ...proxy.stats }, gaps: state.stats.gaps, events: full.events.length };
  } finally {
    stop();
    await proxy.close();
  }
}

export async function runFaultSuite(options: SuiteOptions): Promise<SeedOutcome[]> {
  const tag = `${options.dialect.id}-${Date.now().toString(36)}`;
  const scenarios = [...new Set(options.seeds.map((seed) => SCENARIOS_BY_SEED[seed % SCENARIOS_BY_SEED.length] as string))];
  const cleanRuns = new Map(await Promise.all(scenarios.map(async (s) => [s, await playClean(options, s, tag)] as const)));
  // At most BATCH runs at once: a hundred concurrent runs on a small machine would test the CPU, not the protocol.
  const outcomes: SeedOutcome[] = [];
  for (let at = 0; at < options.seeds.length; at += BATCH) {
    const batch = options.seeds.slice(at, at + BATCH).map((seed) => {
      const scenario = SCENARIOS_BY_SEED[seed % SCENARIOS_BY_SEED.length] as string;
      return playFaulted(options, seed, cleanRuns.get(scenario) as Normalised, scenario, tag);
    });
    outcomes.push(...(await Promise.all(batch)));
  }
  return outcomes;
}

const BATCH = 10;

export function totals(outcomes: readonly SeedOutcome[]): FaultStats & { gaps: number; events: number } {
  const sum = { ...emptyStats(), gaps: 0, events: 0 };
  for (const o of outcomes) {
    for (const key of Object.keys(o.stats) as (keyof FaultStats)[]) sum[key] += o.stats[key];
    sum.gaps += o.gaps;
    sum.events += o.events;
  }
  return sum;
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!check() && Date.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** `FAULT_DUMP_DIR=<dir>`: the recording of every faulted run that ended wrong, to replay and read. */
function dumpRecording(dir: string, name: string, jsonl: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.jsonl`), jsonl);
}
