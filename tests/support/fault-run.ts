/**
 * Runs one scenario through the app's live session (createLiveSession, paintAtOnce, `ws`) and
 * reduces the result to a normalised snapshot that two runs of the same scenario share
 * exactly: node statuses and attempts, run status, cost total and points, gates and their
 * outcome, chapters, the multiset of non-log events and of streamed words per node, and (for
 * protocols whose keys survive a reconnect) the multiset of event keys. Used by the fault
 * tests (tests/faults/*-faults.test.ts) and `npm run faults:long`.
 */
import WebSocket from 'ws';

import { createLiveSession, type LiveSession, paintAtOnce } from '@/session';
import type { Dialect, StartConfig } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import type { SimulatorHandle } from '@/simulator/server';
import type { RunSession } from '@/stores/run-session';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { nodeRecord } from '@/stores/node-map';

export type Normalised = Readonly<{
  status: string;
  nodes: Record<string, string>;
  costMicros: number;
  costPoints: string[];
  gates: Record<string, string>;
  chapters: string[];
  events: string[];
  words: Record<string, string[]>;
  keys: string[];
  graph: string[];
}>;

/**
 * Events that only say how the stream was carried (reconnects, snapshots, resumes), not what
 * happened; graph.defined re-announces structure (a fresh decoder per connection may say it
 * again), so the final graph is compared instead.
 */
const TRANSPORT_ONLY = new Set(['log', 'node.status', 'raw', 'graph.defined']);

export function normalise(session: Pick<RunSession, 'run' | 'log' | 'nodeStatus'>, keyed: boolean): Normalised {
  const state = session.run.getState();
  const runId = state.runId;
  const events: string[] = [];
  const keys: string[] = [];
  const words: Record<string, string[]> = {};
  for (let i = 0; i < session.log.length; i++) {
    const event = session.log.at(i)?.event;
    if (!event) continue;
    if (event.type === 'node.output') {
      (words[event.nodeId] ??= []).push(...event.delta.split(/\s+/).filter(Boolean));
      continue;
    }
    if (TRANSPORT_ONLY.has(event.type)) continue;
    // Keyed protocols: an event without a key is the client's own (snapshot terminal, replay note).
    if (keyed && event.key === undefined) continue;
    events.push(signature(event).replaceAll(runId, '<run>'));
    if (keyed && event.key !== undefined && event.type !== 'graph.defined') keys.push(`${event.key.replaceAll(runId, '<run>')}|${event.type}`);
  }
  for (const list of Object.values(words)) list.sort();
  const nodes = Object.fromEntries(Object.entries(nodeRecord(session.nodeStatus.getState().byId)).map(([id, n]) => [id, `${n.status}@${n.attempt}`]));
  const gates = Object.fromEntries(Object.values(state.gates).map((g) => [g.gateId.replaceAll(runId, '<run>'), `${g.status}:${g.resolution?.decision ?? ''}`]));
  return {
    status: state.status,
    nodes: sortKeys(nodes),
    costMicros: state.cost.totalMicros,
    costPoints: state.cost.points.map((p) => `${p.nodeId ?? ''}:${p.micros}`).sort(),
    gates: sortKeys(gates),
    chapters: state.chapters.map((c) => `${c.id}:${c.status}`),
    events: events.sort(),
    words: sortKeys(words),
    keys: keys.sort(),
    graph: [...Object.keys(state.graph.nodes).sort(), ...state.graph.edges.map((e) => `${e.source}->${e.target}`).sort()],
  };
}

function signature(event: RunEvent): string {
  const e = event as Record<string, unknown>;
  return [event.type, e.nodeId, e.gateId, e.chapterId, e.attempt, e.tool, e.decision].map((v) => (v === undefined ? '' : String(v))).join('|');
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

export type RunOptions = Readonly<{ dialect: Dialect; sim: SimulatorHandle; baseUrl: string; runId: string; scenario: string; startConfig?: StartConfig }>;

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

/** Starts the live session; approves the scenario's gate on the simulator as another reviewer. */
export function openRun({ dialect, sim, baseUrl, runId, scenario, startConfig }: RunOptions): { live: LiveSession; stop: () => void } {
  const starts = dialect.capabilities.startsRuns;
  const live = createLiveSession({
    dialect,
    params: { baseUrl: simulatorBackendUrl(dialect, baseUrl), runId },
    ...(starts ? { start: `[scenario:${scenario}] ${scenario}`, ...(startConfig ? { startConfig } : {}) } : {}),
    schedule: paintAtOnce,
    WebSocketImpl: WebSocket as never,
  });
  const firstSession = { id: '' };
  const approver = setInterval(() => {
    const id = live.session.runId;
    if (!firstSession.id && id.startsWith('sess-')) firstSession.id = id;
    const simRunId = dialect.id === 'myagent' ? `${scenario}~${firstSession.id}` : runId;
    const run = sim.runs.get(`${dialect.id}:${simRunId}`);
    for (const gateId of run?.pendingGateIds ?? []) run?.decide(gateId, 'approve', 'another-reviewer', 'approved');
  }, 50);
  return {
    live,
    stop: () => {
      clearInterval(approver);
      live.close();
    },
  };
}

export function isFinished(session: RunSession): boolean {
  return TERMINAL.has(session.run.getState().status);
}
