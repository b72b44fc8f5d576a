/**
 * Each structural check of the fast paths must accept exactly what its zod schema accepts,
 * on the values that tell them apart (NaN, Infinity, -0, 2^53, fractions, null, arrays).
 */
import { describe, expect, test } from 'vitest';
import * as z from 'zod';

import {
  isAbsent,
  isCount,
  isFiniteNumber,
  isOptionalCount,
  isOptionalNumber,
  isOptionalText,
  isPositiveInteger,
  isWireObject,
} from '@/protocol/wire-checks';

const VALUES: unknown[] = [
  0, -0, 1, -1, 1.5, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), 1e300, Number.NaN, Infinity, -Infinity,
  '', 'x', '1', null, undefined, true, false, [], [1], {}, { a: 1 }, new Date(0), () => 1,
];

const PAIRS: [string, (value: unknown) => boolean, z.ZodType][] = [
  ['isWireObject', isWireObject, z.looseObject({})],
  ['isAbsent', isAbsent, z.null().or(z.undefined())],
  ['isOptionalText', isOptionalText, z.string().nullish()],
  ['isFiniteNumber', isFiniteNumber, z.number()],
  ['isCount', isCount, z.number().int().nonnegative()],
  ['isPositiveInteger', isPositiveInteger, z.number().int().positive()],
  ['isOptionalNumber', isOptionalNumber, z.number().nullish()],
  ['isOptionalCount', isOptionalCount, z.number().int().nonnegative().nullish()],
];

describe('wire checks agree with zod', () => {
  test.each(PAIRS)('%s', (_, check, schema) => {
    for (const value of VALUES) expect([value, check(value)]).toEqual([value, schema.safeParse(value).success]);
  });
});
