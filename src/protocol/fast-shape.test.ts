/**
 * Each field reader of the fast paths must accept what its zod counterpart accepts and give
 * what it gives, on the values that tell them apart.
 */
import { describe, expect, test } from 'vitest';
import * as z from 'zod';

import { anything, boolean, count, idText, INVALID, list, nonNegative, nullish, number, oneOf, positiveInteger, readShape, shape, shapeOf, string, textOr, type Field } from '@/protocol/fast-shape';

const VALUES: unknown[] = [
  0, -0, 1, -1, 1.5, 2 ** 53, 2 ** 53 - 1, 1e300, Number.NaN, Infinity, -Infinity,
  '', 'x', '1', null, undefined, true, false, [], [1], {}, { a: 1 }, { a: null }, { a: 'x', b: 2 },
];

const opt = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);
const inner = { a: nullish(string) };

const PAIRS: [string, Field, z.ZodType][] = [
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
  ['shape', shape(inner), z.looseObject({ a: opt(z.string()) })],
  ['nullish(shape)', nullish(shape(inner)), opt(z.looseObject({ a: opt(z.string()) }))],
  ['idText', idText, z.union([z.string(), z.number()]).transform(String)],
  ['oneOf', oneOf('x', 1), z.enum(['x']).or(z.literal(1))],
  ['textOr(shape)', textOr(shape(inner)), z.union([z.string(), z.looseObject({ a: opt(z.string()) })])],
];

describe('fast field readers agree with zod', () => {
  test.each(PAIRS)('%s', (_, field, schema) => {
    for (const value of VALUES) {
      const parsed = schema.safeParse(value);
      const read = field(value);
      expect([value, read === INVALID]).toEqual([value, !parsed.success]);
      if (parsed.success && read !== INVALID) expect([value, read]).toEqual([value, parsed.data]);
    }
  });

  test('a shape keeps the keys it does not declare, and is the same object when nothing needed reading', () => {
    expect(readShape({ a: null, b: 1 }, shapeOf(inner))).toEqual({ a: undefined, b: 1 });
    const plain = { a: 'x', b: 1 };
    expect(readShape(plain, shapeOf(inner))).toBe(plain);
    expect(readShape({ a: 3 }, shapeOf(inner))).toBeUndefined();
    expect(readShape([], shapeOf(inner))).toBeUndefined();
  });
});
