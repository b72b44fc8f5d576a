/**
 * The object test locate uses must accept exactly what zod's object schema accepts, on the
 * values that tell them apart (null, arrays, dates, functions, primitives).
 */
import { describe, expect, test } from 'vitest';
import * as z from 'zod';

import { isWireObject } from '@/protocol/wire-checks';

const VALUES: unknown[] = [
  0, -0, 1, -1, 1.5, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), 1e300, Number.NaN, Infinity, -Infinity,
  '', 'x', '1', null, undefined, true, false, [], [1], {}, { a: 1 }, new Date(0), () => 1,
];

const PAIRS: [string, (value: unknown) => boolean, z.ZodType][] = [
  ['isWireObject', isWireObject, z.looseObject({})],
];

describe('wire checks agree with zod', () => {
  test.each(PAIRS)('%s', (_, check, schema) => {
    for (const value of VALUES) expect([value, check(value)]).toEqual([value, schema.safeParse(value).success]);
  });
});
