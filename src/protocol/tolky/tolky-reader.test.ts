/**
 * tolky frames read through the readers derived from their schemas (derive-reader.ts) must
 * read exactly as through zod alone, and a bad one must still be rejected with the path of its
 * bad field. Checked field by field: every field of the envelope and of the frequent types'
 * payloads set to each value that tells readers apart.
 */
import { describe, expect, it } from 'vitest';

import { throughZodOnly } from '@/protocol/derive-reader';
import { readTolkyFrame } from '@/protocol/tolky/tolky-interpreter';
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

const zodOnly = (frame: unknown) => throughZodOnly(() => readTolkyFrame(frame, fresh()));

/** The derived readers and zod read `frame` the same: the same events, or the same rejection. */
function expectAgreement(frame: unknown, label: string) {
  expect(readTolkyFrame(frame, fresh()), label).toEqual(zodOnly(frame));
}

describe('tolky frames through derived readers', () => {
  it.each(Object.keys(VALID))('reads a valid %s as zod does', (type) => {
    const frame = live(type, VALID[type], 7);
    expect(readTolkyFrame(frame, fresh()).kind).toBe('events');
    expectAgreement(frame, type);
  });

  it.each(Object.keys(VALID))('agrees with zod on every payload field of %s, whatever its value', (type) => {
    for (const key of Object.keys(TOLKY_PAYLOADS[type as TolkyType].shape)) {
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
    expect(readTolkyFrame(live('status_narration', VALID.status_narration, 3, { intentId: 'other' }), fresh())).toEqual({ kind: 'events', events: [] });
  });

  const bad: [string, unknown, string][] = [
    ['a narration without text', live('status_narration', { stepNumber: 2 }, 7), 'message'],
    ['a fractional step', live('step_started', { ...VALID.step_started, stepNumber: 1.5 }, 7), 'stepNumber'],
    ['a negative cost', live('token_usage_updated', { ...VALID.token_usage_updated, delta: { cost: -1 } }, 7), 'cost'],
    ['a negative seq', live('chapter_log', VALID.chapter_log, -1), 'seq'],
  ];
  it.each(bad)('rejects %s naming the field, as zod does', (_, frame, path) => {
    const read = readTolkyFrame(frame, fresh());
    expect(read.kind === 'rejected' ? read.reason : 'read').toContain(path);
    expect(read).toEqual(zodOnly(frame));
  });
});
