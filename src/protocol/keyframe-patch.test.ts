import { describe, expect, test } from 'vitest';
import * as z from 'zod';

import { applyKeyedPatch, applyPatch, KeyframeInvalid } from '@/protocol/keyframe-patch';
import { RunStateSchema } from '@/protocol/keyframe-schema';

const Schema = z.object({
  name: z.string(),
  note: z.string().optional(),
  list: z.array(z.object({ n: z.number() })),
  byId: z.record(z.string(), z.object({ status: z.enum(['running', 'done']) })),
  free: z.unknown(),
});
const base = { name: 'a', list: [{ n: 1 }], byId: { x: { status: 'running' } }, free: { deep: [1] } };

const apply = (patch: unknown) => applyPatch(base, patch, Schema, 'state');

describe('applyPatch', () => {
  test('applies whole values, appends, changes keys and removes optional ones; untouched parts stay the same objects', () => {
    const out = apply({ o: { name: { v: 'b' }, list: { a: [{ n: 2 }] }, byId: { o: { y: { v: { status: 'done' } } } }, free: { o: { deep: { a: [2] } } } } }) as typeof base;
    expect(out).toEqual({ name: 'b', list: [{ n: 1 }, { n: 2 }], byId: { x: { status: 'running' }, y: { status: 'done' } }, free: { deep: [1, 2] } });
    expect(out.byId.x).toBe(base.byId.x);
    expect(out.list[0]).toBe(base.list[0]);
    expect(apply({ o: { note: { v: 'n' } } })).toMatchObject({ note: 'n' });
    expect(applyPatch({ ...base, note: 'n' }, { d: ['note'] }, Schema, 'state')).not.toHaveProperty('note');
  });

  test.each([
    ['a value of the wrong type', { o: { byId: { o: { x: { o: { status: { v: 'hacked' } } } } } } }, /state.byId.x.status/],
    ['an element of the wrong shape', { o: { list: { a: [{ n: 'one' }] } } }, /state.list\[1\]/],
    ['"a" on something that is not a list', { o: { name: { a: ['x'] } } }, /"a" needs an array/],
    ['a key the schema does not have', { o: { admin: { v: true } } }, /unexpected key "admin"/],
    ['removing a key that must be there', { d: ['name'] }, /cannot remove name/],
    ['an element past the end', { o: { list: { o: { 5: { v: { n: 1 } } } } } }, /no element 5/],
    ['a key that reaches the prototype', JSON.parse('{"o":{"byId":{"o":{"__proto__":{"v":{"status":"done"}}}}}}'), /"__proto__" is not allowed/],
    ['a patch that is not one', { o: { name: 'b' } }, /a patch must be an object/],
    ['a patch of no kind', { o: { name: {} } }, /needs "v", "a" or "o"/],
  ])('refuses %s, naming where', (_, patch, message) => {
    expect(() => apply(patch)).toThrow(KeyframeInvalid);
    expect(() => apply(patch)).toThrow(message);
  });

  test('a bucket map keeps key, value pairs: a slot patched to the wrong type is refused, a good one applies', () => {
    const cost = { byNode: [['a', 5, 'b', 7], undefined] };
    const CostSchema = z.object({ byNode: RunStateSchema.shape.cost.shape.byNode });
    expect(applyPatch(cost, { o: { byNode: { o: { 0: { o: { 1: { v: 6 } } } } } } }, CostSchema, 'cost')).toEqual({ byNode: [['a', 6, 'b', 7], undefined] });
    const refused = [
      { o: { byNode: { o: { 0: { o: { 1: { v: 'six' } } } } } } },
      { o: { byNode: { o: { 0: { a: ['c'] } } } } },
      // Each slot fits one of the two kinds, but not the kind its place holds.
      { o: { byNode: { o: { 0: { o: { 0: { v: 5 } } } } } } },
      { o: { byNode: { o: { 0: { a: [9, 'c'] } } } } },
    ];
    expect(applyPatch(cost, { o: { byNode: { o: { 0: { a: ['c', 9] } } } } }, CostSchema, 'cost')).toEqual({ byNode: [['a', 5, 'b', 7, 'c', 9], undefined] });
    for (const patch of refused) {
      expect(() => applyPatch(cost, patch, CostSchema, 'cost')).toThrow(/cost.byNode\[0\]/);
    }
  });
});

describe('applyKeyedPatch (a record kept in another form)', () => {
  const ById = Schema.shape.byId;
  const keptById = () => {
    const kept = new Map<string, unknown>([['x', { status: 'running' }], ['z', { status: 'done' }]]);
    const get = (key: string) => kept.get(key);
    const put = (key: string, value: unknown) => void kept.set(key, value);
    return { kept, get, put };
  };

  test('patches each key it changes on what the caller holds, copying instead of changing it in place', () => {
    const { kept, get, put } = keptById();
    const x = kept.get('x');
    const z = kept.get('z');
    expect(applyKeyedPatch({ o: { x: { o: { status: { v: 'done' } } }, y: { v: { status: 'running' } } } }, ById, 'byId', get, put)).toBe(true);
    expect(kept.get('x')).toEqual({ status: 'done' });
    expect(x).toEqual({ status: 'running' });
    expect(kept.get('y')).toEqual({ status: 'running' });
    expect(kept.get('z')).toBe(z);
  });

  test.each([
    ['a whole value', { v: { x: { status: 'done' } } }],
    ['a removal', { d: ['x'] }],
    ['a change with a removal', { o: { y: { v: { status: 'done' } } }, d: ['x'] }],
  ])('leaves %s to the caller: false, and nothing read or written', (_, patch) => {
    const read: string[] = [];
    const written: string[] = [];
    expect(applyKeyedPatch(patch, ById, 'byId', (key) => void read.push(key), (key) => void written.push(key))).toBe(false);
    expect([read, written]).toEqual([[], []]);
  });

  test.each([
    ['a value of the wrong type', { o: { x: { o: { status: { v: 'hacked' } } } } }, /byId.x.status/],
    ['a key that reaches the prototype', JSON.parse('{"o":{"__proto__":{"v":{"status":"done"}}}}'), /byId: key "__proto__" is not allowed/],
    ['a patch that is not one', 'x', /a patch must be an object/],
    ['"o" that is not an object', { o: 5 }, /"o" must be an object/],
  ])('refuses %s, as applyPatch does', (_, patch, message) => {
    const { get, put } = keptById();
    expect(() => applyKeyedPatch(patch, ById, 'byId', get, put)).toThrow(KeyframeInvalid);
    expect(() => applyKeyedPatch(patch, ById, 'byId', get, put)).toThrow(message);
  });
});

describe('plain values (checked without a zod parse)', () => {
  const Plain = z.object({ text: z.string(), counts: z.array(z.number()), flags: z.array(z.boolean()), whole: z.array(z.number().int()) });
  const start = { text: 'a', counts: [1], flags: [true], whole: [1] };
  const patch = (p: unknown) => applyPatch(start, p, Plain, 'state');

  test('a value of the plain type applies as it is', () => {
    expect(patch({ o: { text: { v: 'b' }, counts: { a: [2.5] }, flags: { a: [false] }, whole: { a: [3] } } })).toEqual({ text: 'b', counts: [1, 2.5], flags: [true, false], whole: [1, 3] });
  });

  test.each([
    ['a number where a string goes', { o: { text: { v: 7 } } }, /state.text/],
    ['a string where a number goes', { o: { counts: { a: ['1'] } } }, /state.counts\[1\]/],
    ['a number that is not finite', { o: { counts: { a: [Infinity] } } }, /state.counts\[1\]/],
    ['a string where a boolean goes', { o: { flags: { a: ['true'] } } }, /state.flags\[1\]/],
    ['a fraction where a refined number (int) goes', { o: { whole: { a: [1.5] } } }, /state.whole\[1\]/],
  ])('refuses %s', (_, p, message) => {
    expect(() => patch(p)).toThrow(KeyframeInvalid);
    expect(() => patch(p)).toThrow(message);
  });
});
