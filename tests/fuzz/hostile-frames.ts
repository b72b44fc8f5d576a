/**
 * fast-check arbitraries for hostile frames, shared by the in-suite fuzz tests
 * (tests/integration/fuzz-*.test.ts) and the long fuzz (bench/fuzz-long.ts).
 *
 * A hostile frame starts as a valid frame recorded from the simulator (tests/fixtures/fuzz,
 * written by bench/record-fuzz-seeds.ts) and then has one to three mutations applied at
 * random paths: a value replaced by a hostile one (wrong type, 1 MB string, 10k-level
 * nesting, lone surrogates, NaN/Infinity/-0/out-of-range numbers, prototype-pollution
 * objects), a key deleted, or a key added. A small share of frames are not built from a
 * seed at all (arbitrary JSON-like values, primitives, strings).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import fc from 'fast-check';

import type { DialectId } from '@/protocol/dialect';

export function loadSeeds(dialect: DialectId): unknown[] {
  const text = readFileSync(resolve(`tests/fixtures/fuzz/${dialect}.jsonl`), 'utf8');
  return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as unknown);
}

/** Nested `{a: {a: ...}}` or `[[...]]`, built iteratively (a recursive builder would be the first to overflow). */
export function deepNest(levels: number, asArray = false): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = asArray ? [value] : { a: value };
  return value;
}

const HUGE = 'x'.repeat(1024 * 1024);
const DEEP_OBJECT = deepNest(10_000);
const DEEP_ARRAY = deepNest(10_000, true);
// fast-check prints counterexamples recursively; these say what they are instead.
for (const [deep, name] of [[DEEP_OBJECT, '<object nested 10,000 levels>'], [DEEP_ARRAY, '<array nested 10,000 levels>']] as const) {
  Object.defineProperty(deep, fc.toStringMethod, { value: () => name });
}

/** Own `__proto__`/`constructor` keys, as JSON.parse makes them (an object literal would set the prototype instead). */
const POLLUTERS = [
  '{"__proto__": {"polluted": "yes"}}',
  '{"constructor": {"prototype": {"polluted": "yes"}}}',
  '{"__proto__": {"toString": "no"}, "prototype": {"polluted": "yes"}}',
].map((text) => JSON.parse(text) as unknown);

const hostileString = fc.oneof(
  fc.constantFrom('', ' ', '\uD800', '\uDC00x', 'a\uD83D', '\u0000', '\u202E', '<img src=x onerror=alert(1)>', 'javascript:alert(1)', '__proto__', 'constructor', 'toString'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 53, -(2 ** 31), 5e-324),
  fc.double(),
  fc.integer(),
);

/** A value that does not belong where it is put. `heavy` admits the 1 MB string and the 10k-level nesting. */
export function hostileValue(heavy: boolean): fc.Arbitrary<unknown> {
  const light = fc.oneof(
    hostileString,
    hostileNumber,
    fc.constantFrom(null, undefined, true, false, [], {}, [null], { type: 42 }),
    fc.constantFrom(...POLLUTERS),
    fc.jsonValue({ maxDepth: 3 }),
  );
  if (!heavy) return light;
  return fc.oneof({ weight: 20, arbitrary: light }, { weight: 1, arbitrary: fc.constantFrom(HUGE, DEEP_OBJECT, DEEP_ARRAY) });
}

export type Mutation =
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'delete'; at: number }
  | { op: 'add'; at: number; key: string; value: unknown };

function mutation(heavy: boolean): fc.Arbitrary<Mutation> {
  const at = fc.nat();
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ op: fc.constant('replace' as const), at, value: hostileValue(heavy) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), at }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('add' as const), at, key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'type', 'event', 'data', 'seq'), fc.string({ maxLength: 8 })), value: hostileValue(heavy) }) },
  );
}

/** A hostile frame: mostly a mutated seed, sometimes anything at all. */
export function hostileFrame(seeds: readonly unknown[], heavy = true): fc.Arbitrary<unknown> {
  const mutated = fc
    .tuple(fc.nat({ max: seeds.length - 1 }), fc.array(mutation(heavy), { minLength: 1, maxLength: 3 }))
    .map(([index, mutations]) => mutations.reduce((frame, m) => applyMutation(frame, m), structuredClone(seeds[index])));
  return fc.oneof(
    { weight: 12, arbitrary: mutated },
    { weight: 2, arbitrary: fc.constantFrom(...seeds).map((seed) => structuredClone(seed)) },
    { weight: 1, arbitrary: fc.oneof(fc.jsonValue({ maxDepth: 4 }), hostileValue(heavy)) },
  );
}

/** Paths to every object or array inside a frame (the frame itself first), bounded in count and depth. */
function containers(frame: unknown): (Record<string, unknown> | unknown[])[] {
  const out: (Record<string, unknown> | unknown[])[] = [];
  const queue: { value: unknown; depth: number }[] = [{ value: frame, depth: 0 }];
  while (queue.length > 0 && out.length < 200) {
    const { value, depth } = queue.shift()!;
    // The shared 10k-level constants are never mutated (they would grow across runs).
    if (typeof value !== 'object' || value === null || depth > 12 || value === DEEP_OBJECT || value === DEEP_ARRAY) continue;
    out.push(value as Record<string, unknown>);
    for (const child of Object.values(value)) queue.push({ value: child, depth: depth + 1 });
  }
  return out;
}

/** A private copy of a hostile value, so one run never edits another's constants (the deep ones are never edited). */
function own(value: unknown): unknown {
  return value === DEEP_OBJECT || value === DEEP_ARRAY || typeof value !== 'object' || value === null ? value : structuredClone(value);
}

/** Applies one mutation in place (the frame is a fresh clone) and returns the frame. */
export function applyMutation(frame: unknown, original: Mutation): unknown {
  const m = original.op === 'delete' ? original : { ...original, value: own(original.value) };
  const targets = containers(frame);
  if (targets.length === 0) return m.op === 'replace' ? m.value : frame;
  const target = targets[m.at % targets.length]!;
  const keys = Object.keys(target);
  if (m.op === 'add') {
    // An array's own `length` cannot be redefined: that mutation is a no-op.
    if (!(Array.isArray(target) && m.key === 'length')) Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    return frame;
  }
  if (keys.length === 0) return frame;
  const key = keys[m.at % keys.length]!;
  if (m.op === 'delete') delete (target as Record<string, unknown>)[key];
  else Object.defineProperty(target, key, { value: m.value, enumerable: true, writable: true, configurable: true });
  return frame;
}
