/**
 * What the Shannon live tests share: one simulator (time scaled to a twentieth) for the file,
 * live sessions closed after each test, and the reads they make of a session and of what the
 * simulated server received.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';

import { createLiveSession, type LiveSessionOptions, paintAtOnce } from '@/session';
import { shannonDialect } from '@/protocol/shannon/shannon-dialect';
import type { RunEvent } from '@/protocol/run-event';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import type { RunSession } from '@/stores/run-session';

export type ShannonHarness = Readonly<{
  sim: () => SimulatorHandle;
  /** A live Shannon session on `baseUrl` (the simulator unless given), closed after the test. */
  open: (runId: string, options?: Partial<Pick<LiveSessionOptions, 'nothingYetAfterMs' | 'statusCheckAfterMs'>> & { baseUrl?: string }) => RunSession;
  /** Something else to undo after the test (a proxy). */
  cleanup: (undo: () => Promise<void> | void) => void;
  /** What the simulated server recorded for the run, of one kind ('stream.open', 'history', 'status', …). */
  received: (runId: string, kind: string) => SimulatorHandle['received'];
}>;

export function setUpShannonHarness(): ShannonHarness {
  let sim: SimulatorHandle | undefined;
  const undo: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    sim = await startSimulator({ timeScale: 0.05 });
  });
  afterAll(async () => {
    await sim?.close();
  });
  afterEach(async () => {
    for (const step of undo.splice(0).reverse()) await step();
  });
  const current = () => sim as SimulatorHandle;
  return {
    sim: current,
    open(runId, { baseUrl, ...timing } = {}) {
      const live = createLiveSession({ dialect: shannonDialect, params: { baseUrl: baseUrl ?? current().url, runId, token: 'secret' }, schedule: paintAtOnce, ...timing });
      undo.push(() => live.close());
      return live.session;
    },
    cleanup: (step) => void undo.push(step),
    received: (runId, kind) => current().received.filter((c) => c.runId === runId && c.kind === kind),
  };
}

/** Every event the session's log holds, oldest first. */
export function eventsOf(session: RunSession): RunEvent[] {
  return Array.from({ length: session.log.length }, (_, i) => session.log.at(i)?.event).filter((e): e is RunEvent => e !== undefined);
}

/** The log rows whose message matches. */
export function rowsOf(session: RunSession, pattern: RegExp): RunEvent[] {
  return eventsOf(session).filter((e) => e.type === 'log' && pattern.test(e.message));
}
