/**
 * React keys for a virtualised list's rendered items, recycled: an item keeps its key while
 * it stays rendered, and an item that enters takes a key that one leaving gave up. Why: a
 * replay's seek moves the timeline's range by thousands of items, and keyed by index every
 * row element was made again (styled and laid out afresh); recycled, the elements stay and
 * only their text changes. An item never changes key while rendered, so a focused row keeps
 * its element (and focus). Pure; guarded by recycled-keys.test.ts.
 */
export type KeyAssignment = ReadonlyMap<number, number>;

export function recycleKeys(previous: KeyAssignment, indexes: readonly number[]): Map<number, number> {
  const next = new Map<number, number>();
  const taken = new Set<number>();
  for (const index of indexes) {
    const key = previous.get(index);
    if (key === undefined) continue;
    next.set(index, key);
    taken.add(key);
  }
  let free = 0;
  for (const index of indexes) {
    if (next.has(index)) continue;
    while (taken.has(free)) free++;
    next.set(index, free);
    taken.add(free);
  }
  return next;
}
