/**
 * The tolky fast path (tolky-fast-path.ts) must read a frame exactly as the zod path does,
 * and leave every frame it does not fully accept to zod, so a bad one is still rejected with
 * the path of its bad field. Checked field by field: every field of the envelope and of each
 * fast type's payload set to each value that tells readers apart.
 */
import { describe, expect, it } from 'vitest';

import { FAST_PAYLOADS, fastTolky } from '@/protocol/tolky/tolky-fast-path';
import { readTolkyFull } from '@/protocol/tolky/tolky-interpreter';
import { TOLKY_PAYLOADS, TolkyEnvelopeSchema, type TolkyType } from '@/protocol/tolky/tolky-schemas';
import { createTolkyState } from '@/protocol/tolky/tolky-state';
import { INTENT, live } from '@/protocol/tolky/tolky-test-frames';

const EDGES: unknown[] = [undefined, null, 0, -1, 1.5, 2 ** 53, Number.NaN, Infinity, '', 'x', '7', true, [], [1], {}, { prompt: 1 }];

const VALID: Record<string, Record<string, unknown>> = {
  status_narration: { message: 'searching the web', sourceEvent: 'llm_stream', progress: 40, stepNumber: 2 },
  step_started: { stepNumber: 2, totalSteps: 5, action: 'search', displayName: 'Search', progress: 20, attempt: 2 },
  step_completed: { stepNumber: 2, totalSteps: 5, action: 'search', result: { hits: 3 }, progress: 40, durationMs: 812, attempt: 1 },
  chapter_log: { message: 'calling web_search', level: 'warning', source: 'planner', stepNumber: 2, action: 'search', metadata: { a: 1 } },
  token_usage_updated: {
    source: 'llm',
    model: 'gpt-4o-mini',
    stepNumber: 2,
    delta: { prompt: 900, completion: 50, cost: 0.0031, calls: 1 },
    cumulative: { prompt: 1800, completion: 100, cost: 0.0062, calls: 2 },
  },
};

const fresh = () => createTolkyState(INTENT);

/** Fast and zod agree on `frame`: the same reading, or the fast path defers (always, when zod rejects). */
function expectAgreement(frame: unknown, label: string) {
  const fast = fastTolky(frame, fresh());
  const full = readTolkyFull(frame, fresh());
  if (full.kind === 'rejected') expect(fast, `${label}: zod rejects, the fast path must defer`).toBeUndefined();
  if (fast !== undefined) expect(fast, label).toEqual(full);
}

describe('tolky fast path', () => {
  it('covers exactly the fields of each schema it stands for', () => {
    for (const [type, shape] of FAST_PAYLOADS) expect([...shape.keys].sort(), type).toEqual(Object.keys(TOLKY_PAYLOADS[type].shape).sort());
  });

  it.each(Object.keys(VALID))('reads a valid %s as the schema path does', (type) => {
    const frame = live(type, VALID[type], 7);
    expect(fastTolky(frame, fresh())).toBeDefined();
    expectAgreement(frame, type);
  });

  it.each(Object.keys(VALID))('agrees with zod on every payload field of %s, whatever its value', (type) => {
    for (const key of FAST_PAYLOADS.get(type as TolkyType)?.keys ?? []) {
      for (const value of EDGES) expectAgreement(live(type, { ...VALID[type], [key]: value }, 7), `${type}.${key} = ${String(value)}`);
    }
  });

  it('agrees with zod on every envelope field, whatever its value', () => {
    for (const key of Object.keys(TolkyEnvelopeSchema.shape).filter((k) => k !== 'payload')) {
      for (const value of EDGES) expectAgreement(live('step_started', VALID.step_started, 7, { [key]: value }), `envelope.${key} = ${String(value)}`);
    }
  });

  it('agrees with zod on the nested cost fields', () => {
    const cost = VALID.token_usage_updated as { delta: object; cumulative: object };
    for (const nested of ['delta', 'cumulative'] as const) {
      for (const key of ['prompt', 'completion', 'cost', 'calls']) {
        for (const value of EDGES) {
          const payload = { ...cost, [nested]: { ...cost[nested], [key]: value } };
          expectAgreement(live('token_usage_updated', payload, 7), `${nested}.${key} = ${String(value)}`);
        }
      }
    }
  });

  it('reads Python and JavaScript nulls, extra fields and another intent as zod does', () => {
    expectAgreement(live('status_narration', { message: 'x', sourceEvent: null, progress: null, stepNumber: null }, 0, { sessionId: null, timestamp: null }), 'nulls');
    expectAgreement(live('step_completed', { ...VALID.step_completed, extra: 1 }, 3, { pod: 'a' }), 'extra fields');
    expectAgreement(live('status_narration', VALID.status_narration, 3, { intentId: 'other' }), 'other intent');
    expect(fastTolky(live('status_narration', VALID.status_narration, 3, { intentId: 'other' }), fresh())).toEqual({ kind: 'events', events: [] });
  });

  const bad: [string, unknown, string][] = [
    ['a narration without text', live('status_narration', { stepNumber: 2 }, 7), 'message'],
    ['a fractional step', live('step_started', { ...VALID.step_started, stepNumber: 1.5 }, 7), 'stepNumber'],
    ['a negative cost', live('token_usage_updated', { ...VALID.token_usage_updated, delta: { cost: -1 } }, 7), 'cost'],
    ['a negative seq', live('chapter_log', VALID.chapter_log, -1), 'seq'],
  ];
  it.each(bad)('leaves %s to zod, which rejects it naming the field', (_, frame, path) => {
    expect(fastTolky(frame, fresh())).toBeUndefined();
    const full = readTolkyFull(frame, fresh());
    expect(full.kind === 'rejected' ? full.reason : 'read').toContain(path);
  });
});
