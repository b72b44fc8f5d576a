import { describe, expect, it } from 'vitest';

import { changedPointers, childPointer } from '@/features/state/changed-pointers';

describe('changedPointers', () => {
  it('names the rows a change wrote and the rows on the way to them', () => {
    const { changed, onPath } = changedPointers({ a: { b: { c: 1 } } }, ['/a/b/c']);
    expect([...changed]).toEqual(['/a/b/c']);
    expect([...onPath]).toEqual(['', '/a', '/a/b']);
  });

  it('makes an append ("/-") name the element it added', () => {
    expect([...changedPointers({ items: ['x', 'y', 'z'] }, ['/items/-']).changed]).toEqual(['/items/2']);
  });

  it('highlights the whole state for a snapshot', () => {
    const { changed, onPath } = changedPointers({ a: 1 }, ['']);
    expect([...changed]).toEqual(['']);
    expect(onPath.size).toBe(0);
  });

  it('escapes keys the way JSON Pointer does', () => {
    expect(childPointer('/a', 'x/y~z')).toBe('/a/x~1y~0z');
    expect(changedPointers({ 'x/y': [1] }, ['/x~1y/-']).changed.has('/x~1y/0')).toBe(true);
  });
});
