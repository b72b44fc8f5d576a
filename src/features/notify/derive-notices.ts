/**
 * What changed since the tab last looked, in the terms the person is called about: gates
 * that opened, gates that closed (answered here or elsewhere, timed out), and watched runs
 * that ended. Pure: the notifier keeps the previous sightings and acts on the result.
 */
import type { RunStatus } from '@/protocol/run-event';

/** A gate waiting in this tab, keyed the same in every tab of the browser. */
export type GateSighting = Readonly<{ key: string; question: string; runLabel: string }>;
/** A run this tab follows live, with its status now. */
export type RunSighting = Readonly<{ key: string; runLabel: string; status: RunStatus; error?: string | undefined }>;

export type RunEnd = Readonly<{ kind: 'runFailed' | 'runFinished'; run: RunSighting }>;

export type Sightings = Readonly<{ gates: ReadonlyMap<string, GateSighting>; runs: ReadonlyMap<string, RunStatus> }>;
export const NOTHING_SEEN: Sightings = { gates: new Map(), runs: new Map() };

export type Notices = Readonly<{ opened: readonly GateSighting[]; closed: readonly string[]; ended: readonly RunEnd[]; next: Sightings }>;

const ACTIVE: ReadonlySet<RunStatus> = new Set(['pending', 'running', 'paused', 'waiting']);

/**
 * Gates new to this tab count as opened (the ledger decides whether the browser called about
 * them already). A run ends only when this tab saw it active first: a run found already over
 * on load, or after a reload, is no news.
 */
export function deriveNotices(before: Sightings, gates: readonly GateSighting[], runs: readonly RunSighting[]): Notices {
  const gateMap = new Map(gates.map((gate) => [gate.key, gate]));
  const opened = gates.filter((gate) => !before.gates.has(gate.key));
  const closed = [...before.gates.keys()].filter((key) => !gateMap.has(key));
  const ended: RunEnd[] = [];
  for (const run of runs) {
    const was = before.runs.get(run.key);
    if (was === undefined || !ACTIVE.has(was)) continue;
    if (run.status === 'failed') ended.push({ kind: 'runFailed', run });
    else if (run.status === 'succeeded' || run.status === 'cancelled') ended.push({ kind: 'runFinished', run });
  }
  return { opened, closed, ended, next: { gates: gateMap, runs: new Map(runs.map((run) => [run.key, run.status])) } };
}

/** The ledger and notification-tag key of a gate: the same run of the same backend in any tab. */
export function gateNoticeKey(runKey: string, gateId: string): string {
  return `gate|${runKey}|${gateId}`;
}

/** The ledger key of a run's end. */
export function runEndNoticeKey(runKey: string, status: RunStatus): string {
  return `run|${runKey}|${status}`;
}
