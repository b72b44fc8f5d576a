/**
 * Fast readers for the frequent frame types of a dialect: the same fields as a zod object
 * schema, read by hand (wire-checks.ts says why zod is too slow there). Each field is a
 * reader that returns the value as the schema would give it (null read as absent where the
 * schema says so) or INVALID where the schema would reject it; a shape reads an object field
 * by field, keeping only its declared fields (what the mappings read). Anything INVALID
 * sends the frame to the schema, which rejects it with the path of its bad field.
 * fast-shape.test.ts holds each field reader against its zod counterpart; each dialect's
 * fast-path test holds its shapes against its schemas, field by field.
 */
import { isAbsent, isCount, isFiniteNumber, isPositiveInteger, isWireObject, type Loose } from '@/protocol/wire-checks';

export const INVALID: unique symbol = Symbol('invalid');

/** The value as the schema reads it, or INVALID. */
export type Field = (value: unknown) => unknown;
export type Shape = Readonly<Record<string, Field>>;

/** The declared fields of an object as the schema reads them, or undefined when the schema would reject it. */
export function readShape(value: unknown, shape: Shape): Loose | undefined {
  if (!isWireObject(value)) return undefined;
  const out: Loose = {};
  for (const key in shape) {
    const read = (shape[key] as Field)(value[key]);
    if (read === INVALID) return undefined;
    out[key] = read;
  }
  return out;
}

/** A nested object schema. */
export const shape =
  (fields: Shape): Field =>
  (value) =>
    readShape(value, fields) ?? INVALID;

/** `.nullish().transform(v => v ?? undefined)` around `field`. */
export const nullish =
  (field: Field): Field =>
  (value) =>
    isAbsent(value) ? undefined : field(value);

/** `z.string()`. */
export const string: Field = (value) => (typeof value === 'string' ? value : INVALID);
/** `z.number()`: finite. */
export const number: Field = (value) => (isFiniteNumber(value) ? value : INVALID);
/** `z.number().nonnegative()`. */
export const nonNegative: Field = (value) => (isFiniteNumber(value) && value >= 0 ? value : INVALID);
/** `z.number().int().nonnegative()`. */
export const count: Field = (value) => (isCount(value) ? value : INVALID);
/** `z.number().int().positive()`. */
export const positiveInteger: Field = (value) => (isPositiveInteger(value) ? value : INVALID);
/** `z.boolean()`. */
export const boolean: Field = (value) => (typeof value === 'boolean' ? value : INVALID);
/** `z.unknown().optional()`: anything, null kept as null. */
export const anything: Field = (value) => value;
/** `z.array(z.unknown())`. */
export const list: Field = (value) => (Array.isArray(value) ? value : INVALID);
