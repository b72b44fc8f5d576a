/**
 * Records one simulator run through the app's own live session (createLiveSession) and
 * returns the session's exported recording. A gate, when the scenario opens one, is
 * approved through the app's answer action, so the recording holds the outbound command
 * too. Used by record-samples.ts (public/recordings) and the replay integration tests.
 */
import WebSocket from 'ws';

import { createLiveSession, type LiveSession, paintAtOnce } from '@/session';
import { answerGate } from '@/features/gates/actions/answer-gate';
import type { Dialect } from '@/protocol/dialect';
import type { SimulatorHandle } from '@/simulator/server';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

export type RecordedRun = Readonly<{ live: LiveSession; text: string }>;

export async function recordRun(sim: SimulatorHandle, dialect: Dialect, scenario: string, suffix: string, timeoutMs = 20_000): Promise<RecordedRun> {
  const live = createLiveSession({
    dialect,
    params: { baseUrl: simulatorBackendUrl(dialect, sim.url), runId: `${scenario}~${suffix}`, token: 'secret-token-must-not-leak' },
    ...(dialect.capabilities.startsRuns ? { start: `[scenario:${scenario}] Recorded ${scenario} run` } : {}),
    schedule: paintAtOnce,
    WebSocketImpl: WebSocket as never,
  });
  const { run } = live.session;
  const answered = new Set<string>();
  const started = Date.now();
  while (!TERMINAL.has(run.getState().status)) {
    if (Date.now() - started > timeoutMs) throw new Error(`${dialect.id} ${scenario}: the run did not finish`);
    const { gates, gateOrder } = run.getState();
    for (const id of gateOrder) {
      const gate = gates[id];
      if (!gate || gate.status !== 'open' || !gate.answerable || answered.has(id)) continue;
      answered.add(id);
      const option = gate.options.find((o) => o.tone === 'approve') ?? gate.options[0];
      // A gate with a response schema is answered as its form would (the simulator's asks for {approved}).
      const edits = gate.schema !== undefined ? { edits: { approved: true } } : {};
      if (option) void answerGate(live.session, gate, { option, decidedBy: 'sample@example.com', ...edits });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Let trailing frames (closing totals, stream end) arrive before exporting.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { live, text: live.session.exportRecording() };
}
