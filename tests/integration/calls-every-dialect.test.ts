/**
 * The calls projection over the simulator's real servers, for every dialect: a fan-out run
 * gives one call row per model call the protocol reports, carrying what its stream carries
 * (and nothing its dialect says it lacks).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';

import { createLiveSession, paintAtOnce } from '@/session';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { CALL_COVERAGE } from '@/protocol/call-coverage';
import type { CallCoverage } from '@/protocol/dialect';
import { DIALECTS } from '@/protocol/dialects';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';
import { CallProjection, type LlmCall } from '@/stores/llm-calls';

import { waitFor } from './wait-for';
import { FANOUT_TOTAL_MICROS } from '../support/fanout-cost';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

const FIELD_OF: Record<string, (call: LlmCall) => unknown> = {
  model: (c) => c.model,
  tokens: (c) => c.inputTokens ?? c.unsplitTokens,
  cost: (c) => c.micros,
  latency: (c) => c.latencyMs,
  prompt: (c) => c.prompt,
  reasoning: (c) => c.reasoning,
  response: (c) => c.response,
};

describe.each(Object.values(DIALECTS))('$id calls', (dialect) => {
  test('a fan-out run: call rows with what the stream carries, nothing it lacks', async () => {
    const live = createLiveSession({
      dialect,
      params: { baseUrl: simulatorBackendUrl(dialect, sim.url), runId: `fanout~calls-${dialect.id}` },
      ...(dialect.capabilities.startsRuns ? { start: '[scenario:fanout] Research fan-out' } : {}),
      schedule: paintAtOnce,
      WebSocketImpl: WebSocket as never,
    });
    await waitFor(() => live.session.run.getState().status === 'succeeded', `${dialect.id} run to succeed`, 15_000);
    const calls = new CallProjection().advance(live.session.log);
    live.close();
    expect(calls.length).toBeGreaterThanOrEqual(dialect.id === 'myagent' ? 3 : 8);
    // Money, model and tokens may come through an extension (AG-UI CUSTOM, a myagent cost_usd): only text and timing are checked absent.
    for (const [field, read] of Object.entries(FIELD_OF).filter(([f]) => ['latency', 'prompt', 'reasoning', 'response'].includes(f))) {
      const lacking = CALL_COVERAGE[dialect.id].lacks[field as keyof CallCoverage['lacks']] !== undefined;
      if (lacking) expect(calls.filter((c) => read(c) !== undefined), `${dialect.id} lacks ${field}`).toEqual([]);
    }
    // The simulator prices every call in every dialect (AG-UI and myagent through their extensions).
    expect(calls.reduce((t, c) => t + (c.micros ?? 0), 0)).toBe(FANOUT_TOTAL_MICROS);
    expect(calls.filter((c) => c.model !== "gpt-4o-mini")).toEqual([]);
    if (dialect.id === 'shannon') {
      expect(calls.every((c) => c.prompt !== undefined && c.response !== undefined && c.latency === 'stated')).toBe(true);
      expect(calls[0]).toMatchObject({ nodeId: 'plan', prompt: 'Plan research', inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
    }
    if (dialect.id === 'agui') expect(calls.some((c) => c.response !== undefined && c.prompt !== undefined)).toBe(true);
  });
});
