/**
 * Applies one keyframe patch (what changed in a replay's state since the keyframe before)
 * to the state it was taken against, checking every value it brings against the schema at
 * its place (keyframe-schema.ts). A keyframe comes from a file: a patch that does not fit
 * throws KeyframeInvalid naming where, and the caller replays the frames instead.
 *
 * A patch is one of:
 *   {"v": value}                      the value at this place, whole
 *   {"a": [elements]}                 an array that only grew: these appended
 *   {"o": {key: patch}, "d": [keys]}  an object or array changed at some keys (d: keys removed)
 * Only new values are checked, so restoring 256 keyframes costs what they add, not 256
 * whole states; what a patch leaves alone was checked when it came in (or is the store's
 * own initial state). Untouched parts stay the same objects, so the snapshots share them.
 *
 * Copy on write: `owned` holds the objects this caller made since its last snapshot, which
 * a patch may change in place; anything else is copied first (and then owned). A run of
 * patches applied with one set copies each big record once, not once per patch: copying
 * a record of a thousand nodes costs about a millisecond.
 */
import * as z from 'zod';

import { INVALID, readerOf } from '@/protocol/derive-reader';

export class KeyframeInvalid extends Error {}

/** Arrays of key, value pairs (a bucket map's bucket) by their schema, with the schema of their values. */
const pairLists = new WeakMap<z.ZodType, z.ZodType>();

/**
 * Says `schema` is a list of key, value pairs whose values fit `value` (its own checks say
 * so too, for a list given whole). A patch on one then checks only the slots it changed, by
 * their place: re-checking every pair of a bucket after each patch was a third of reading
 * a 100k-frame recording's keyframes in Chromium.
 */
export function markPairList<S extends z.ZodType>(schema: S, value: z.ZodType): S {
  pairLists.set(schema, value);
  return schema;
}

type Patch = Readonly<{ v?: unknown; a?: unknown; o?: unknown; d?: unknown }>;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function applyPatch(prev: unknown, patch: unknown, schema: z.ZodType, path: string, owned: Set<object> = new Set()): unknown {
  if (!isObject(patch)) throw new KeyframeInvalid(`${path}: a patch must be an object`);
  const p = patch as Patch;
  if ('v' in p) return checked(schema, p.v, path);
  if ('a' in p) return appended(prev, p.a, factsOf(schema), path, owned);
  if ('o' in p || 'd' in p) return changed(prev, p, factsOf(schema), path, owned);
  throw new KeyframeInvalid(`${path}: a patch needs "v", "a" or "o"`);
}

/**
 * A patch on a record the caller keeps in another form (the node map's chunks): each key it
 * changes is patched on `get(key)` and handed to `put`, with the checks `applyPatch` makes.
 * Values are copied before they change (none is changed in place: what the caller was handed
 * may be in a snapshot already). Only a patch that changes keys ("o" without "d") is applied
 * so; for any other the answer is false and nothing was read, and the caller patches the
 * record whole.
 */
export function applyKeyedPatch(patch: unknown, schema: z.ZodType, path: string, get: (key: string) => unknown, put: (key: string, value: unknown) => void): boolean {
  if (!isObject(patch)) throw new KeyframeInvalid(`${path}: a patch must be an object`);
  const p = patch as Patch;
  if (!('o' in p) || 'v' in p || 'a' in p || 'd' in p) return false;
  const keys = p.o;
  if (!isObject(keys)) throw new KeyframeInvalid(`${path}: "o" must be an object and "d" a list`);
  // One set for the whole patch: each key's value is copied once, and no two keys share one.
  const owned = new Set<object>();
  const facts = factsOf(schema);
  for (const key of Object.keys(keys)) put(key, applyPatch(get(key), keys[key], childSchema(facts, key, path), `${path}.${key}`, owned));
  return true;
}

/** A value read by its schema's derived reader (derive-reader.ts: what zod gives, without zod's per-parse work); zod says why one does not fit. */
function checked(schema: z.ZodType, value: unknown, path: string): unknown {
  if (fitsPlainly(schema, value)) return value;
  const read = readerOf(schema)(value);
  if (read !== INVALID) return read;
  const result = schema.safeParse(value);
  if (!result.success) throw new KeyframeInvalid(`${path}: ${result.error.issues[0]?.message ?? 'invalid'} at ${result.error.issues[0]?.path.join('.') ?? ''}`);
  return result.data;
}

/**
 * A string, number or boolean that fits a schema of that plain type (no refinements): what
 * zod would return, without a parse. Most of a keyframe's new values are these (streamed
 * text, costs, bucket keys); a parse each was a sixth of reading a 100k-frame recording's
 * keyframes in Chromium. Numbers must be finite, as zod's are.
 */
function fitsPlainly(schema: z.ZodType, value: unknown): boolean {
  const def = schema._zod.def as { type: string; checks?: readonly unknown[] };
  if ((def.checks?.length ?? 0) > 0) return false;
  if (def.type === 'string') return typeof value === 'string';
  if (def.type === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (def.type === 'boolean') return typeof value === 'boolean';
  return false;
}

/**
 * What applying a patch asks of a schema, read once per schema: the schema of the value
 * itself (past optional, nullable and a transform's input: a patch changes a value that is
 * there), what kind of container it is, and its children's schemas. Why kept: each read
 * was a zod getter or an `instanceof` (zod looks its traits up for each), about a seventh
 * of reading a 100k-frame recording's keyframes.
 */
type Facts = Readonly<{
  inner: z.ZodType;
  /** An array, or a free place (whose parts are free too). */
  list: boolean;
  /** A place that holds any JSON (the agent's shared state). */
  free: boolean;
  /** An array's element schema; a free place's own. */
  element: z.ZodType;
  /** A record's value schema. */
  value?: z.ZodType;
  /** An object's schemas by key. */
  shape?: Readonly<Record<string, z.ZodType | undefined>>;
}>;

const factsBySchema = new WeakMap<z.ZodType, Facts>();

function factsOf(schema: z.ZodType): Facts {
  let facts = factsBySchema.get(schema);
  if (facts === undefined) {
    const inner = unwrap(schema);
    const free = inner instanceof z.ZodUnknown || inner instanceof z.ZodAny;
    const array = inner instanceof z.ZodArray;
    facts = {
      inner,
      list: array || free,
      free,
      element: array ? (inner.element as z.ZodType) : inner,
      ...(inner instanceof z.ZodRecord ? { value: inner.valueType as z.ZodType } : {}),
      ...(inner instanceof z.ZodObject ? { shape: inner.shape as Record<string, z.ZodType> } : {}),
    };
    factsBySchema.set(schema, facts);
  }
  return facts;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
    else if (inner instanceof z.ZodPipe) inner = inner.in as z.ZodType;
    else return inner;
  }
}

function appended(prev: unknown, tail: unknown, facts: Facts, path: string, owned: Set<object>): unknown[] {
  if (!facts.list || !Array.isArray(prev) || !Array.isArray(tail)) throw new KeyframeInvalid(`${path}: "a" needs an array`);
  const out = writable(prev, owned);
  for (let i = 0; i < tail.length; i++) out.push(checked(facts.element, tail[i], `${path}[${prev.length + i}]`));
  return checkedWhole(facts.inner, out, path, prev.length);
}

function changed(prev: unknown, patch: Patch, facts: Facts, path: string, owned: Set<object>): unknown {
  const keys = patch.o === undefined ? {} : patch.o;
  const removed = patch.d === undefined ? [] : patch.d;
  if (!isObject(keys) || !Array.isArray(removed)) throw new KeyframeInvalid(`${path}: "o" must be an object and "d" a list`);
  if (Array.isArray(prev)) return changedArray(prev, keys, removed, facts, path, owned);
  if (!isObject(prev)) throw new KeyframeInvalid(`${path}: "o" on a value that is not an object`);
  const out = writable(prev, owned);
  for (const key of removed) {
    if (typeof key !== 'string' || !childSchema(facts, key, path).safeParse(undefined).success) throw new KeyframeInvalid(`${path}: cannot remove ${String(key)}`);
    delete out[key];
  }
  for (const key of Object.keys(keys)) out[key] = applyPatch(out[key], keys[key], childSchema(facts, key, path), `${path}.${key}`, owned);
  return out;
}

function changedArray(prev: unknown[], keys: Record<string, unknown>, removed: readonly unknown[], facts: Facts, path: string, owned: Set<object>): unknown[] {
  if (!facts.list || removed.length > 0) throw new KeyframeInvalid(`${path}: not an array patch`);
  const out = writable(prev, owned);
  const pairs = pairLists.get(facts.inner);
  for (const key of Object.keys(keys)) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index >= out.length) throw new KeyframeInvalid(`${path}: no element ${key}`);
    out[index] = applyPatch(out[index], keys[key], facts.element, `${path}[${key}]`, owned);
    if (pairs) checkedPair(pairs, out, index, path);
  }
  return pairs ? out : checkedWhole(facts.inner, out, path);
}

/**
 * An array whose schema checks it as a whole (a bucket map's bucket: key, value pairs) is
 * checked again once a patch changed it: each element fitting its place is not enough.
 */
function checkedWhole(schema: z.ZodType, array: unknown[], path: string, from = 0): unknown[] {
  const pairs = pairLists.get(schema);
  if (pairs) {
    // A pair list that grew: whole pairs, each new slot fitting its place (the slots before were checked).
    if (array.length % 2 !== 0) throw new KeyframeInvalid(`${path}: a bucket holds key, value pairs`);
    for (let i = from; i < array.length; i++) checkedPair(pairs, array, i, path);
    return array;
  }
  if ((schema._zod.def.checks?.length ?? 0) === 0) return array;
  checked(schema, array, path);
  return array;
}

/**
 * Slot `i` of a pair list: a key (even) is a string, a value (odd) fits `value`. The derived
 * reader's answer is zod's (derive-reader.test.ts holds every keyframe schema to it), so a
 * value it refuses is not asked of zod again.
 */
function checkedPair(value: z.ZodType, array: readonly unknown[], i: number, path: string): void {
  const fits = i % 2 === 0 ? typeof array[i] === 'string' : fitsPlainly(value, array[i]) || readerOf(value)(array[i]) !== INVALID;
  if (!fits) throw new KeyframeInvalid(`${path}[${i}]: a bucket holds key, value pairs`);
}

function childSchema(facts: Facts, key: string, path: string): z.ZodType {
  if (FORBIDDEN_KEYS.has(key)) throw new KeyframeInvalid(`${path}: key "${key}" is not allowed`);
  if (facts.value) return facts.value;
  if (facts.free) return facts.inner;
  const child = facts.shape?.[key];
  if (child && Object.hasOwn(facts.shape as object, key)) return child;
  throw new KeyframeInvalid(`${path}: unexpected key "${key}"`);
}

/** `value` itself when this caller owns it, else a copy it now owns. */
function writable<T extends object>(value: T, owned: Set<object>): T {
  if (owned.has(value)) return value;
  const copy = (Array.isArray(value) ? value.slice() : { ...value }) as T;
  owned.add(copy);
  return copy;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
