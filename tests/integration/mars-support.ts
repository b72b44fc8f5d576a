/**
 * Shared by the MARS integration tests: live sessions of the app (createLiveSession, `ws`)
 * against the simulator's real MARS server — the tab that starts a run, and the tabs that
 * only open its link — and what the simulator saw of them.
 */
import WebSocket from 'ws';

import { createLiveSession, type LiveSession, paintAtOnce } from '@/session';
import type { StartConfig } from '@/protocol/dialect';
import { marsDialect } from '@/protocol/mars/mars-dialect';
import type { RunEvent } from '@/protocol/run-event';
import type { SimulatorHandle } from '@/simulator/server';
import type { RunSession } from '@/stores/run-session';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { nodeRecord } from '@/stores/node-map';

export const suffix = () => Math.random().toString(36).slice(2, 8);

/** A mode in which MARS asks at steps (one-shot, its default, never asks): the stories' gates are step approvals. */
export const ASKS_AT_STEPS: StartConfig = { mode: 'copilot' };

/**
 * How often the tests' watching sessions poll MARS's REST API: the app's 3 s (WATCH_EVERY_MS,
 * still what the status line says) would make each watch wait seconds for its next round.
 */
export const TEST_POLL_MS = 150;

/** The tab that presses "Start run" (`start`, in the mode `startConfig` chose) or one that only opened the run's link. */
export function openMars(sim: SimulatorHandle, runId: string, start?: string, startConfig?: StartConfig): LiveSession {
  return createLiveSession({
    dialect: marsDialect,
    params: { baseUrl: simulatorBackendUrl(marsDialect, sim.url), runId },
    ...(start !== undefined ? { start, ...(startConfig ? { startConfig } : {}) } : {}),
    schedule: paintAtOnce,
    WebSocketImpl: WebSocket as never,
    pollEveryMs: TEST_POLL_MS,
  });
}

export const received = (sim: SimulatorHandle, runId: string, kind: string) => sim.received.filter((c) => c.dialect === 'mars' && c.runId === runId && c.kind === kind);

/** Everything the simulator's MARS server received on its sockets for a task, in order. */
export const socketTraffic = (sim: SimulatorHandle, runId: string) => sim.received.filter((c) => c.dialect === 'mars' && c.runId === runId).map((c) => c.kind);

export function events(session: RunSession): RunEvent[] {
  const out: RunEvent[] = [];
  for (let i = 0; i < session.log.length; i++) {
    const event = session.log.at(i)?.event;
    if (event) out.push(event);
  }
  return out;
}

export const isOver = (session: RunSession) => ['succeeded', 'failed', 'cancelled'].includes(session.run.getState().status);

/** What a person reads at the end: run status, node statuses, cost and tokens, streamed words per node. */
export function finalState(session: RunSession) {
  const state = session.run.getState();
  const words: Record<string, string[]> = {};
  for (const event of events(session)) if (event.type === 'node.output') (words[event.nodeId] ??= []).push(...event.delta.split(/\s+/).filter(Boolean));
  for (const list of Object.values(words)) list.sort();
  return {
    status: state.status,
    nodes: Object.fromEntries(Object.entries(nodeRecord(session.nodeStatus.getState().byId)).map(([id, n]) => [id, n.status]).sort()),
    micros: state.cost.totalMicros,
    tokens: state.cost.inputTokens + state.cost.outputTokens + state.cost.unsplitTokens,
    words,
  };
}
