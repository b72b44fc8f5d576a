import { describe, expect, test } from 'vitest';

import { recycleKeys } from '@/features/timeline/recycled-keys';

const keysOf = (assignment: ReadonlyMap<number, number>, indexes: readonly number[]) => indexes.map((i) => assignment.get(i));

describe('recycleKeys', () => {
  test('items that stay keep their keys; items that enter take the keys of those that left', () => {
    const first = recycleKeys(new Map(), [10, 11, 12, 13]);
    expect(keysOf(first, [10, 11, 12, 13])).toEqual([0, 1, 2, 3]);
    const scrolled = recycleKeys(first, [12, 13, 14, 15]);
    expect(keysOf(scrolled, [12, 13])).toEqual([2, 3]);
    expect(new Set(keysOf(scrolled, [14, 15]))).toEqual(new Set([0, 1]));
  });

  test('a jump far away reuses every key, and a longer range adds new ones', () => {
    const first = recycleKeys(new Map(), [0, 1, 2]);
    const jumped = recycleKeys(first, [5000, 5001, 5002, 5003]);
    expect(keysOf(jumped, [5000, 5001, 5002, 5003])).toEqual([0, 1, 2, 3]);
  });

  test('keys are unique within a render, and a pinned item out of order keeps its key', () => {
    const first = recycleKeys(new Map(), [40, 41, 42, 43]);
    const pinned = recycleKeys(first, [100, 101, 102, 103, 41]);
    expect(pinned.get(41)).toBe(1);
    const keys = keysOf(pinned, [100, 101, 102, 103, 41]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
