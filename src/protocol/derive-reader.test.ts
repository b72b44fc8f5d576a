/**
 * The derived readers must accept exactly what their zod schemas accept and give what they
 * give: each construct on the values that tell readers apart, then every wire schema of every
 * dialect, field by field, with each field set to each hostile value or left out.
 */
import { isDeepStrictEqual } from 'node:util';

import { describe, expect, test } from 'vitest';
import * as z from 'zod';

import { CostValueSchema, LogValueSchema, PlanValueSchema, StepValueSchema } from '@/protocol/agui/agui-custom';
import { AguiEventSchema } from '@/protocol/agui/agui-schemas';
import { INVALID, parseWith, readerOf } from '@/protocol/derive-reader';
import { KeyframeLineSchema, LogCheckpointSchema, NodeMapSchema, RunStateSchema } from '@/protocol/keyframe-schema';
import { MarsEventSchema, MarsLegacySchema } from '@/protocol/mars/mars-schemas';
import { nullishField } from '@/protocol/nullish-field';
import { MyagentClientEventSchema, MyagentServerEventSchema } from '@/protocol/myagent/myagent-schemas';
import { RelaviumEventSchema } from '@/protocol/relavium/relavium-schemas';
import { MessageCompletedSchema, MessageDeltaSchema, ShannonEventSchema } from '@/protocol/shannon/shannon-schemas';
import { TOLKY_PAYLOADS, TolkyEnvelopeSchema, tolkyFrameSchema, type TolkyType } from '@/protocol/tolky/tolky-schemas';

/** Every schema a dialect reads frames with through its derived reader. */
const WIRE_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  AguiEventSchema,
  CostValueSchema,
  PlanValueSchema,
  StepValueSchema,
  LogValueSchema,
  MarsEventSchema,
  MarsLegacySchema,
  MyagentServerEventSchema,
  MyagentClientEventSchema,
  RelaviumEventSchema,
  ShannonEventSchema,
  MessageDeltaSchema,
  MessageCompletedSchema,
  TolkyEnvelopeSchema,
  ...Object.fromEntries(Object.keys(TOLKY_PAYLOADS).map((type) => [`tolky ${type}`, tolkyFrameSchema(type as TolkyType)])),
};

const EDGES: unknown[] = [
  0, -0, 1, -1, 1.5, 100, 101, 2 ** 53, 2 ** 53 - 1, 1e300, Number.NaN, Infinity, -Infinity,
  '', 'x', '1', '\u{1F600}', 'success', null, undefined, true, false, [], [1], ['x'], [{}], ['x', 1], ['x', 1, 2], [1, 'x'], {}, { a: 1 }, { a: null }, { a: 'x', b: 2 }, { type: 'x' },
];

/**
 * Reader and schema agree on `value`: both reject, or both accept with equal results.
 * Strict deep equality (same keys, same values, -0 apart from 0) implies every check below,
 * so an agreeing case skips them: the file runs ~29,000 cases, and vitest's matchers were most
 * of its time. A disagreement is still reported by the matchers, with their messages.
 */
function expectAgreement(schema: z.ZodType, value: unknown, label: string | (() => string)) {
  const parsed = schema.safeParse(value);
  const read = readerOf(schema)(value);
  if (parsed.success ? read !== INVALID && isDeepStrictEqual(read, parsed.data) : read === INVALID) return;
  reportDisagreement(parsed, read, typeof label === 'string' ? label : label());
}

function reportDisagreement(parsed: ReturnType<z.ZodType['safeParse']>, read: unknown, label: string) {
  expect(read === INVALID, `${label}: ${parsed.success ? 'zod accepts' : 'zod rejects'}`).toBe(!parsed.success);
  if (parsed.success) expect(read, label).toEqual(parsed.data);
  // toEqual takes a key set to undefined for an absent one: the key lists must match too.
  if (parsed.success) expect(keyPaths(read), `${label}: keys`).toEqual(keyPaths(parsed.data));
}

/** Every own key path of a value, sorted (objects, and arrays by index: a hole no JSON text makes counts as there). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const keys = Array.isArray(value) ? Array.from(value, (_, i) => String(i)) : Object.keys(value);
  return keys
    .flatMap((key) => [`${prefix}${key}`, ...keyPaths((value as Record<string, unknown>)[key], `${prefix}${key}.`)])
    .sort();
}

const opt = nullishField;
/** The same field through a transform the readers do not know (read by calling it). */
const optByCall = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

const CONSTRUCTS: [string, z.ZodType][] = [
  ['string', z.string()],
  ['string.min(1)', z.string().min(1)],
  ['string.max(1)', z.string().max(1)],
  ['number', z.number()],
  ['int', z.number().int()],
  ['nonnegative int', z.number().int().nonnegative()],
  ['positive int', z.number().int().positive()],
  ['number 0..100', z.number().min(0).max(100)],
  ['boolean', z.boolean()],
  ['unknown', z.unknown()],
  ['unknown.optional', z.unknown().optional()],
  ['refined unknown', z.unknown().refine((value) => value !== undefined)],
  ['null', z.null()],
  ['literal', z.literal('x')],
  ['enum', z.enum(['x', 'success'])],
  ['nullish string → undefined', opt(z.string())],
  ['nullish number → undefined', opt(z.number().int())],
  ['nullish string → undefined, by call', optByCall(z.string())],
  ['nullish unknown → undefined', opt(z.unknown())],
  ['unknown.optional.nullable', z.unknown().optional().nullable()],
  ['nullish array → []', z.array(z.string()).nullish().transform((value) => value ?? [])],
  ['id text', z.union([z.string().min(1), z.number()]).transform(String)],
  ['union', z.union([z.string(), z.looseObject({ a: opt(z.string()) })])],
  ['array', z.array(z.looseObject({ type: z.string() }))],
  ['array.min(1)', z.array(z.unknown()).min(1)],
  ['record', z.record(z.string(), z.unknown())],
  ['tuple', z.tuple([z.string(), z.number().int()])],
  ['loose object', z.looseObject({ a: opt(z.number()), b: z.unknown().optional() })],
  ['loose object of inline kinds', z.looseObject({ a: opt(z.string()), b: z.string().optional(), c: z.unknown(), d: z.any().optional(), type: z.string() })],
  ['stripping object of inline kinds', z.object({ a: opt(z.string()), b: z.unknown().optional(), c: z.unknown() })],
  ['stripping object', z.object({ a: opt(z.number()) })],
  ['required unknown key', z.looseObject({ a: z.unknown() })],
  ['preprocessed', z.preprocess((value) => value ?? {}, z.looseObject({ a: opt(z.string()) }))],
  ['refined object', z.looseObject({ a: opt(z.string()), b: opt(z.string()) }).refine((o) => o.a !== undefined || o.b !== undefined)],
  ['discriminated', z.discriminatedUnion('type', [z.looseObject({ type: z.literal('x'), a: z.number() }), z.looseObject({ type: z.literal('y') })])],
];

describe('derived readers agree with zod', () => {
  test.each(CONSTRUCTS)('%s', (name, schema) => {
    for (const value of EDGES) expectAgreement(schema, value, `${name} on ${String(value)}`);
    for (const value of EDGES) expectAgreement(schema, { a: value, type: 'x' }, `${name} on {a: ${String(value)}}`);
  });

  test('an object is the same object when nothing needed reading, a copy with the read fields otherwise', () => {
    const schema = z.looseObject({ a: opt(z.string()) });
    const plain = { a: 'x', b: 1 };
    expect(readerOf(schema)(plain)).toBe(plain);
    const read = readerOf(schema)({ a: null, b: 1 });
    expect(read).toEqual({ a: undefined, b: 1 });
    expect(Object.keys(read as object)).toEqual(['a', 'b']);
    expect('a' in (readerOf(schema)({ b: 1 }) as object)).toBe(false);
  });

  test('fields read inline keep the same object, and a null optional text becomes a present undefined key', () => {
    const schema = z.looseObject({ a: opt(z.string()), b: z.string(), c: z.unknown().optional(), d: z.unknown() });
    const plain = { a: 'x', b: 'y', c: { deep: 1 }, d: null };
    expect(readerOf(schema)(plain)).toBe(plain);
    const nulled = { a: null, b: 'y', d: 1 };
    const read = readerOf(schema)(nulled) as Record<string, unknown>;
    expect(read).not.toBe(nulled);
    expect(Object.keys(read)).toEqual(['a', 'b', 'd']);
    expect(read.a).toBeUndefined();
    expect(readerOf(schema)({ a: 'x', b: 'y' })).toBe(INVALID);
    expect(readerOf(schema)({ a: 1, b: 'y', d: 1 })).toBe(INVALID);
  });

  test('an array carrying its own `constructor` key reads as a plain array, as zod gives, so map and filter still work', () => {
    const hostile = ['a', 'b'];
    Object.defineProperty(hostile, 'constructor', { value: 'x', enumerable: true });
    const read = readerOf(z.array(z.string()))(hostile) as string[];
    expect(read).toEqual(['a', 'b']);
    expect(read.map((item) => item.toUpperCase())).toEqual(['A', 'B']);
    const plain = ['a'];
    expect(readerOf(z.array(z.string()))(plain)).toBe(plain);
  });

  test('parseWith names the bad field the way the schema does', () => {
    const schema = z.looseObject({ a: z.looseObject({ b: z.number() }) });
    const result = parseWith(schema)({ a: { b: 'no' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['a', 'b']);
    expect(parseWith(schema)({ a: { b: 1 } })).toEqual({ success: true, data: { a: { b: 1 } } });
  });

  test('a construct it cannot read throws when derived, never reads differently', () => {
    expect(() => readerOf(z.string().email())).toThrow(/derive-reader/);
    expect(() => readerOf(z.strictObject({ a: z.string() }))).toThrow(/derive-reader/);
    expect(() => readerOf(z.string().optional().default('x'))).toThrow(/derive-reader/);
    expect(() => readerOf(z.tuple([z.string()], z.number()))).toThrow(/derive-reader/);
    expect(() => readerOf(z.tuple([z.string(), z.number().optional()]))).toThrow(/derive-reader/);
  });
});

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** A value the schema nearly accepts: every declared key filled, the first option of a union. */
function sampleOf(schema: z.ZodType, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 6) return undefined;
  switch (def.type) {
    case 'string':
      return 'x';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as object)[0];
    case 'optional':
    case 'nullable':
      return sampleOf(def.innerType as z.ZodType, depth + 1);
    case 'pipe':
      return defOf(def.in).type === 'transform' ? sampleOf(def.out as z.ZodType, depth + 1) : sampleOf(def.in as z.ZodType, depth + 1);
    case 'object':
      return Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => [key, sampleOf(field, depth + 1)]));
    case 'array':
      return [sampleOf(def.element as z.ZodType, depth + 1)];
    case 'union':
      return sampleOf((def.options as z.ZodType[])[0] as z.ZodType, depth + 1);
    case 'record':
      return { k: sampleOf(def.valueType as z.ZodType, depth + 1) };
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => sampleOf(item, depth + 1));
    default:
      return { a: 1 };
  }
}

/** Every path of `value` into objects and arrays. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => [[...prefix, key], ...pathsOf((value as Record<string | number, unknown>)[key], [...prefix, key])]);
}

/** `value` with `path` set to `next` (or removed when `next` is the REMOVE marker). */
function withPath(value: unknown, path: (string | number)[], next: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (rest.length === 0 && next === REMOVE) delete copy[head];
  else copy[head] = withPath(copy[head], rest, next);
  return copy;
}
const REMOVE = Symbol('remove');

/** The members of a union schema, one by one (each is sampled on its own). */
function membersOf(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  return def.type === 'union' ? (def.options as z.ZodType[]) : [schema];
}

describe('every wire schema reads the same derived as through zod', () => {
  test.each(Object.entries(WIRE_SCHEMAS))('%s', (name, schema: z.ZodType) => {
    let cases = 0;
    for (const member of membersOf(schema)) {
      const sample = sampleOf(member);
      expectAgreement(schema, sample, `${name} sample`);
      for (const path of pathsOf(sample)) {
        for (const edge of [...EDGES, REMOVE]) {
          expectAgreement(schema, withPath(sample, path, edge), () => `${name} ${JSON.stringify(sample).slice(0, 60)} at ${path.join('.')} = ${String(edge)}`);
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThan(0);
  });
});

/** A keyframed recording's lines are read by derived readers too (recording-keyframes.ts, keyframe-patch.ts). */
const KEYFRAME_SCHEMAS: Readonly<Record<string, z.ZodType>> = { KeyframeLineSchema, LogCheckpointSchema, RunStateSchema, NodeMapSchema };

describe('every keyframe schema reads the same derived as through zod', () => {
  test.each(Object.entries(KEYFRAME_SCHEMAS))('%s', (name, schema: z.ZodType) => {
    const sample = sampleOf(schema);
    expectAgreement(schema, sample, `${name} sample`);
    let cases = 0;
    for (const path of pathsOf(sample)) {
      for (const edge of [...EDGES, REMOVE]) {
        expectAgreement(schema, withPath(sample, path, edge), () => `${name} at ${path.join('.')} = ${String(edge)}`);
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(0);
  });
});
