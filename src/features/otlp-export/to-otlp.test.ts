/**
 * The export decoded with the official OTLP definitions: the run as the root span, steps and
 * attempts as its children with their status, model calls as GenAI generation spans, gates as
 * span events with who decided what.
 */
import { describe, expect, it } from 'vitest';

import { decodeOtlpJson } from '../../../tests/otlp/otlp-decode';

import { planToOtlpJson } from '@/features/otlp-export/to-otlp';
import { buildTracePlan, type RunFacts } from '@/features/otlp-export/trace-plan';

const NO_COST = { micros: 0, inputTokens: 0, outputTokens: 0, records: 0, priced: false };
const T = 1_780_000_000_000;
const facts: RunFacts = {
  runId: 'run-1',
  dialect: 'shannon',
  title: 'Research <script>alert(1)</script>',
  status: 'failed',
  error: 'load failed',
  startMs: T,
  endMs: T + 10_000,
  labelOf: (id) => ({ fetch: 'Fetch records', load: 'Load warehouse' })[id] ?? id,
  attempts: [
    { id: 'fetch#1', nodeId: 'fetch', attempt: 1, startedAtMs: T + 100, endedAtMs: T + 1000, outcome: 'retried', waits: [], row: 1, cost: NO_COST },
    { id: 'fetch#2', nodeId: 'fetch', attempt: 2, startedAtMs: T + 1200, endedAtMs: T + 3000, outcome: 'succeeded', waits: [], row: 5, cost: NO_COST },
    { id: 'load#1', nodeId: 'load', attempt: 1, startedAtMs: T + 3000, endedAtMs: T + 9000, outcome: 'failed', waits: [], row: 9, cost: NO_COST },
  ],
  calls: [
    { index: 0, nodeId: 'fetch', model: 'gpt-5-mini', prompt: 'Fetch the records', response: 'Fetched 12', inputTokens: 120, outputTokens: 30, micros: 4200, currency: 'USD', latencyMs: 840, latency: 'stated', endedAtMs: T + 2000, atMs: T + 1100 },
  ],
  gates: [{ gateId: 'g1', nodeId: 'load', kind: 'approval', message: 'Load into prod?', openedAtMs: T + 4000, resolvedAtMs: T + 5000, decision: 'approve', decidedBy: 'Ana', verdict: 'approved by Ana' }],
};

describe('OTLP export', () => {
  it('decodes with the official definitions into the run, steps, attempts, a generation and gate events', async () => {
    const spans = await decodeOtlpJson(planToOtlpJson(buildTracePlan(facts), '0.1.0'));
    const byName = new Map(spans.map((s) => [s.name, s]));
    const root = byName.get('run Research <script>alert(1)</script>');
    expect(root).toMatchObject({ parentSpanId: '', status: { code: 2, message: 'load failed' }, attributes: { 'runboard.run.status': 'failed', 'runboard.dialect': 'shannon' } });
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([root?.traceId]));
    expect(root?.startNs).toBe(BigInt(T) * 1_000_000n);

    const fetch = byName.get('step Fetch records');
    expect(fetch).toMatchObject({ parentSpanId: root?.spanId, status: { code: 1 }, attributes: { 'runboard.step.attempts': '2' } });
    expect(byName.get('attempt 1 of Fetch records')).toMatchObject({ parentSpanId: fetch?.spanId, status: { code: 2, message: 'failed, retried' } });
    const second = byName.get('attempt 2 of Fetch records');
    expect(second).toMatchObject({ parentSpanId: fetch?.spanId, status: { code: 1 } });

    const call = byName.get('chat gpt-5-mini');
    expect(call).toMatchObject({
      parentSpanId: second?.spanId,
      kind: 3, // SPAN_KIND_CLIENT
      attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-5-mini', 'gen_ai.usage.input_tokens': '120', 'gen_ai.usage.output_tokens': '30', 'gen_ai.usage.cost': 0.0042 },
    });
    expect(JSON.parse(String(call?.attributes['gen_ai.input.messages']))).toEqual([{ role: 'user', parts: [{ type: 'text', content: 'Fetch the records' }] }]);
    expect((call?.endNs ?? 0n) - (call?.startNs ?? 0n)).toBe(840n * 1_000_000n);

    const load = byName.get('step Load warehouse');
    expect(load?.status.code).toBe(2);
    expect(load?.events).toEqual([
      { name: 'gate opened', attributes: { 'runboard.gate.id': 'g1', 'runboard.gate.kind': 'approval', 'runboard.gate.message': 'Load into prod?' } },
      { name: 'gate decided', attributes: expect.objectContaining({ 'runboard.gate.decision': 'approve', 'runboard.gate.decided_by': 'Ana', 'runboard.gate.verdict': 'approved by Ana' }) },
    ]);
  });

  it('the decoder refuses a field the OTLP definitions do not declare', async () => {
    const text = planToOtlpJson(buildTracePlan(facts), '0.1.0').replace('"spans":[', '"spans":[{"name":"x","notAnOtlpField":1},');
    await expect(decodeOtlpJson(text)).rejects.toThrow(/notAnOtlpField/);
  });
});
