/**
 * Property-based fuzzing of every dialect decoder and of the whole ingest pipeline with
 * hostile frames (tests/fuzz/hostile-frames.ts): nothing throws out of the pipeline,
 * the stores stay sound (tests/fuzz/pipeline-invariants.ts), every decoder output is a
 * canonical RunEvent, and every rejected frame is listed in the diagnostics with a reason.
 * numRuns is kept small so this file stays fast; bench/fuzz-long.ts runs a million frames.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import { unsafeEventReason } from '@/ingest/guard-events';
import { DIALECTS } from '@/protocol/dialects';
import { createFrameReader } from '@/protocol/read-frame';
import { RunEventSchema } from '@/protocol/run-event';
import { toDisplayJson } from '@/lib/format-json';

import { deepNest, hostileFrame, loadSeeds } from '../fuzz/hostile-frames';
import { brokenInvariants, createPipeline } from '../fuzz/pipeline-invariants';

const DECODER_RUNS = 500;
const STREAM_RUNS = 50;

describe.each(Object.values(DIALECTS))('$id under hostile frames', (dialect) => {
  const seeds = loadSeeds(dialect.id);

  test('locate and the interpreter never throw, and return canonical events or a reasoned rejection', () => {
    fc.assert(
      fc.property(hostileFrame(seeds), (frame) => {
        const decode = createFrameReader(dialect, 'fanout~fuzz');
        for (const seed of seeds.slice(0, 4)) decode(structuredClone(seed));
        const result = decode(frame);
        expect(() => toDisplayJson(frame)).not.toThrow();
        if (result.kind === 'rejected') {
          expect(result.reason.trim()).not.toBe('');
          return;
        }
        expect(result.kind).toBe('events');
        // Cost magnitudes and reserved ids are the ingest guard's job (guard-events.ts): a frame it refuses never reaches a store.
        if (unsafeEventReason(result.events) !== undefined) return;
        for (const event of result.events) {
          const parsed = RunEventSchema.safeParse(event);
          expect(parsed.success, parsed.success ? '' : `${event.type}: ${parsed.error.message.slice(0, 400)}`).toBe(true);
        }
      }),
      { numRuns: DECODER_RUNS },
    );
  });

  test('a stream of valid and hostile frames keeps the stores sound and lists every rejection', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(hostileFrame(seeds), fc.constantFrom(...seeds).map((seed) => structuredClone(seed))), { minLength: 1, maxLength: 40 }), (stream) => {
        const p = createPipeline(dialect);
        for (const frame of stream) p.receive(frame);
        p.flush();
        expect(brokenInvariants(p)).toEqual([]);
        const { issues, stats } = p.run.getState();
        expect(stats.frames).toBe(stream.length);
        expect(issues.filter((issue) => issue.frame >= 0)).toHaveLength(stats.rejected);
        expect(p.frames.toJsonl().split('\n').length).toBe(stream.length + 2);
      }),
      { numRuns: STREAM_RUNS },
    );
  });

  test('frames nested 10,000 levels deep, 1 MB strings and lone surrogates are rejected or shown, never thrown', () => {
    const p = createPipeline(dialect);
    const seed = seeds[0] as Record<string, unknown>;
    const hostile = [deepNest(10_000), { ...seed, data: deepNest(10_000) }, { ...seed, huge: 'y'.repeat(1 << 20) }, { ...seed, text: '\uD800\uDFFF\uDC00' }, JSON.parse('{"__proto__": {"polluted": 1}}')];
    for (const frame of hostile) p.receive(frame);
    p.flush();
    expect(brokenInvariants(p)).toEqual([]);
    expect(p.run.getState().stats.frames).toBe(hostile.length);
    expect(() => p.frames.toJsonl()).not.toThrow();
  });

  test('a 10,000-level value in any field of a real frame is placed or rejected with a reason, never thrown', () => {
    for (const seed of seeds.slice(0, 8) as Record<string, unknown>[]) {
      for (const field of Object.keys(seed)) {
        for (const deep of [deepNest(10_000), deepNest(10_000, true)]) {
          const decode = createFrameReader(dialect, 'fanout~fuzz');
          const result = decode({ ...seed, [field]: deep });
          if (result.kind === 'rejected') expect(result.reason, field).not.toMatch(/call stack/);
        }
      }
    }
  });
});
