/**
 * Human gates, per dialect, over the simulator's real servers and the app's own answer
 * action: a double-click sends exactly one answer in the form the server reads and the
 * run continues; a decision made elsewhere closes the gate here and nothing is sent.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';

import { createLiveSession, paintAtOnce } from '@/session';
import { answerGate } from '@/features/gates/actions/answer-gate';
import type { Dialect, DialectId } from '@/protocol/dialect';
import { DIALECTS } from '@/protocol/dialects';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import type { GateState } from '@/stores/run-types';

import { waitFor } from './wait-for';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

/** What each simulated backend records when an answer arrives. */
const ANSWER_KIND: Record<DialectId, string> = {
  relavium: 'gate.decide',
  tolky: 'start_request',
  myagent: 'user.response',
  mars: 'resolve_approval',
  shannon: 'approval.decision',
  agui: 'resume',
};

function open(dialect: Dialect, runId: string) {
  return createLiveSession({
    dialect,
    params: { baseUrl: simulatorBackendUrl(dialect, sim.url), runId },
    ...(dialect.capabilities.startsRuns ? { start: '[scenario:gate] Deploy release 2.4' } : {}),
    // MARS asks a person only in its asking modes (a one-shot run never does).
    ...(dialect.id === 'mars' ? { startConfig: { mode: 'copilot' } } : {}),
    schedule: paintAtOnce,
    WebSocketImpl: WebSocket as never,
  });
}

function firstOpenGate(live: ReturnType<typeof open>): GateState | undefined {
  const { gates, gateOrder } = live.session.run.getState();
  return gateOrder.map((id) => gates[id]).find((gate) => gate?.status === 'open');
}

/** The simulator's own run id: myagent's server names the run `<scenario>~<session id>`. */
function simRunId(dialect: DialectId, clientRunId: string): string {
  if (dialect !== 'myagent') return clientRunId;
  const key = [...sim.runs.keys()].find((k) => k.startsWith('myagent:') && k.endsWith(`~${clientRunId}`));
  return key ? key.slice('myagent:'.length) : clientRunId;
}

const answers = (dialect: DialectId, clientRunId: string) =>
  sim.received.filter(
    (c) =>
      c.dialect === dialect &&
      c.kind === ANSWER_KIND[dialect] &&
      c.runId === simRunId(dialect, clientRunId) &&
      // tolky's start_request both starts runs and answers them: only continuations answer
      (dialect !== 'tolky' || (c.body as { continuationInput?: unknown }).continuationInput !== undefined),
  );

describe.each(Object.values(DIALECTS))('$id gates', (dialect) => {
  test('a double-click sends one answer and the run continues', async () => {
    const live = open(dialect, `gate~twice-${dialect.id}`);
    const gate = await waitFor(() => firstOpenGate(live), 'an open gate');
    const approve = gate.options.find((o) => o.tone === 'approve') ?? gate.options[0]!;
    // A gate with a response schema is answered with a value of that shape (the form's).
    const answer = { option: approve, decidedBy: 'reviewer@example.com', ...(gate.schema !== undefined ? { edits: { approved: true } } : {}) };
    const [first, second] = await Promise.all([answerGate(live.session, gate, answer), answerGate(live.session, gate, answer)]);
    expect([first.kind, second.kind].sort()).toEqual(['not-sent', 'sent']);
    await waitFor(() => live.session.run.getState().status === 'succeeded', 'the run to finish');
    expect(answers(dialect.id, live.session.runId)).toHaveLength(1);
    // the audit trail: who answered what, from where, once — the person by the one rule (no name set: "You"), not the wire name sent
    const { logLength } = live.session.run.getState();
    const log = live.session.log;
    const audit = Array.from({ length: logLength }, (_, i) => log.at(i)?.event).filter((e) => e?.type === 'log' && e.source === 'audit');
    expect(audit).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^You answered “.+”( with .+)? to “.+” — from this browser, sent$/) }),
    ]);
    live.close();
  });

});

// AG-UI hears nothing between runs, so a decision made elsewhere cannot reach its client:
// it is left out here (the dialog learns the outcome when the next run streams).
describe.each(Object.values(DIALECTS).filter((d) => d.id !== 'agui'))('$id remote decisions', (dialect) => {
  test('a decision made elsewhere closes the gate and nothing is sent', async () => {
    const live = open(dialect, `gate~remote-${dialect.id}`);
    const gate = await waitFor(() => firstOpenGate(live), 'an open gate');
    const runId = live.session.runId;
    const simRun = encodeURIComponent(simRunId(dialect.id, runId));
    const response = await fetch(`${sim.url}/sim/${dialect.id}/runs/${simRun}/gates/gate-deploy/remote-decision`, {
      method: 'POST',
      body: JSON.stringify({ approve: true }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    await waitFor(() => live.session.run.getState().gates[gate.gateId]?.status !== 'open' || undefined, 'the gate to close');
    const outcome = await answerGate(live.session, gate, { option: gate.options[0]!, decidedBy: 'late@example.com' });
    expect(outcome.kind).toBe('not-sent');
    expect(answers(dialect.id, runId)).toHaveLength(0);
    live.close();
  });
});

describe('after an answer', () => {
  test.each(Object.values(DIALECTS))('$id leaves no gate open once the run has finished', async (dialect) => {
    const live = open(dialect, `gate~closed-${dialect.id}`);
    const gate = await waitFor(() => firstOpenGate(live), 'an open gate');
    const option = gate.options.find((o) => o.tone === 'approve') ?? gate.options[0]!;
    await answerGate(live.session, gate, { option, decidedBy: 'r', ...(gate.schema !== undefined ? { edits: { approved: true } } : {}) });
    await waitFor(() => live.session.run.getState().status === 'succeeded', 'the run to finish');
    expect(firstOpenGate(live)).toBeUndefined();
    live.close();
  });
});
