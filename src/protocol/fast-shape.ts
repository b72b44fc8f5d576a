/**
 * Fast readers for the frequent frame types of a dialect: what a zod schema gives, read by
 * hand (wire-checks.ts says why zod is too slow there). Each field is a reader that returns
 * the value as the schema would give it (null read as absent where the schema says so, a
 * numeric id as text) or INVALID where the schema would reject it. An object is read as
 * `z.looseObject` reads it: its declared fields read, every other key kept. Why the same
 * object comes back when nothing needed reading (the common case): no copy per frame.
 * Anything INVALID sends the frame to the schema, which rejects it with the path of its bad
 * field. fast-shape.test.ts holds each reader against its zod counterpart; each dialect's
 * fast-path test holds its shapes against its schemas, field by field.
 */
import { isAbsent, isCount, isFiniteNumber, isPositiveInteger, isWireObject, type Loose } from '@/protocol/wire-checks';

export const INVALID: unique symbol = Symbol('invalid');

/** The value as the schema reads it, or INVALID. */
export type Field = (value: unknown) => unknown;
export type Fields = Readonly<Record<string, Field>>;
/** An object's fields, as two arrays: read in an indexed loop, not by enumerating a record per frame. */
export type Shape = Readonly<{ keys: readonly string[]; readers: readonly Field[] }>;

export function shapeOf(fields: Fields): Shape {
  return { keys: Object.keys(fields), readers: Object.values(fields) };
}

/** The shapes of a dialect's fast types, by type (a Map: a frame's type must not reach Object.prototype). */
export function shapesByType<K>(entries: readonly (readonly [K, Fields])[]): ReadonlyMap<K, Shape> {
  return new Map(entries.map(([type, fields]) => [type, shapeOf(fields)]));
}

/**
 * An object as `z.looseObject(fields)` reads it, or undefined when the schema would reject it:
 * the object itself when every declared field reads as it is, else a copy with those fields read.
 */
export function readShape(value: unknown, { keys, readers }: Shape): Loose | undefined {
  if (!isWireObject(value)) return undefined;
  let copy: Loose | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const raw = value[key];
    const read = (readers[i] as Field)(raw);
    if (read === INVALID) return undefined;
    if (read !== raw) (copy ??= { ...value })[key] = read;
  }
  return copy ?? value;
}

/** A nested `z.looseObject(fields)`. */
export const shape = (fields: Fields): Field => {
  const compiled = shapeOf(fields);
  return (value) => readShape(value, compiled) ?? INVALID;
};

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
/** `z.union([z.string(), z.number()]).transform(String)`: ids that are text in the documents and numbers in real streams. */
export const idText: Field = (value) => (typeof value === 'string' ? value : isFiniteNumber(value) ? String(value) : INVALID);
/** `z.literal(...)` / `z.enum([...])`. */
export const oneOf =
  (...values: readonly unknown[]): Field =>
  (value) =>
    values.includes(value) ? value : INVALID;
/** `z.union([z.string(), object])`: text, or the object read by `object`. */
export const textOr =
  (object: Field): Field =>
  (value) =>
    typeof value === 'string' ? value : object(value);
