/**
 * A fast reader derived from a zod schema, once, by walking the schema's definition (zod 4
 * exposes it as `schema._zod.def`): the schema stays the one declaration of a frame shape, and
 * the reader accepts exactly what `safeParse` accepts and gives what it gives, without zod's
 * per-parse work (a payload object and an issue list per field, a fresh copy of every
 * object). Why it matters: tokens are ~90% of a stream, and a zod parse costs several times
 * what the rest of ingest spends on a frame.
 *
 * An object comes back as the same object when no field needed reading (the common case: no
 * copy per frame), else as a copy with those fields read, its other keys kept. Anything the
 * schema would reject reads as undefined; the caller then asks the schema itself, which
 * rejects it with the path of its bad field (`parseWith`).
 *
 * Only what the wire schemas use is derived (see `compile`); any other construct throws when
 * the reader is derived — at module load, so a schema change that cannot be read fast fails
 * every test at once instead of reading differently. derive-reader.test.ts holds each
 * construct, and every dialect's schemas, against zod on hostile values.
 */
import type * as z from 'zod';

import { compileChecks } from '@/protocol/derive-checks';
import { INVALID, isObject, type Field } from '@/protocol/derive-field';
import { KEEPS, kindOf, NULLISH_STRING, objectReader, STRING, withKind } from '@/protocol/derive-object';
import { nullToUndefined } from '@/protocol/nullish-field';

export { INVALID, type Field };

type Internals = {
  def: Record<string, unknown> & { type: string; checks?: readonly unknown[] };
  optin?: 'optional' | 'defaulted';
  optout?: 'optional';
};
const internals = (schema: unknown): Internals => (schema as { _zod: Internals })._zod;

const cache = new WeakMap<object, Field>();

/** The reader of `schema` (derived once per schema object). */
export function readerOf(schema: z.ZodType): Field {
  let field = cache.get(schema);
  if (field === undefined) {
    field = withChecks(compile(schema), internals(schema).def.checks);
    cache.set(schema, field);
  }
  return field;
}

/** `schema.safeParse(value).data` when it succeeds, else undefined — without zod. */
export function fastReader<T>(schema: z.ZodType<T>): (value: unknown) => T | undefined {
  const read = readerOf(schema);
  return (value) => {
    const result = read(value);
    return result === INVALID ? undefined : (result as T);
  };
}

let zodOnly = false;

/**
 * Runs `read` with every `parseWith` going through zod alone: the reference the derived
 * readers are held to (each dialect's reader test compares the two on hostile frames).
 */
export function throughZodOnly<T>(read: () => T): T {
  zodOnly = true;
  try {
    return read();
  } finally {
    zodOnly = false;
  }
}

/** `schema.safeParse`, the derived reader first: zod runs only for a value it refuses, to say why. */
export function parseWith<T>(schema: z.ZodType<T>): (value: unknown) => z.ZodSafeParseResult<T> {
  const read = readerOf(schema);
  return (value) => {
    if (zodOnly) return schema.safeParse(value);
    const result = read(value);
    return result === INVALID ? schema.safeParse(value) : { success: true, data: result as T };
  };
}

function withChecks(field: Field, checks: readonly unknown[] | undefined): Field {
  if (checks === undefined || checks.length === 0) return field;
  const test = compileChecks(checks);
  return (value) => {
    const read = field(value);
    return read === INVALID || !test(read) ? INVALID : read;
  };
}

type Compiler = (def: Internals['def'], schema: z.ZodType) => Field;

const isFinite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const COMPILERS: Readonly<Record<string, Compiler>> = {
  string: () => withKind((value) => (typeof value === 'string' ? value : INVALID), STRING),
  number: () => (value) => (isFinite(value) ? value : INVALID),
  boolean: () => (value) => (typeof value === 'boolean' ? value : INVALID),
  unknown: () => withKind((value) => value, KEEPS),
  any: () => withKind((value) => value, KEEPS),
  null: () => (value) => (value === null ? value : INVALID),
  undefined: () => (value) => (value === undefined ? value : INVALID),
  literal: (def) => oneOf(def.values as readonly unknown[]),
  enum: (def) => oneOf(Object.values(def.entries as Record<string, unknown>)),
  optional: (def) => optional(def.innerType as z.ZodType),
  nullable: (def) => {
    const inner = readerOf(def.innerType as z.ZodType);
    return (value) => (value === null ? null : inner(value));
  },
  pipe: (def) => pipe(def.in as z.ZodType, def.out as z.ZodType),
  transform: (def) => transform(def.transform),
  object: (def) => objectReader(def, readerOf),
  array: (def) => arrayReader(readerOf(def.element as z.ZodType)),
  tuple: (def) => tupleReader(def),
  union: (def) => unionReader(def),
  record: (def) => recordReader(def),
};

function compile(schema: z.ZodType): Field {
  const { def } = internals(schema);
  const compiler = COMPILERS[def.type];
  if (compiler === undefined) throw new Error(`derive-reader: no fast reader for a zod ${def.type}`);
  return compiler(def, schema);
}

function oneOf(values: readonly unknown[]): Field {
  const set = new Set(values);
  return (value) => (set.has(value) ? value : INVALID);
}

function optional(inner: z.ZodType): Field {
  if (internals(inner).optin === 'defaulted') throw new Error('derive-reader: no fast reader for an optional default');
  const read = readerOf(inner);
  if (kindOf(read) === KEEPS) return read;
  return (value) => (value === undefined ? undefined : read(value));
}

/** A pipe; `x.nullish().transform(f)` (every wire schema's optional field) in one step. */
function pipe(input: z.ZodType, output: z.ZodType): Field {
  const first = readerOf(input);
  const outDef = internals(output).def;
  if (outDef.type === 'transform' && (outDef.checks?.length ?? 0) === 0) {
    const apply = plainTransform(outDef.transform);
    const nullishOf = nullishInner(input);
    if (nullishOf !== undefined && apply === nullToUndefined) return nullishField(readerOf(nullishOf));
    if (nullishOf !== undefined) {
      const inner = readerOf(nullishOf);
      return (value) => {
        if (value === undefined || value === null) return apply(value);
        const read = inner(value);
        return read === INVALID ? INVALID : apply(read);
      };
    }
    return (value) => {
      const read = first(value);
      return read === INVALID ? INVALID : apply(read);
    };
  }
  const second = readerOf(output);
  return (value) => {
    const read = first(value);
    return read === INVALID ? INVALID : second(read);
  };
}

/** X when `schema` is `X.nullish()` (optional around nullable, neither with checks). */
function nullishInner(schema: z.ZodType): z.ZodType | undefined {
  const outer = internals(schema).def;
  if (outer.type !== 'optional' || (outer.checks?.length ?? 0) > 0) return undefined;
  const inner = internals(outer.innerType).def;
  if (inner.type !== 'nullable' || (inner.checks?.length ?? 0) > 0) return undefined;
  return inner.innerType as z.ZodType;
}

/** `nullishField(X)` (nullish-field.ts): null and undefined read as undefined, anything else as X reads it. */
function nullishField(inner: Field): Field {
  if (kindOf(inner) === STRING) return withKind((value) => (typeof value === 'string' ? value : value === null || value === undefined ? undefined : INVALID), NULLISH_STRING);
  return (value) => {
    if (value === undefined || value === null) return undefined;
    const read = inner(value);
    return read === INVALID ? INVALID : (read ?? undefined);
  };
}

/** A transform that only maps its value (one parameter: it cannot report an issue through zod's context). */
function plainTransform(fn: unknown): (value: unknown) => unknown {
  if (typeof fn !== 'function' || fn.length > 1) throw new Error('derive-reader: a transform that takes zod\u2019s context cannot be read fast');
  return fn as (value: unknown) => unknown;
}

function transform(fn: unknown): Field {
  return plainTransform(fn);
}

/**
 * `z.array(item)`: the array itself when every item reads as it is (holes included: `every`
 * would skip them). An array whose `constructor` is not Array (an own key no JSON text makes,
 * but a hostile object can) is copied, as zod copies every array: map and filter on it would throw.
 */
function arrayReader(item: Field): Field {
  return (value) => {
    if (!Array.isArray(value)) return INVALID;
    let copy: unknown[] | undefined = value.constructor === Array ? undefined : Array.from(value as unknown[]);
    for (let i = 0; i < value.length; i++) {
      const read = item(value[i]);
      if (read === INVALID) return INVALID;
      if (read !== value[i]) (copy ??= [...value])[i] = read;
    }
    return copy ?? value;
  };
}

/**
 * `z.tuple([a, b, …])` with every item required and no rest (a keyframe's open log rows): an
 * array of exactly that length, each item read by its own reader; a new array, as zod gives.
 */
function tupleReader(def: Internals['def']): Field {
  const items = def.items as readonly z.ZodType[];
  if (def.rest !== undefined && def.rest !== null) throw new Error('derive-reader: no fast reader for a tuple with a rest');
  if (items.some((item) => internals(item).optin !== undefined)) throw new Error('derive-reader: no fast reader for a tuple with optional items');
  const readers = items.map((item) => readerOf(item));
  return (value) => {
    if (!Array.isArray(value) || value.length !== readers.length) return INVALID;
    const out: unknown[] = [];
    for (let i = 0; i < readers.length; i++) {
      const read = (readers[i] as Field)(value[i]);
      if (read === INVALID) return INVALID;
      out.push(read);
    }
    return out;
  };
}

/** `z.union`: the first option that reads; a discriminated union goes straight to its member. */
function unionReader(def: Internals['def']): Field {
  const options = def.options as readonly z.ZodType[];
  const readers = options.map((option) => readerOf(option));
  const discriminator = def.discriminator as string | undefined;
  if (discriminator !== undefined) return discriminated(discriminator, options, readers);
  return (value) => {
    for (const read of readers) {
      const result = read(value);
      if (result !== INVALID) return result;
    }
    return INVALID;
  };
}

function discriminated(key: string, options: readonly z.ZodType[], readers: readonly Field[]): Field {
  const members = new Map<unknown, Field>();
  options.forEach((option, i) => {
    const tag = (internals(option).def.shape as Record<string, z.ZodType> | undefined)?.[key];
    const tagDef = tag === undefined ? undefined : internals(tag).def;
    if (tagDef?.type !== 'literal') throw new Error(`derive-reader: a discriminated member without a literal "${key}"`);
    for (const literal of tagDef.values as readonly unknown[]) members.set(literal, readers[i] as Field);
  });
  return (value) => {
    if (!isObject(value)) return INVALID;
    const read = members.get(value[key]);
    return read === undefined ? INVALID : read(value);
  };
}

/** `z.record(z.string(), value)`: a plain object, each value read; a new object, as zod gives. */
function recordReader(def: Internals['def']): Field {
  const keyDef = internals(def.keyType).def;
  if (keyDef.type !== 'string' || (keyDef.checks?.length ?? 0) > 0) throw new Error('derive-reader: only records keyed by plain strings are read fast');
  const item = readerOf(def.valueType as z.ZodType);
  return (value) => {
    if (!isObject(value)) return INVALID;
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return INVALID;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (key === '__proto__') continue;
      const read = item(value[key]);
      if (read === INVALID) return INVALID;
      out[key] = read;
    }
    return out;
  };
}
