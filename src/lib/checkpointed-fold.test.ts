import { describe, expect, it } from 'vitest';

import { checkpointedFold, type Fold } from '@/lib/checkpointed-fold';

type Item = { key: string; value: number };
type Sums = Map<string, number>;

/** Sums by key, counting every item it adds. */
function countingFold(): { fold: Fold<Item, Sums>; added: () => number } {
  let added = 0;
  return {
    fold: {
      start: () => new Map(),
      add: (sums, item) => {
        added += 1;
        sums.set(item.key, (sums.get(item.key) ?? 0) + item.value);
      },
      copy: (sums) => new Map(sums),
    },
    added: () => added,
  };
}

function plainSums(items: readonly Item[]): Sums {
  const sums: Sums = new Map();
  for (const item of items) sums.set(item.key, (sums.get(item.key) ?? 0) + item.value);
  return sums;
}

function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 48271) % 2147483647;
    return s / 2147483647;
  };
}

const item = (random: () => number): Item => ({ key: `k${Math.floor(random() * 7)}`, value: Math.round(random() * 1000) / 7 });

describe('checkpointedFold', () => {
  it('gives what a fold from the start gives, for prefixes, copies and longer lists in any order', () => {
    const random = seeded(7);
    const all: Item[] = Array.from({ length: 500 }, () => item(random));
    const { fold } = countingFold();
    const sums = checkpointedFold(fold, 16);
    for (let round = 0; round < 200; round++) {
      const length = Math.floor(random() * (all.length + 1));
      // A copy of a prefix (a replay seek, a live batch's copy): the same items, another array.
      const list = all.slice(0, length);
      expect(sums(list)).toEqual(plainSums(list));
    }
  });

  it('adds only the items after the nearest kept state', () => {
    const random = seeded(3);
    const all: Item[] = Array.from({ length: 10_000 }, () => item(random));
    const { fold, added } = countingFold();
    const sums = checkpointedFold(fold, 64);
    sums(all.slice(0, 9_990));
    const before = added();
    expect(sums(all)).toEqual(plainSums(all));
    // 9,990 items hold checkpoints up to 9,984: at most the 16 items after it are added again.
    expect(added() - before).toBeLessThanOrEqual(16);
    const shorter = added();
    expect(sums(all.slice(0, 5_000))).toEqual(plainSums(all.slice(0, 5_000)));
    expect(added() - shorter).toBeLessThan(64);
  });

  it('folds from the start a list of new items with the same values, or the same items at other places', () => {
    const random = seeded(11);
    const all: Item[] = Array.from({ length: 300 }, () => item(random));
    const { fold, added } = countingFold();
    const sums = checkpointedFold(fold, 32);
    sums(all);
    const fresh = all.map((i) => ({ ...i }));
    let before = added();
    expect(sums(fresh)).toEqual(plainSums(fresh));
    expect(added() - before).toBe(fresh.length);
    // The same objects moved by a whole checkpoint's length, so kept items fall where kept ones
    // are looked for: a kept state names its item's index, so none is used.
    const shifted = [...Array.from({ length: 32 }, () => ({ key: 'k0', value: 1 })), ...all];
    before = added();
    expect(sums(shifted)).toEqual(plainSums(shifted));
    expect(added() - before).toBe(shifted.length);
  });

  it('hands out a state the caller may change without changing the one kept', () => {
    const all: Item[] = Array.from({ length: 40 }, (_, i) => ({ key: 'k', value: i }));
    const { fold } = countingFold();
    const sums = checkpointedFold(fold, 8);
    sums(all).set('k', -1);
    expect(sums(all)).toEqual(plainSums(all));
  });
});
