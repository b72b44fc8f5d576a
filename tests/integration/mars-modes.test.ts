/**
 * MARS modes against the simulator's real MARS server: a one-shot run (what Runboard always
 * started before) never asks a person; a human-in-the-loop run asks for the plan's review
 * first — a step name that is no node, a Markdown description — and once approved nothing is
 * left waiting: not the run, not a node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { answerGate } from '@/features/gates/actions/answer-gate';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { events, isOver, openMars, received, suffix } from './mars-support';
import { waitFor } from './wait-for';
import { nodeRecord } from '@/stores/node-map';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

const waitingNodes = (live: ReturnType<typeof openMars>) => Object.entries(nodeRecord(live.session.nodeStatus.getState().byId)).filter(([, n]) => n.status === 'waiting').map(([id]) => id);

describe('mars modes', () => {
  it('one-shot (the server\'s default) runs the gate story without asking anyone', async () => {
    const runId = `gate~${suffix()}`;
    const live = openMars(sim, runId, '[scenario:gate] Deploy release 2.4');
    try {
      // Before the backend's buffered console log first flushes, the route answers 404.
      await waitFor(() => received(sim, runId, 'start').length > 0 || undefined, 'the start frame');
      expect((await fetch(`${sim.url}/api/runs/${encodeURIComponent(runId)}/console-log`)).status).toBe(404);
      await waitFor(() => isOver(live.session), 'the run to end');
      expect(received(sim, runId, 'start').map((c) => (c.body as { config: unknown }).config)).toEqual([{ mode: 'one-shot', agent: 'engineer', model: 'gpt-4o' }]);
      expect(events(live.session).filter((e) => e.type === 'gate.opened')).toEqual([]);
      expect(live.session.run.getState().status).toBe('succeeded');
    } finally {
      live.close();
    }
  });

  it('human in the loop asks for the plan\'s review on the run, and approving it leaves nothing waiting', async () => {
    const runId = `fanout~${suffix()}`;
    const live = openMars(sim, runId, '[scenario:fanout] Market research', { mode: 'hitl-interactive' });
    try {
      const gate = await waitFor(() => Object.values(live.session.run.getState().gates).find((g) => g?.status === 'open'), 'the plan review');
      expect(gate.nodeId).toBeUndefined();
      expect(gate.message).toMatch(/^Planning iteration 1 complete\.\n\n## Generated Plan:\n\n\*\*Step 1\*\* \(engineer\): Plan research/);
      expect(gate.options.map((o) => o.value)).toEqual(['approve', 'reject', 'revise', 'modify']);
      expect(live.session.run.getState().status).toBe('waiting');
      expect(waitingNodes(live)).toEqual([]);
      // While the run waits at a gate the real backend answers the console log with 404 ("not yet").
      expect((await fetch(`${sim.url}/api/runs/${encodeURIComponent(runId)}/console-log`)).status).toBe(404);
      // Planning's cost file is written after the planning step completed: its cost is still that step's.
      const planCosts = events(live.session).filter((e) => e.type === 'cost.recorded');
      expect(planCosts.length).toBeGreaterThan(0);
      expect(planCosts.map((e) => e.type === 'cost.recorded' && e.nodeId)).toEqual(planCosts.map(() => 'plan'));
      await expect(answerGate(live.session, gate, { option: gate.options[0], decidedBy: 'me' })).resolves.toEqual({ kind: 'sent' });
      await waitFor(() => live.session.run.getState().gates[gate.gateId]?.status === 'resolved' || undefined, 'approval_received');
      expect(live.session.run.getState().openGates).toBe(0);
      await waitFor(() => isOver(live.session), 'the run to end');
      expect(live.session.run.getState().status).toBe('succeeded');
      expect(waitingNodes(live)).toEqual([]);
      expect(received(sim, runId, 'resolve_approval').map((c) => c.body)).toEqual([
        { type: 'resolve_approval', approval_id: gate.gateId, resolution: 'approved', feedback: '', modifications: null },
      ]);
    } finally {
      live.close();
    }
  });

  it('after a failure the backend leaves the socket open; the starter closes it once the run is over', async () => {
    const runId = `retry~${suffix()}`;
    const live = openMars(sim, runId, '[scenario:retry] Nightly sync');
    try {
      await waitFor(() => live.session.run.getState().status === 'failed' || undefined, 'the run to fail');
      const connection = await waitFor(() => {
        const state = live.session.run.getState().connection.state;
        return state.status === 'closed' ? state : undefined;
      }, 'the starter to close the socket', 8_000);
      expect(connection).toEqual({ status: 'closed', by: 'client', reason: expect.stringMatching(/run is over; the backend left the connection open/) });
    } finally {
      live.close();
    }
  });

  it('a watcher says it cannot see approvals, unless the run\'s mode never asks anyone', async () => {
    const hitlId = `fanout~${suffix()}`;
    const oneShotId = `long~${suffix()}`;
    const hitl = openMars(sim, hitlId, '[scenario:fanout] Market research', { mode: 'hitl-interactive' });
    const oneShot = openMars(sim, oneShotId, '[scenario:long] Index');
    const hitlWatcher = openMars(sim, hitlId);
    const oneShotWatcher = openMars(sim, oneShotId);
    try {
      expect(hitlWatcher.session.run.getState().connection.blindSpot).toMatch(/shows no pending approval/);
      expect(oneShotWatcher.session.run.getState().connection.blindSpot).toMatch(/shows no pending approval/);
      // Once the watch found the run in its MARS session, the run's mode is known.
      await waitFor(() => oneShotWatcher.session.run.getState().connection.blindSpot === undefined || undefined, 'the one-shot watcher to drop its blind spot', 15_000);
      await waitFor(() => events(hitlWatcher.session).some((e) => e.type === 'run.started') || undefined, 'the HITL watcher to find its run', 15_000);
      expect(hitlWatcher.session.run.getState().connection.blindSpot).toMatch(/shows no pending approval/);
    } finally {
      for (const live of [hitl, oneShot, hitlWatcher, oneShotWatcher]) live.close();
    }
  });
});
