/**
 * MARS end to end: the real simulator, a real WebSocket (`ws`) through the Runboard
 * transport, and the ingest pipeline (locate, identity dedupe, interpreter). Proves the
 * run starts from the one `{task}` frame, a gate answer arrives exactly once in the real
 * `resolve_approval` form, and a dropped connection is healed by the DAG snapshot
 * without ever resending `{task}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import { sendCommand } from '@/ingest/command-channel';
import { createIngest } from '@/ingest/create-ingest';
import { marsDialect } from '@/protocol/mars/mars-dialect';
import type { NodeStatus, RunEvent } from '@/protocol/run-event';
import { decimalToMicros } from '@/lib/to-micros';
import { fanOut } from '@/simulator/scenarios/scenarios';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import { createWebSocketTransport } from '@/transport/websocket-transport';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

type Session = {
  events: RunEvent[];
  rejected: string[];
  duplicates: number;
  reconnects: number;
  transport: ReturnType<typeof createWebSocketTransport>;
  stop: () => void;
};

/** A minimal live session: what app/ does, without stores (the pipeline's batches are kept as events). */
function watch(runId: string, start?: string): Session {
  const plan = marsDialect.connect({ baseUrl: sim.url, runId });
  if (plan.kind !== 'websocket') throw new Error('mars must plan a websocket');
  const transport = createWebSocketTransport({
    url: plan.url,
    ...(plan.heartbeat ? { heartbeat: plan.heartbeat } : {}),
    WebSocketImpl: WebSocket as never,
    backoff: { baseMs: 20, capMs: 100 },
  });
  const controller = new AbortController();
  const ingest = createIngest({ dialect: marsDialect, runId, now: Date.now });
  const session: Session = { events: [], rejected: [], duplicates: 0, reconnects: 0, transport, stop: () => controller.abort() };
  const target = { baseUrl: sim.url, transport };
  let frameIndex = 0;
  const accept = (frame: unknown) => {
    ingest.accept(frame, frameIndex++);
    const batch = ingest.take();
    if (!batch) return;
    session.events.push(...batch.events);
    session.rejected.push(...batch.issues.map((issue) => issue.reason));
    session.duplicates += batch.stats.duplicates;
  };

  transport.connect(
    {
      onFrame: accept,
      onState: () => undefined,
      onOpen: ({ reconnect }) => {
        if (reconnect) {
          session.reconnects += 1;
          ingest.newConnection();
        }
        // The dialect decides what an (re)open sends: the start frame once, the DAG snapshot after a reconnect.
        const opening = marsDialect.onOpen({ runId, cursor: undefined, reconnect, memo: {}, ...(start !== undefined ? { start } : {}) });
        for (const command of opening) void sendCommand(command, target, accept);
      },
      shouldReconnect: () => !session.events.some(isTerminal),
    },
    controller.signal,
  );
  return session;
}

function isTerminal(event: RunEvent): boolean {
  return event.type === 'run.completed' || event.type === 'run.failed' || event.type === 'run.cancelled';
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Final status per node, reduced from the canonical events in order. */
function finalStatuses(events: readonly RunEvent[]): Record<string, NodeStatus> {
  const byId: Record<string, NodeStatus> = {};
  for (const event of events) {
    if (event.type === 'graph.defined') for (const node of event.nodes) byId[node.id] = node.status ?? byId[node.id] ?? 'pending';
    else if (event.type === 'node.status') byId[event.nodeId] = event.status;
    else if (event.type === 'node.started') byId[event.nodeId] = 'running';
    else if (event.type === 'node.completed') byId[event.nodeId] = 'succeeded';
    else if (event.type === 'node.failed') byId[event.nodeId] = 'failed';
    else if (event.type === 'node.retrying') byId[event.nodeId] = 'retrying';
    else if (event.type === 'node.skipped') byId[event.nodeId] = 'skipped';
  }
  return byId;
}

const received = (runId: string, kind: string) => sim.received.filter((c) => c.dialect === 'mars' && c.runId === runId && c.kind === kind);
const suffix = () => Math.random().toString(36).slice(2, 8);
const FANOUT_NODES = ['plan', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'write'];
/** A clean fan-out run ends with every node succeeded. */
const CLEAN_FANOUT = Object.fromEntries(FANOUT_NODES.map((id) => [id, 'succeeded']));
const FANOUT_MICROS = fanOut.steps.reduce((sum, step) => sum + (step.op === 'cost' ? decimalToMicros(step.usd) : 0), 0);

describe('mars live over a real WebSocket', () => {
  it('starts a fan-out run with one {task} frame and receives it whole', async () => {
    const runId = `fanout~${suffix()}`;
    const session = watch(runId, 'Market research report');
    try {
      await waitFor(() => session.events.some(isTerminal), 'the run to end');
      expect(received(runId, 'start')).toHaveLength(1);
      expect(received(runId, 'start')[0]?.body).toMatchObject({ task: 'Market research report', config: expect.any(Object) });
      expect(session.rejected).toEqual([]);
      const graph = session.events.find((e) => e.type === 'graph.defined');
      expect(graph?.type === 'graph.defined' && graph.nodes.map((n) => n.id)).toEqual(FANOUT_NODES);
      expect(finalStatuses(session.events)).toEqual(CLEAN_FANOUT);
      const completed = session.events.find((e) => e.type === 'run.completed');
      expect(completed?.type === 'run.completed' && completed.totalCost).toEqual({ micros: FANOUT_MICROS, currency: 'USD' });
      const costs = session.events.flatMap((e) => (e.type === 'cost.recorded' ? [e.micros] : []));
      expect(costs.reduce((a, b) => a + b, 0)).toBe(FANOUT_MICROS);
      // The encoder repeats some dag_node_status_changed frames as the real server does.
      expect(session.duplicates).toBeGreaterThan(0);
      expect(session.events.filter((e) => e.type === 'node.output' && e.nodeId === 'r3').length).toBeGreaterThan(0);
      expect(session.events.map((e) => e.type)).toContain('chapter.started');
    } finally {
      session.stop();
    }
  });

  it('answers a gate once, in the real resolve_approval form, and the run completes', async () => {
    const runId = `gate~${suffix()}`;
    const session = watch(runId, 'Deploy release 2.4');
    try {
      await waitFor(() => session.events.some((e) => e.type === 'gate.opened'), 'the approval request');
      const gate = session.events.find((e) => e.type === 'gate.opened');
      if (gate?.type !== 'gate.opened') throw new Error('no gate');
      expect(gate.options.map((o) => o.value)).toEqual(['approve', 'reject', 'modify']);
      const approve = gate.options.find((o) => o.tone === 'approve');
      const commands = marsDialect.answerGate({ gateId: gate.gateId, kind: gate.kind, runId }, { option: approve, decidedBy: 'tester' } as never, {});
      if (!Array.isArray(commands)) throw new Error('gate not answerable');
      for (const command of commands) expect(await sendCommand(command, { baseUrl: sim.url, transport: session.transport })).toEqual({ ok: true });
      await waitFor(() => session.events.some((e) => e.type === 'run.completed'), 'completion');
      expect(received(runId, 'resolve_approval').map((c) => c.body)).toEqual([
        { type: 'resolve_approval', approval_id: 'gate-deploy', resolution: 'approved', feedback: '', modifications: null },
      ]);
      expect(session.events).toContainEqual(expect.objectContaining({ type: 'gate.resolved', gateId: 'gate-deploy', decision: 'approved' }));
      expect(finalStatuses(session.events)).toEqual({ draft: 'succeeded', review: 'succeeded', deploy: 'succeeded' });
    } finally {
      session.stop();
    }
  });

  it('reconnects after a drop without resending {task} and heals from the DAG snapshot', async () => {
    const runId = `fanout~${suffix()}`;
    const session = watch(runId, 'Market research report');
    try {
      await waitFor(() => session.events.some((e) => e.type === 'node.started' && e.nodeId === 'r1'), 'the fan-out to start');
      sim.dropConnections();
      await waitFor(() => session.reconnects > 0, 'the reconnect');
      await waitFor(() => session.events.some((e) => e.type === 'log' && e.message === 'resynced from DAG snapshot'), 'the snapshot');
      await waitFor(() => session.events.some(isTerminal), 'the run to end');
      expect(received(runId, 'start')).toHaveLength(1);
      expect(session.events.some((e) => e.type === 'log' && e.message.includes('restarted upstream'))).toBe(false);
      expect(session.rejected).toEqual([]);
      expect(finalStatuses(session.events)).toEqual(CLEAN_FANOUT);
    } finally {
      session.stop();
    }
  });

  it('reports a second {task} frame as a restart, so the guard above can fail', async () => {
    const runId = `gate~${suffix()}`;
    const session = watch(runId, 'Deploy');
    try {
      await waitFor(() => session.events.some((e) => e.type === 'run.started'), 'the run to start');
      await session.transport.send({ task: 'Deploy', config: {} });
      await waitFor(() => session.events.some((e) => e.type === 'log' && e.message.includes('restarted upstream')), 'the restart error');
      expect(received(runId, 'start')).toHaveLength(2);
    } finally {
      session.stop();
    }
  });

  it('plays the retry story to its failure', async () => {
    const retryId = `retry~${suffix()}`;
    const retry = watch(retryId, 'Nightly sync');
    try {
      await waitFor(() => retry.events.some(isTerminal), 'the retry run to end');
      expect(retry.events.filter(isTerminal).map((e) => e.type)).toEqual(['run.failed']);
      expect(retry.events).toContainEqual(expect.objectContaining({ type: 'node.retrying', nodeId: 'fetch', attempt: 1 }));
      expect(finalStatuses(retry.events)).toEqual({ fetch: 'succeeded', clean: 'succeeded', load: 'failed', notify: 'skipped' });
    } finally {
      retry.stop();
    }
  });

  it('obeys a cancel control frame sent on the socket', async () => {
    const cancelId = `cancel~${suffix()}`;
    const cancel = watch(cancelId, 'Crawl');
    try {
      await waitFor(() => cancel.events.some((e) => e.type === 'node.started'), 'the crawl to start');
      const commands = marsDialect.control('cancel', cancelId, 'enough');
      if (!Array.isArray(commands)) throw new Error('cancel unavailable');
      for (const command of commands) expect(await sendCommand(command, { baseUrl: sim.url, transport: cancel.transport })).toEqual({ ok: true });
      await waitFor(() => cancel.events.some(isTerminal), 'the cancel');
      expect(cancel.events.filter(isTerminal)).toEqual([expect.objectContaining({ type: 'run.cancelled' })]);
      // Our cancel ended it, not the script's own (which comes after all 8 progress steps).
      expect(cancel.events.filter((e) => e.type === 'node.progress').length).toBeLessThan(8);
      expect(received(cancelId, 'cancel').map((c) => c.body)).toEqual([{ type: 'cancel', reason: 'enough' }]);
    } finally {
      cancel.stop();
    }
  });
});
