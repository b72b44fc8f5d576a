/**
 * A string-keyed map for run state that a batch updates a few keys of at a time (each node's
 * text tail, each node's cost), kept immutable like the rest of the state (replay restores old
 * states as they were) and cheap to update.
 *
 * Why: a record of every node copied per batch (`{...byNode}`) costs ~10 µs for 200 nodes, a
 * dictionary-mode object with every node as a key; per 64-frame batch that was more than a
 * tenth of some dialects' ingest (benchmark 1). Keys are spread over BUCKETS small arrays by
 * a hash of the key, each `[key0, value0, key1, value1, …]`: an update copies the bucket array
 * (32 references) and the buckets it touched (~7 pairs each for 200 keys), and reads scan one
 * short array of interned ids. Plain arrays, so a state stays JSON as it was.
 * Read with `bucketGet` / `bucketEntries`, never by indexing.
 */
export type BucketMap<V> = readonly (readonly (string | V)[] | undefined)[];

const BUCKETS = 32;

export const NO_BUCKETS: BucketMap<never> = [];

/** The value of `key`, or undefined when it has none. */
export function bucketGet<V>(map: BucketMap<V>, key: string): V | undefined {
  const bucket = map[bucketOf(key)];
  if (bucket === undefined) return undefined;
  for (let i = 0; i < bucket.length; i += 2) if (bucket[i] === key) return bucket[i + 1] as V;
  return undefined;
}

/** Every key and value, in no particular order (tests, diagnostics). */
export function bucketEntries<V>(map: BucketMap<V>): [string, V][] {
  const out: [string, V][] = [];
  for (const bucket of map) if (bucket) for (let i = 0; i < bucket.length; i += 2) out.push([bucket[i] as string, bucket[i + 1] as V]);
  return out;
}

/** `map` with each key of `entries` set to its value; copies only the buckets that change. */
export function withBucketEntries<V>(map: BucketMap<V>, entries: ReadonlyMap<string, V>): BucketMap<V> {
  const next: ((string | V)[] | undefined)[] = map.length === BUCKETS ? (map.slice() as (string | V)[][]) : Array.from({ length: BUCKETS }, (_, i) => map[i] as (string | V)[] | undefined);
  let copied = 0;
  for (const [key, value] of entries) {
    const index = bucketOf(key);
    const bit = 1 << index;
    if ((copied & bit) === 0) {
      next[index] = next[index]?.slice() ?? [];
      copied |= bit;
    }
    const bucket = next[index] as (string | V)[];
    let at = 0;
    while (at < bucket.length && bucket[at] !== key) at += 2;
    bucket[at] = key;
    bucket[at + 1] = value;
  }
  return next;
}

/** FNV-1a of the key, folded to a bucket: stable across sessions, spreads similar ids ("n001", "n002"). */
function bucketOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUCKETS;
}
