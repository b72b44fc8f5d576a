import * as fc from 'fast-check';
import { applyPatch, type Operation } from 'fast-json-patch';
import { describe, expect, it } from 'vitest';

import { applyJsonPatch, type PatchOp } from '@/lib/apply-json-patch';

describe('applyJsonPatch', () => {
  const doc = { a: { b: [1, 2, 3] }, c: 'x', 'k/e~y': true };

  it('applies every RFC 6902 operation without touching the input', () => {
    const before = structuredClone(doc);
    const result = applyJsonPatch(doc, [
      { op: 'add', path: '/a/b/1', value: 9 },
      { op: 'add', path: '/a/b/-', value: 4 },
      { op: 'replace', path: '/c', value: 'y' },
      { op: 'remove', path: '/k~1e~0y' },
      { op: 'copy', from: '/c', path: '/d' },
      { op: 'move', from: '/a/b/0', path: '/first' },
      { op: 'test', path: '/d', value: 'y' },
    ]);
    expect(result).toEqual({ ok: true, doc: { a: { b: [9, 2, 3, 4] }, c: 'y', d: 'y', first: 1 } });
    expect(doc).toEqual(before);
  });

  it('shares what a patch did not touch', () => {
    const state = { big: { items: [1, 2, 3] }, small: { n: 1 } };
    const result = applyJsonPatch(state, [{ op: 'replace', path: '/small/n', value: 2 }]);
    expect(result.ok && (result.doc as typeof state).big).toBe(state.big);
  });

  it.each<[string, PatchOp[], RegExp]>([
    ['a missing parent', [{ op: 'add', path: '/nope/x', value: 1 }], /operation 0 \(add \/nope\/x\): no value at "\/nope"/],
    ['replace of a missing key', [{ op: 'replace', path: '/z', value: 1 }], /no value at "\/z"/],
    ['an index out of range', [{ op: 'add', path: '/a/b/7', value: 1 }], /index 7 is out of range/],
    ['a path without a slash', [{ op: 'add', path: 'a', value: 1 }], /must start with "\/"/],
    ['an unknown op', [{ op: 'merge', path: '/a' }], /unknown op "merge"/],
    ['a failed test', [{ op: 'test', path: '/c', value: 'nope' }], /test failed/],
    ['a missing value', [{ op: 'add', path: '/q' }], /"value" is required/],
    ['a move into itself', [{ op: 'move', from: '/a', path: '/a/b/0' }], /into itself/],
  ])('names the failing operation on %s and is atomic', (_, ops, message) => {
    const result = applyJsonPatch(doc, [{ op: 'add', path: '/fine', value: 1 }, ...ops]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.replace(/^operation 1/, 'operation 0')).toMatch(message);
      expect(result.index).toBe(1);
    }
  });

  it('refuses a move to an array index past the end (RFC 6902 §4.1), where fast-json-patch appends', () => {
    const result = applyJsonPatch({ a: [], c: [] }, [{ op: 'move', path: '/a/2', from: '/c' }]);
    expect(result.ok ? result.doc : result.error).toMatch(/out of range/);
  });

  it('agrees with fast-json-patch (the reference client library) on generated patches', () => {
    const key = fc.constantFrom('a', 'b', 'c');
    const leaf = fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom('s', null, true));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 3 })),
    })).node;
    const path = fc.array(fc.oneof(key, fc.constantFrom('0', '1', '2', '-')), { minLength: 1, maxLength: 3 }).map((tokens) => `/${tokens.join('/')}`);
    const op = fc.oneof(
      fc.record({ op: fc.constantFrom('add', 'replace', 'test'), path, value }),
      fc.record({ op: fc.constant('remove'), path }),
      fc.record({ op: fc.constantFrom('move', 'copy'), path, from: path }),
    );
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 3 }), fc.array(op, { maxLength: 4 }), (start, ops) => {
        const ours = applyJsonPatch(start, ops);
        let theirs: unknown;
        try {
          theirs = applyPatch(structuredClone(start), structuredClone(ops) as Operation[], true, true).newDocument;
        } catch {
          theirs = FAILED;
        }
        // fast-json-patch does not bounds-check where a move or copy lands; RFC 6902 §4.1 forbids an index past the end.
        if (!ours.ok && /^(move|copy)$/.test(String(ops[ours.index]?.op)) && ours.error.includes('out of range')) return;
        expect(ours.ok ? ours.doc : FAILED).toEqual(theirs);
      }),
      { numRuns: 3000 },
    );
  });
});

const FAILED = Symbol('failed');
