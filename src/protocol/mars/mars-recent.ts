/**
 * What the socket showed lately, for the session that started a run and then lost its
 * socket. The REST answers it reads from then on (the console log, the history) begin at
 * the run's start: what the socket already showed must not be applied again, and what the
 * socket lost between the drop and the first answer must be. A bounded ring of recent
 * items (a console line's text, a tool call's or message's signature) decides:
 * - an item in the ring matches once (repeated lines count as often as they came);
 * - an item older than everything the ring let go of was seen (the ring's horizon);
 * - anything else is new.
 * Bounded so a long socket life costs a fixed amount of memory.
 */
const CAPACITY = 512;

export type Recent = {
  keys: (string | undefined)[];
  times: number[];
  next: number;
  counts: Map<string, number>;
  /** Server time of the newest item the ring let go of: anything at or before it counts as seen. */
  horizonMs: number;
};

export function createRecent(): Recent {
  return { keys: new Array<string | undefined>(CAPACITY), times: new Array<number>(CAPACITY).fill(0), next: 0, counts: new Map(), horizonMs: -Infinity };
}

export function noteRecent(recent: Recent, key: string, atMs: number | undefined): void {
  const slot = recent.next % CAPACITY;
  const evicted = recent.keys[slot];
  if (evicted !== undefined) {
    forget(recent, evicted);
    recent.horizonMs = Math.max(recent.horizonMs, recent.times[slot] ?? -Infinity);
  }
  recent.keys[slot] = key;
  recent.times[slot] = atMs ?? recent.horizonMs;
  recent.counts.set(key, (recent.counts.get(key) ?? 0) + 1);
  recent.next += 1;
}

/** True when the socket already showed this item (each noted item matches once). */
export function seenRecently(recent: Recent, key: string, atMs: number | undefined): boolean {
  if ((recent.counts.get(key) ?? 0) > 0) {
    forget(recent, key);
    return true;
  }
  return atMs !== undefined && atMs <= recent.horizonMs;
}

function forget(recent: Recent, key: string): void {
  const count = recent.counts.get(key) ?? 0;
  if (count <= 1) recent.counts.delete(key);
  else recent.counts.set(key, count - 1);
}
