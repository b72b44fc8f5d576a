/**
 * The MARS socket as the real server runs it (UJ2202/MARS; tests/fixtures/mars/SOURCE.txt),
 * through the app's live session and the simulator's real server: the start frame first and
 * alone, a second socket stealing the first, the `event_type` forms decoding to canonical
 * events, costs summed across cost files, a cancel shown as cancelled, and gate answers in
 * the form the server reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { answerGate } from '@/features/gates/actions/answer-gate';
import { failureRetry, fanOut } from '@/simulator/scenarios/scenarios';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { events, finalState, isOver, openMars, received, suffix, ASKS_AT_STEPS } from './mars-support';
import { waitFor } from './wait-for';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

const wsUrl = (runId: string) => `${sim.url.replace(/^http/, 'ws')}/ws/${encodeURIComponent(runId)}`;

/** A bare socket, to see what the server itself does. */
function rawSocket(runId: string) {
  const ws = new WebSocket(wsUrl(runId));
  const frames: Record<string, unknown>[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw)) as Record<string, unknown>));
  const opened = new Promise<void>((resolve) => ws.on('open', () => resolve()));
  return { ws, frames, closed, opened };
}

const sum = (steps: typeof fanOut.steps, pick: (s: Extract<(typeof fanOut.steps)[number], { op: 'cost' }>) => number) =>
  steps.reduce((total, step) => total + (step.op === 'cost' ? pick(step) : 0), 0);

describe('mars server: one socket per task, a {task} frame first', () => {
  it('answers a first frame that is not {task} with "No task provided" and closes', async () => {
    const socket = rawSocket(`fanout~${suffix()}`);
    await socket.opened;
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    await socket.closed;
    expect(socket.frames).toEqual([expect.objectContaining({ event_type: 'error', data: { message: 'No task provided' } })]);
  });

  it('closes the socket a task had when a new one opens ("Reconnection"), and the run goes on without it', async () => {
    const runId = `fanout~${suffix()}`;
    const first = rawSocket(runId);
    await first.opened;
    first.ws.send(JSON.stringify({ task: '[scenario:fanout] go', config: {} }));
    await waitFor(() => first.frames.some((f) => f.event_type === 'step_start'), 'the run to start');
    const second = rawSocket(runId);
    await second.opened;
    await expect(first.closed).resolves.toEqual({ code: 1000, reason: 'Reconnection' });
    await waitFor(() => sim.runs.get(`mars:${runId}`)?.phase === 'finished', 'the run to finish anyway', 15_000);
    // The run's frames went to the first socket only: the second never hears of it.
    expect(second.frames).toEqual([]);
    second.ws.close();
  });
});

describe('mars: the tab that starts a run', () => {
  it('decodes a whole run into canonical events: no raw rows, nothing rejected, console lines as rows', async () => {
    const runId = `fanout~${suffix()}`;
    const live = openMars(sim, runId, '[scenario:fanout] Market research');
    try {
      await waitFor(() => isOver(live.session), 'the run to end', 15_000);
      const seen = events(live.session);
      const state = live.session.run.getState();
      expect(state.status).toBe('succeeded');
      expect(seen.filter((e) => e.type === 'raw')).toEqual([]);
      expect(state.issues).toEqual([]);
      expect(seen.filter((e) => e.type === 'log' && e.source === 'console').length).toBeGreaterThan(20);
      expect(seen.filter((e) => e.type === 'tool.called')).toHaveLength(fanOut.steps.filter((s) => s.op === 'tool').length);
      expect(seen.filter((e) => e.type === 'node.completed').map((e) => (e.type === 'node.completed' ? e.nodeId : ''))).toEqual(['plan', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'write']);
      expect(received(sim, runId, 'start').map((c) => c.body)).toEqual([{ task: '[scenario:fanout] Market research', config: expect.any(Object) }]);
    } finally {
      live.close();
    }
  });

  it('sums the cost of every cost file (not the largest running total) and counts every token', async () => {
    const live = openMars(sim, `fanout~${suffix()}`, '[scenario:fanout] Market research');
    try {
      await waitFor(() => isOver(live.session), 'the run to end', 15_000);
      const { micros, tokens } = finalState(live.session);
      // The same run in every other dialect: $0.0305 and 8,527 tokens.
      expect(micros).toBe(Math.round(sum(fanOut.steps, (s) => s.usd) * 1e6));
      expect(micros).toBe(30_500);
      expect(tokens).toBe(sum(fanOut.steps, (s) => s.inputTokens + s.outputTokens));
      expect(tokens).toBe(8527);
      // Several cost files, each with its own running total: the largest of them is far below the run's cost.
      const files = live.session.exportRecording().split('\n').filter((line) => line.includes('"cost_update"')).length;
      expect(files).toBeGreaterThan(4);
    } finally {
      live.close();
    }
  });

  it('shows a cancel as cancelled (workflow_failed {status: "cancelled"} without an error, then workflow_cancelled)', async () => {
    const runId = `long~${suffix()}`;
    const live = openMars(sim, runId, '[scenario:long] Index');
    try {
      await waitFor(() => events(live.session).some((e) => e.type === 'node.started'), 'the first step to start');
      await expect(live.session.control('cancel', 'enough', { message: 'cancel' })).resolves.toEqual({ ok: true });
      await waitFor(() => isOver(live.session), 'the cancel');
      await new Promise((resolve) => setTimeout(resolve, 100)); // workflow_cancelled follows the acknowledgement
      const state = live.session.run.getState();
      expect(state.status).toBe('cancelled');
      expect(state.issues).toEqual([]);
      expect(events(live.session).filter((e) => e.type === 'run.cancelled' || e.type === 'run.failed').map((e) => e.type)).toEqual(['run.cancelled']);
      expect(received(sim, runId, 'cancel').map((c) => c.body)).toEqual([{ type: 'cancel', reason: 'enough' }]);
      // …as the real server says it: an acknowledgement without `error`, then the executor's word.
      const frames = live.session.exportRecording().split('\n').filter((line) => line.includes('"workflow_'));
      expect(frames.at(-2)).toMatch(/"event_type":"workflow_failed".*"status":"cancelled"/);
      expect(frames.at(-2)).not.toMatch(/"error"/);
      expect(frames.at(-1)).toMatch(/"event_type":"workflow_cancelled"/);
    } finally {
      live.close();
    }
  });

  it('plays the retry story to its failure: MARS re-sets every unfinished node to failed; the ones that never started read not run', async () => {
    const live = openMars(sim, `retry~${suffix()}`, '[scenario:retry] Nightly sync');
    try {
      await waitFor(() => isOver(live.session), 'the run to end', 15_000);
      const { status, nodes } = finalState(live.session);
      expect(status).toBe('failed');
      expect(nodes).toEqual({ clean: 'succeeded', fetch: 'succeeded', load: 'failed', notify: 'not_run', terminator: 'not_run' });
      expect(live.session.run.getState().error?.message).toContain('Load warehouse failed');
      expect(failureRetry.steps.some((s) => s.op === 'node.fail' && s.willRetry)).toBe(true);
    } finally {
      live.close();
    }
  });

  // Carried over from mars-live.test.ts: the simulator's guard that makes the start-frame tests meaningful.
  it('reports a second {task} frame as a restart, so the guards above can fail', async () => {
    const runId = `gate~${suffix()}`;
    const live = openMars(sim, runId, '[scenario:gate] Deploy', ASKS_AT_STEPS);
    try {
      await waitFor(() => live.session.run.getState().graph.order.length > 0, 'the run to start');
      const socket = rawSocket(runId);
      await socket.opened;
      socket.ws.send(JSON.stringify({ task: 'Deploy', config: {} }));
      await waitFor(() => socket.frames.some((f) => JSON.stringify(f).includes('restarted upstream')), 'the restart error');
      expect(received(sim, runId, 'start')).toHaveLength(2);
      socket.ws.close();
    } finally {
      live.close();
    }
  });
});

describe('mars gates: answers in the form the server reads', () => {
  async function openGate() {
    const runId = `gate~${suffix()}`;
    const live = openMars(sim, runId, '[scenario:gate] Deploy release 2.4', ASKS_AT_STEPS);
    const gate = await waitFor(() => live.session.run.getState().gates['gate-deploy'], 'the approval');
    return { runId, live, gate };
  }

  // Carried over from mars-live.test.ts (the behaviour held before): one answer, the run goes on.
  it('approves once with resolve_approval and the run completes', async () => {
    const { runId, live, gate } = await openGate();
    try {
      const approve = gate.options.find((o) => o.value === 'approve');
      const [first, second] = await Promise.all([
        answerGate(live.session, gate, { option: approve, decidedBy: 'me' }),
        answerGate(live.session, gate, { option: approve, decidedBy: 'me' }),
      ]);
      expect([first.kind, second.kind].sort()).toEqual(['not-sent', 'sent']);
      await waitFor(() => isOver(live.session), 'the run to end');
      expect(received(sim, runId, 'resolve_approval').map((c) => c.body)).toEqual([
        { type: 'resolve_approval', approval_id: 'gate-deploy', resolution: 'approved', feedback: '', modifications: null },
      ]);
      expect(live.session.run.getState().status).toBe('succeeded');
    } finally {
      live.close();
    }
  });

  it('sends Modify as a JSON object with the edited plan, and refuses words as a modification, saying why', async () => {
    const { runId, live, gate } = await openGate();
    try {
      const modify = gate.options.find((o) => o.value === 'modify');
      expect(modify).toBeDefined();
      const words = await answerGate(live.session, gate, { option: modify, text: 'deploy to 5% first', decidedBy: 'me' });
      expect(words).toEqual({ kind: 'failed', reason: expect.stringMatching(/edited plan in JSON/) });
      expect(received(sim, runId, 'resolve_approval')).toEqual([]);
      const plan = (gate.context as { plan: unknown[] }).plan;
      expect(plan.length).toBeGreaterThan(0);
      const edited = [...plan, { sub_task: 'Watch error rates', sub_task_agent: 'engineer' }];
      await expect(answerGate(live.session, gate, { option: modify, text: JSON.stringify(edited), decidedBy: 'me' })).resolves.toEqual({ kind: 'sent' });
      await waitFor(() => isOver(live.session), 'the run to end');
      expect(received(sim, runId, 'resolve_approval').map((c) => c.body)).toEqual([
        { type: 'resolve_approval', approval_id: 'gate-deploy', resolution: 'modified', feedback: '', modifications: { plan: edited } },
      ]);
    } finally {
      live.close();
    }
  });
});
