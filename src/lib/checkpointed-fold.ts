/**
 * A fold over an append-only list that keeps its state every `every` items, so folding the
 * list again after it grew, or a shorter or longer copy of it, starts from the nearest
 * state kept instead of the first item.
 *
 * Why: views sum every cost point of a run on each change (the waterfall by node, the
 * breakdown by model). A replay seek hands them another prefix of the same points, and a
 * live batch a copy with a few points more: a fold from the start cost 4.9 ms of each seek
 * in a million-frame replay (125k points), and grew with the run.
 *
 * How a kept state is found: by the item that ended it (a WeakMap, so states go with their
 * items). The lists folded here only ever grow by appending, and their copies share the item
 * objects, so the same item at the same index means the same items before it. A list whose
 * items are new objects (a replay that applied its frames again) simply finds no state, and
 * is folded from the start. Integer sums are exact in any order; the fold still adds items
 * in the same order as a fold from the start, so even float sums come out the same.
 */
export type Fold<I, S> = Readonly<{
  start: () => S;
  /** Adds one item to a state (in place). */
  add: (state: S, item: I) => void;
  /** A copy that `add` can change without changing the one kept. */
  copy: (state: S) => S;
}>;

type Kept<S> = { index: number; state: S };

export type CheckpointedFold<I extends object, S> = (items: readonly I[]) => S;

export function checkpointedFold<I extends object, S>(fold: Fold<I, S>, every = 2048): CheckpointedFold<I, S> {
  const kept = new WeakMap<I, Kept<S>>();
  const nearest = (items: readonly I[]): Kept<S> | undefined => {
    for (let end = Math.floor(items.length / every) * every; end > 0; end -= every) {
      const found = kept.get(items[end - 1] as I);
      if (found?.index === end - 1) return found;
    }
    return undefined;
  };
  return (items) => {
    const from = nearest(items);
    const state = from ? fold.copy(from.state) : fold.start();
    for (let i = from ? from.index + 1 : 0; i < items.length; i++) {
      const item = items[i] as I;
      fold.add(state, item);
      if ((i + 1) % every === 0) kept.set(item, { index: i, state: fold.copy(state) });
    }
    return state;
  };
}

/** A copy of a map of plain records, each record copied: the `copy` of a fold that sums into records by key. */
export function copyRecords<K, V extends object>(map: ReadonlyMap<K, V>): Map<K, V> {
  return new Map([...map].map(([key, record]) => [key, { ...record }]));
}
