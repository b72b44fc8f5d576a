/**
 * Structural checks that accept exactly what the zod schemas accept, for the fast paths of
 * the hottest frame types (tokens: ~90% of every stream). Why not zod there: a zod parse
 * builds a copy of the frame and costs several times what the rest of ingest spends on it.
 * A fast path either accepts a frame on these checks and reads it as the schema path would,
 * or returns undefined and leaves it to the schema, so a bad frame is still rejected with the
 * path of its bad field. wire-checks.test.ts holds each check against its zod schema.
 */
export type Loose = Record<string, unknown>;

/** `z.looseObject(...)`'s own test: an object that is not an array (frames come from JSON). */
export const isWireObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `.nullish()`: absent or null (the schemas read null as absent). */
export const isAbsent = (value: unknown): value is null | undefined => value === undefined || value === null;

/** `z.string().nullish()`. */
export const isOptionalText = (value: unknown): value is string | null | undefined => isAbsent(value) || typeof value === 'string';

/** `z.number()`: finite numbers only. */
export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** `z.number().int().nonnegative()`: a safe integer ≥ 0. */
export const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** `z.number().int().positive()`. */
export const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** `z.number().nullish()`. */
export const isOptionalNumber = (value: unknown): value is number | null | undefined => isAbsent(value) || isFiniteNumber(value);

/** `z.number().int().nonnegative().nullish()`. */
export const isOptionalCount = (value: unknown): value is number | null | undefined => isAbsent(value) || isCount(value);

/** What a `.nullish().transform(v => v ?? undefined)` field reads as. */
export const orUndefined = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
