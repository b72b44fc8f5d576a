/**
 * The simulator's AG-UI endpoint plays an unnamed run the way official framework adapters
 * send it (no timestamps, no `input` echo, no STEP_*, usage on RUN_FINISHED, state as a
 * snapshot then JSON Patch deltas), and the app's live session shows every run fact anyway:
 * received times, the title it sent, the tokens from usage, the state, tool-call nodes.
 */
import { verifyEvents, type BaseEvent } from '@ag-ui/client';
import { EventSchema } from '@ag-ui/core/schemas';
import { from, lastValueFrom, toArray } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLiveSession, paintAtOnce } from '@/session';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { aguiDialect, buildRunInput } from '@/protocol/agui/agui-dialect';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { waitFor } from './wait-for';
import { nodeRecord } from '@/stores/node-map';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

const ASK = 'Find me good sources on heat pumps';

describe('an AG-UI run as the official adapters send it', () => {
  it('sends what the adapters send, and the stream still passes the reference verifier', async () => {
    const response = await fetch(simulatorBackendUrl(aguiDialect, sim.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(buildRunInput({ threadId: 'adapter-wire', runId: 'r1', messages: [{ id: 'u1', role: 'user', content: ASK }] })),
    });
    const events = (await response.text())
      .split('\n\n')
      .filter((block) => block.trim().length > 0)
      .map((block) => JSON.parse(block.slice('data: '.length)) as BaseEvent & Record<string, unknown>);
    for (const event of events) expect(EventSchema.safeParse(event).success).toBe(true);
    await lastValueFrom(verifyEvents(false)(from(events)).pipe(toArray()));
    expect(events.filter((e) => 'timestamp' in e)).toEqual([]);
    expect(events[0]).toMatchObject({ type: 'RUN_STARTED' });
    expect(events[0]).not.toHaveProperty('input');
    expect(events.filter((e) => String(e.type).startsWith('STEP_'))).toEqual([]);
    const types = events.map((e) => String(e.type));
    expect(types.indexOf('STATE_SNAPSHOT')).toBeLessThan(types.indexOf('STATE_DELTA'));
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ inputTokens: 1320, outputTokens: 214 }] });
  });

  it("shows received times, our title, usage tokens, the state and tool-call nodes in the app's live session", async () => {
    const runId = 'adapter-session';
    const live = createLiveSession({ dialect: aguiDialect, params: { baseUrl: simulatorBackendUrl(aguiDialect, sim.url), runId }, start: ASK, schedule: paintAtOnce });
    try {
      await waitFor(() => live.session.run.getState().status === 'succeeded', 'the run to finish');
      const run = live.session.run.getState();
      expect(run.title).toBe(ASK);
      expect(run.startedAtMs).toBeTypeOf('number');
      expect(run.endedAtMs).toBeTypeOf('number');
      expect(run.timesReceived).toBe(true);
      expect(run.cost).toMatchObject({ inputTokens: 1320, outputTokens: 214, tokensReported: true, costReported: false });
      expect(run.agentState.value).toEqual({
        task: 'Find sources on heat pumps',
        status: 'done',
        toolCalls: 3,
        sources: [
          { tool: 'web_search', ok: true, query: 'heat pump efficiency 2026' },
          { tool: 'fetch_page', ok: true, url: 'https://example.org/heat-pumps' },
          { tool: 'fetch_page', ok: false, url: 'https://example.org/paywalled' },
        ],
      });
      expect(run.agentState.lastPaths).toEqual(['/status']);
      const labels = run.graph.order.map((id) => run.graph.nodes[id]?.label);
      expect(labels).toEqual(['Assistant', 'web_search', 'fetch_page', 'fetch_page']);
      // In the order they ran: each call started after the previous one returned.
      expect(run.graph.edges.map((edge) => [run.graph.nodes[edge.source]?.label, run.graph.nodes[edge.target]?.label])).toEqual([
        ['Assistant', 'web_search'],
        ['web_search', 'fetch_page'],
        ['fetch_page', 'fetch_page'],
      ]);
      const byId = nodeRecord(live.session.nodeStatus.getState().byId);
      expect(run.graph.order.map((id) => byId[id]?.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
      const rows = Array.from({ length: live.session.log.length }, (_, i) => live.session.log.at(i)?.event);
      expect(rows.every((event) => event?.atMs !== undefined && event.receivedTime === true)).toBe(true);
    } finally {
      live.close();
    }
  });
});
