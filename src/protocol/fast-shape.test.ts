/**
 * Each field reader of the fast paths must accept what its zod counterpart accepts and give
 * what it gives, on the values that tell them apart.
 */
import { describe, expect, test } from 'vitest';
import * as z from 'zod';

import { anything, boolean, count, INVALID, list, nonNegative, nullish, number, positiveInteger, readShape, shape, string, type Field } from '@/protocol/fast-shape';

const VALUES: unknown[] = [
  0, -0, 1, -1, 1.5, 2 ** 53, 2 ** 53 - 1, 1e300, Number.NaN, Infinity, -Infinity,
  '', 'x', '1', null, undefined, true, false, [], [1], {}, { a: 1 }, { a: null }, { a: 'x', b: 2 },
];

const opt = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);
const inner = { a: nullish(string) };

/** [name, reader, its zod counterpart, whether it is a shape (it keeps only its declared fields)] */
const PAIRS: [string, Field, z.ZodType, boolean?][] = [
  ['string', string, z.string()],
  ['number', number, z.number()],
  ['nonNegative', nonNegative, z.number().nonnegative()],
  ['count', count, z.number().int().nonnegative()],
  ['positiveInteger', positiveInteger, z.number().int().positive()],
  ['boolean', boolean, z.boolean()],
  ['anything', anything, z.unknown().optional()],
  ['list', list, z.array(z.unknown())],
  ['nullish(string)', nullish(string), opt(z.string())],
  ['nullish(count)', nullish(count), opt(z.number().int().nonnegative())],
  ['shape', shape(inner), z.looseObject({ a: opt(z.string()) }), true],
  ['nullish(shape)', nullish(shape(inner)), opt(z.looseObject({ a: opt(z.string()) })), true],
];

describe('fast field readers agree with zod', () => {
  test.each(PAIRS)('%s', (_, field, schema, isShape) => {
    for (const value of VALUES) {
      const parsed = schema.safeParse(value);
      const read = field(value);
      expect([value, read === INVALID]).toEqual([value, !parsed.success]);
      // A shape keeps only its declared fields: compare those.
      if (parsed.success && read !== INVALID) expect(read).toEqual(isShape && isPlainObject(parsed.data) ? pick(parsed.data, Object.keys(inner)) : parsed.data);
    }
  });

  test('a shape reads only its declared fields, null as absent', () => {
    expect(readShape({ a: null, b: 1 }, inner)).toEqual({ a: undefined });
    expect(readShape({ a: 3 }, inner)).toBeUndefined();
    expect(readShape([], inner)).toBeUndefined();
  });
});

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pick(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, value[key]]));
}
